"""The DAG matcher: give every milestone a message index so that each milestone's index is at
least that of every milestone it comes after (so indices never decrease along some topological
order, and two milestones may share one), maximising the summed similarity.

The similarity of a milestone at an index may depend on where the others went (its guardrail
looks back to the previous matched milestone), so the search takes two things: ``base[m][i]``,
the milestone's similarity at ``i`` before any such dependence, and ``value(indices)``, the
exact total of a complete assignment, which must never exceed the sum of the bases. It is a
best-first search over milestones in a fixed topological order: a partial assignment is bounded
by its bases plus, for each milestone still open, its best base at or after the indices its
assigned predecessors force; complete assignments are evaluated exactly, and the best one found
prunes every node whose bound cannot beat it. The first complete assignment taken from the
queue is optimal. A node budget guards against pathological cases; reaching it returns the best
assignment found and says it may not be optimal.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import networkx as nx
import numpy as np

DEFAULT_BUDGET = 200_000


@dataclass(frozen=True)
class Assignment:
    indices: dict[str, int]
    total: float
    optimal: bool = True
    expanded: int = 0


def best_assignment(
    graph: nx.DiGraph,
    base: np.ndarray,
    value: Callable[[dict[str, int]], float] | None = None,
    *,
    order: Sequence[str] | None = None,
    budget: int = DEFAULT_BUDGET,
) -> Assignment:
    """The admissible assignment with the highest ``value`` (default: the sum of bases).

    ``base`` has one row per node, in ``order`` (default: ``list(graph.nodes)``), and one
    column per message index; it needs at least one column unless the graph is empty.
    """
    nodes = list(order if order is not None else graph.nodes)
    if not nodes:
        return Assignment({}, 0.0)
    position = {node: row for row, node in enumerate(nodes)}
    count = base.shape[1]
    if count == 0:
        raise ValueError("there is no message to match a milestone to")

    def summed(indices: dict[str, int]) -> float:
        return float(sum(base[position[n], i] for n, i in indices.items()))

    evaluate = value or summed
    sequence = list(nx.lexicographical_topological_sort(graph, key=position.__getitem__))
    rows = [position[n] for n in sequence]
    predecessors = [[sequence.index(p) for p in graph.predecessors(n)] for n in sequence]
    suffix_best = np.maximum.accumulate(base[rows][:, ::-1], axis=1)[:, ::-1]
    optimistic_rest = _rest_bounds(suffix_best)

    def complete(partial: tuple[int, ...]) -> dict[str, int]:
        return {sequence[k]: index for k, index in enumerate(partial)}

    greedy: list[int] = []
    for k in range(len(sequence)):
        low = max((greedy[p] for p in predecessors[k]), default=0)
        greedy.append(low + int(np.argmax(base[rows[k], low:])))
    best_partial, best_total = tuple(greedy), evaluate(complete(tuple(greedy)))

    counter = itertools.count()
    heap: list[tuple[float, int, int, float, tuple[int, ...]]] = [
        (-optimistic_rest[0], 0, next(counter), 0.0, ())
    ]
    expanded = 0
    while heap:
        negative_bound, _, _, gained, partial = heapq.heappop(heap)
        if -negative_bound <= best_total + 1e-12:
            break
        if expanded >= budget:
            return Assignment(complete(best_partial), best_total, optimal=False, expanded=expanded)
        expanded += 1
        k = len(partial)
        low = max((partial[p] for p in predecessors[k]), default=0)
        for index in range(low, count):
            score = gained + float(base[rows[k], index])
            child = (*partial, index)
            if k + 1 == len(sequence):
                if score > best_total + 1e-12:
                    total = evaluate(complete(child))
                    if total > best_total:
                        best_partial, best_total = child, total
                continue
            bound = score + _open_bound(suffix_best, predecessors, child, k + 1)
            if bound > best_total + 1e-12:
                heapq.heappush(heap, (-bound, -(k + 1), next(counter), score, child))
    return Assignment(complete(best_partial), best_total, expanded=expanded)


def _rest_bounds(suffix_best: np.ndarray) -> list[float]:
    """For each position, the sum of the best bases of it and every later node (no constraint)."""
    best = suffix_best[:, 0] if suffix_best.size else np.zeros(0)
    totals = np.concatenate([np.cumsum(best[::-1])[::-1], [0.0]])
    return [float(t) for t in totals]


def _open_bound(
    suffix_best: np.ndarray, predecessors: list[list[int]], partial: tuple[int, ...], start: int
) -> float:
    """The best the open nodes can still add: each at or after its assigned predecessors."""
    total = 0.0
    for k in range(start, len(predecessors)):
        low = max((partial[p] for p in predecessors[k] if p < start), default=0)
        total += float(suffix_best[k, low])
    return total
