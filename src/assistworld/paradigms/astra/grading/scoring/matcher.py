"""The DAG matcher: give every milestone a message index so that each milestone's index is at
least that of every milestone it comes after (so indices never decrease along some topological
order, and two milestones may share one), maximising the summed similarity.

A milestone's similarity at an index is ``base[m][i]`` times a 0/1 ``gate`` shared by the
*group* of milestones matched at that index, which may depend on the previous index any
milestone was matched to (the guardrails look back that far): ``gate(previous, index, group)``.

Evidence in order: ``evidence[m][i]`` is the earliest message the milestone's evidence at ``i``
comes from (a text, a tool call; ``i`` or more for the world as it stands at ``i``). The
milestone scores ``base[m][i]`` only if that evidence is at or after the index of every
milestone it comes after; otherwise it scores 0 there (a reply that claims a send made later
does not count for a milestone after the send).

The search places milestones one at a time in non-decreasing index order (within one index in
a fixed topological order, so each assignment is built one way only). A search state is what
decides the rest: the milestones placed, the previous matched index, the current index, the
group open at it (and which of its members add to it) and, for each unplaced milestone whose
evidence can predate its index, the latest index among its placed predecessors (the bound its
evidence must meet); a state reached again with less value is dropped. States are taken best
first by an optimistic bound (closed groups exactly, the open group and every unplaced
milestone at their best base from the current index on: the evidence rule only lowers scores);
the first complete assignment taken is optimal. A node budget guards against pathological
cases; reaching it returns the best assignment found and says it may not be optimal.
"""

from __future__ import annotations

import bisect
import heapq
import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import networkx as nx
import numpy as np

DEFAULT_BUDGET = 50_000

Gate = Callable[[int, int, frozenset[str]], bool]
"""``gate(previous index or -1, index, names matched at index)``: may that group score?"""


@dataclass(frozen=True)
class Assignment:
    indices: dict[str, int]
    total: float
    optimal: bool = True
    expanded: int = 0


_Node = tuple[
    float,  # minus the optimistic total: the heap's order
    int,  # minus the number placed: deeper first among equals
    int,  # a counter: ties never compare further
    float,  # the value of the closed groups
    float,  # the value of the open group before its gate
    frozenset[int],  # placed
    int,  # the previous matched index (-1: none)
    int,  # the current index
    tuple[int, ...],  # the group open at the current index
    tuple[bool, ...],  # for each member of the open group: does it add (evidence in order)?
    tuple[tuple[int, int], ...],  # (node, index) so far
    tuple[int, ...],  # for each node, the latest index among its placed predecessors (-1: none)
]


def best_assignment(
    graph: nx.DiGraph,
    base: np.ndarray,
    gate: Gate | None = None,
    *,
    order: Sequence[str] | None = None,
    budget: int = DEFAULT_BUDGET,
    evidence: np.ndarray | None = None,
) -> Assignment:
    """The admissible assignment with the highest summed, gated similarity.

    ``base`` has one row per node, in ``order`` (default: ``list(graph.nodes)``), and one
    column per message index; it needs at least one column unless the graph is empty.
    ``evidence`` (integers, shaped like ``base``; default: every node's evidence at ``i`` is
    ``i``) is where each node's evidence at each index comes from.
    """
    nodes = list(order if order is not None else graph.nodes)
    if not nodes:
        return Assignment({}, 0.0)
    count = base.shape[1]
    if count == 0:
        raise ValueError("there is no message to match a milestone to")
    position = {node: row for row, node in enumerate(nodes)}
    sequence = list(nx.lexicographical_topological_sort(graph, key=position.__getitem__))
    rank = {node: k for k, node in enumerate(sequence)}
    rows = [position[n] for n in sequence]
    scores = base[rows]
    if evidence is None:
        earliest = np.tile(np.arange(count), (len(sequence), 1))
    else:
        if evidence.shape != base.shape:
            raise ValueError(
                f"evidence is shaped {evidence.shape}, base {base.shape}: make them agree"
            )
        earliest = evidence[rows]
    predecessors = [frozenset(rank[p] for p in graph.predecessors(n)) for n in sequence]
    successors = [tuple(rank[s] for s in graph.successors(n)) for n in sequence]
    # the nodes whose evidence can come from before their own index: only their bound matters
    early = [
        k
        for k in range(len(sequence))
        if bool(np.any((earliest[k] < np.arange(count)) & (scores[k] > 0)))
    ]
    early_set = frozenset(early)

    def effective(k: int, low: int) -> np.ndarray:
        """Node ``k``'s scores at every index when its predecessors' latest index is ``low``."""
        return np.where(earliest[k] >= low, scores[k], 0.0)

    suffix_best = np.maximum.accumulate(scores[:, ::-1], axis=1)[:, ::-1]
    everyone = frozenset(range(len(sequence)))

    def group_value(previous: int, index: int, group: tuple[int, ...], total: float) -> float:
        """The open group's ``total`` after its gate."""
        names = frozenset(sequence[k] for k in group)
        if total > 0.0 and gate is not None and not gate(previous, index, names):
            return 0.0
        return total

    def low_of(k: int, at: dict[int, int]) -> int:
        return max((at[p] for p in predecessors[k]), default=-1)

    # the evidence values that can decide a bound: two bounds between the same two of them
    # admit the same indices
    cuts = {k: sorted({int(e) for e in earliest[k][scores[k] > 0]}) for k in early}

    def bounds(placed: frozenset[int], lows: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
        """What the rest of the search depends on besides the state: for each unplaced node
        whose evidence can predate its index and whose predecessors are all placed, where
        their latest index falls among its evidence values (a node with a predecessor still
        to place gets its bound from that one, at or after the current index)."""
        return tuple(
            (k, bisect.bisect_left(cuts[k], lows[k]))
            for k in early
            if k not in placed and predecessors[k] <= placed
        )

    def placing(lows: tuple[int, ...], k: int, index: int) -> tuple[int, ...]:
        """``lows`` once ``k`` is placed at ``index`` (at or after every node placed so far)."""
        if not successors[k]:
            return lows
        changed = list(lows)
        for s in successors[k]:
            changed[s] = index
        return tuple(changed)

    rests: dict[frozenset[int], np.ndarray] = {}

    def rest(placed: frozenset[int]) -> np.ndarray:
        """For each index, the most the unplaced nodes could add from that index on."""
        known = rests.get(placed)
        if known is None:
            open_rows = sorted(everyone - placed)
            known = suffix_best[open_rows].sum(axis=0) if open_rows else np.zeros(count)
            rests[placed] = known
        return known

    def value_of(k: int, index: int, at: dict[int, int]) -> float:
        return float(scores[k, index]) if earliest[k, index] >= low_of(k, at) else 0.0

    greedy = _greedy(scores, predecessors, effective)
    best_total, best_indices = _evaluate(greedy, value_of, group_value), greedy
    counter = itertools.count()
    heap: list[_Node] = []
    _Key = tuple[Any, ...]
    seen: dict[_Key, float] = {}

    def push(
        closed: float,
        open_value: float,
        placed: frozenset[int],
        previous: int,
        current: int,
        group: tuple[int, ...],
        passed: tuple[bool, ...],
        indices: tuple[tuple[int, int], ...],
        lows: tuple[int, ...],
    ) -> None:
        value = closed + open_value
        optimistic = value + float(rest(placed)[current])
        if optimistic <= best_total + 1e-12:
            return  # cannot beat the best complete assignment found so far
        key = (placed, previous, current, group, passed, bounds(placed, lows))
        if seen.get(key, -1.0) >= value:
            return  # the same state was reached with at least this much
        seen[key] = value
        entry = (-optimistic, -len(placed), next(counter), closed, open_value, placed, previous)
        heapq.heappush(heap, (*entry, current, group, passed, indices, lows))

    nobody = (-1,) * len(sequence)
    for k in range(len(sequence)):
        if not predecessors[k]:
            for index in range(count):
                score = float(scores[k, index])
                lows = placing(nobody, k, index)
                push(0.0, score, frozenset({k}), -1, index, (k,), (True,), ((k, index),), lows)
    expanded = 0
    while heap and expanded < budget:
        node = heapq.heappop(heap)
        negative, _, _, closed, open_value, placed, previous, current = node[:8]
        group, passed, indices, lows = node[8:]
        if -negative <= best_total + 1e-12:
            heap.clear()  # nothing left can beat the best found: it is optimal
            break
        expanded += 1
        closed_now = closed + group_value(previous, current, group, open_value)
        if placed == everyone:
            if closed_now > best_total:
                best_total, best_indices = closed_now, indices
            continue
        for k in everyone - placed:
            if not predecessors[k] <= placed:
                continue
            more = placed | {k}
            row = effective(k, lows[k]) if k in early_set else scores[k]
            if k > max(group):  # join the open group (one order per group)
                joined = open_value + float(row[current])
                ok = bool(row[current] > 0.0)
                members, flags = (*group, k), (*passed, ok)
                push(
                    closed,
                    joined,
                    more,
                    previous,
                    current,
                    members,
                    flags,
                    (*indices, (k, current)),
                    placing(lows, k, current),
                )
            later = closed_now + row[current + 1 :] + rest(more)[current + 1 :]
            for offset in np.nonzero(later > best_total + 1e-12)[0]:
                index = current + 1 + int(offset)
                score = float(row[index])
                ok = score > 0.0
                pair = (*indices, (k, index))
                after = placing(lows, k, index)
                push(closed_now, score, more, current, index, (k,), (ok,), pair, after)
    exhausted = bool(heap)
    assignment = {sequence[k]: index for k, index in best_indices}
    return Assignment(assignment, best_total, optimal=not exhausted, expanded=expanded)


def _greedy(
    scores: np.ndarray,
    predecessors: list[frozenset[int]],
    effective: Callable[[int, int], np.ndarray],
) -> tuple[tuple[int, int], ...]:
    """Each node in topological order at its best index from its predecessors' latest on."""
    chosen: dict[int, int] = {}
    for k in range(len(predecessors)):
        latest = max((chosen[p] for p in predecessors[k]), default=-1)
        low = max(latest, 0)
        chosen[k] = low + int(np.argmax(effective(k, latest)[low:]))
    return tuple(chosen.items())


def _evaluate(
    indices: tuple[tuple[int, int], ...],
    value_of: Callable[[int, int, dict[int, int]], float],
    group_value: Callable[[int, int, tuple[int, ...], float], float],
) -> float:
    """The gated total of a complete assignment."""
    at = dict(indices)
    groups: dict[int, list[int]] = {}
    for k, index in indices:
        groups.setdefault(index, []).append(k)
    total, previous = 0.0, -1
    for index in sorted(groups):
        members = tuple(sorted(groups[index]))
        gained = sum(value_of(k, index, at) for k in members)
        total += group_value(previous, index, members, gained)
        previous = index
    return total
