"""The DAG matcher: give every milestone a message index so that each milestone's index is at
least that of every milestone it comes after (so indices never decrease along some topological
order, and two milestones may share one), maximising the summed similarity.

A milestone's similarity at an index is ``base[m][i]`` times a 0/1 ``gate`` shared by the
*group* of milestones matched at that index, which may depend on the previous index any
milestone was matched to (the guardrails look back that far): ``gate(previous, index, group)``.

The search places milestones one at a time in non-decreasing index order (within one index in
a fixed topological order, so each assignment is built one way only). A search state is what
decides the rest: the milestones placed, the previous matched index, the current index and the
group open at it; a state reached again with less value is dropped. States are taken best
first by an optimistic bound (closed groups exactly, the open group and every unplaced
milestone at their best base from the current index on); the first complete assignment taken is
optimal. A node budget guards against pathological cases; reaching it returns the best
assignment found and says it may not be optimal.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

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
    frozenset[int],  # placed
    int,  # the previous matched index (-1: none)
    int,  # the current index
    tuple[int, ...],  # the group open at the current index
    tuple[tuple[int, int], ...],  # (node, index) so far
]


def best_assignment(
    graph: nx.DiGraph,
    base: np.ndarray,
    gate: Gate | None = None,
    *,
    order: Sequence[str] | None = None,
    budget: int = DEFAULT_BUDGET,
) -> Assignment:
    """The admissible assignment with the highest summed, gated similarity.

    ``base`` has one row per node, in ``order`` (default: ``list(graph.nodes)``), and one
    column per message index; it needs at least one column unless the graph is empty.
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
    scores = base[[position[n] for n in sequence]]
    predecessors = [frozenset(rank[p] for p in graph.predecessors(n)) for n in sequence]
    suffix_best = np.maximum.accumulate(scores[:, ::-1], axis=1)[:, ::-1]
    everyone = frozenset(range(len(sequence)))

    def group_value(previous: int, index: int, group: tuple[int, ...]) -> float:
        total = float(sum(scores[k, index] for k in group))
        names = frozenset(sequence[k] for k in group)
        if total > 0.0 and gate is not None and not gate(previous, index, names):
            return 0.0
        return total

    rests: dict[frozenset[int], np.ndarray] = {}

    def rest(placed: frozenset[int]) -> np.ndarray:
        """For each index, the most the unplaced nodes could add from that index on."""
        known = rests.get(placed)
        if known is None:
            open_rows = sorted(everyone - placed)
            known = suffix_best[open_rows].sum(axis=0) if open_rows else np.zeros(count)
            rests[placed] = known
        return known

    greedy = _greedy(scores, predecessors)
    best_total, best_indices = _evaluate(greedy, group_value), greedy
    counter = itertools.count()
    heap: list[_Node] = []
    seen: dict[tuple[frozenset[int], int, int, tuple[int, ...]], float] = {}

    def push(
        closed: float,
        placed: frozenset[int],
        previous: int,
        current: int,
        group: tuple[int, ...],
        indices: tuple[tuple[int, int], ...],
    ) -> None:
        value = closed + float(sum(scores[k, current] for k in group))
        optimistic = value + float(rest(placed)[current])
        if optimistic <= best_total + 1e-12:
            return  # cannot beat the best complete assignment found so far
        key = (placed, previous, current, group)
        if seen.get(key, -1.0) >= value:
            return  # the same state was reached with at least this much
        seen[key] = value
        entry = (-optimistic, -len(placed), next(counter), closed, placed, previous, current)
        heapq.heappush(heap, (*entry, group, indices))

    for k in range(len(sequence)):
        if not predecessors[k]:
            for index in range(count):
                push(0.0, frozenset({k}), -1, index, (k,), ((k, index),))
    expanded = 0
    while heap and expanded < budget:
        negative, _, _, closed, placed, previous, current, group, indices = heapq.heappop(heap)
        if -negative <= best_total + 1e-12:
            heap.clear()  # nothing left can beat the best found: it is optimal
            break
        expanded += 1
        if placed == everyone:
            total = closed + group_value(previous, current, group)
            if total > best_total:
                best_total, best_indices = total, indices
            continue
        closed_now = closed + group_value(previous, current, group)
        for k in everyone - placed:
            if not predecessors[k] <= placed:
                continue
            more = placed | {k}
            if k > max(group):  # join the open group (one order per group)
                push(closed, more, previous, current, (*group, k), (*indices, (k, current)))
            later = closed_now + scores[k, current + 1 :] + rest(more)[current + 1 :]
            for offset in np.nonzero(later > best_total + 1e-12)[0]:
                index = current + 1 + int(offset)
                push(closed_now, more, current, index, (k,), (*indices, (k, index)))
    exhausted = bool(heap)
    assignment = {sequence[k]: index for k, index in best_indices}
    return Assignment(assignment, best_total, optimal=not exhausted, expanded=expanded)


def _greedy(scores: np.ndarray, predecessors: list[frozenset[int]]) -> tuple[tuple[int, int], ...]:
    chosen: dict[int, int] = {}
    for k in range(len(predecessors)):
        low = max((chosen[p] for p in predecessors[k]), default=0)
        chosen[k] = low + int(np.argmax(scores[k, low:]))
    return tuple(chosen.items())


def _evaluate(
    indices: tuple[tuple[int, int], ...],
    group_value: Callable[[int, int, tuple[int, ...]], float],
) -> float:
    groups: dict[int, list[int]] = {}
    for k, index in indices:
        groups.setdefault(index, []).append(k)
    total, previous = 0.0, -1
    for index in sorted(groups):
        total += group_value(previous, index, tuple(sorted(groups[index])))
        previous = index
    return total
