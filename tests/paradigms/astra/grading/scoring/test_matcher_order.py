"""Evidence in order, in the matcher: on random small DAGs, scores, evidence and gates, the search
finds the best total that trying every order-respecting assignment finds."""

from __future__ import annotations

import itertools
import random

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from assistworld.paradigms.astra.grading.scoring.matcher import Gate, best_assignment


@st.composite
def _cases(draw: st.DrawFn) -> tuple[nx.DiGraph, np.ndarray, np.ndarray, int]:
    size = draw(st.integers(1, 5))
    count = draw(st.integers(1, 4))
    names = draw(st.permutations([f"m{k}" for k in range(size)]))
    graph = nx.DiGraph()
    graph.add_nodes_from(sorted(names))
    for low, high in itertools.combinations(range(size), 2):
        if draw(st.booleans()):
            graph.add_edge(names[low], names[high])
    levels = st.sampled_from([0.0, 0.0, 0.25, 0.5, 1.0])
    base = np.array([[draw(levels) for _ in range(count)] for _ in range(size)])
    # evidence at i: a message at or before i, none (-1), or the world only (count)
    evidence = np.array(
        [
            [draw(st.one_of(st.integers(-1, i), st.just(count))) for i in range(count)]
            for _ in range(size)
        ]
    )
    return graph, base, evidence, draw(st.integers(0, 2**16))


def _gate(salt: int) -> Gate:
    def gate(previous: int, index: int, group: frozenset[str]) -> bool:
        return random.Random(f"{salt}/{previous}/{index}/{sorted(group)}").random() > 0.3

    return gate


def _exhaustive(
    graph: nx.DiGraph, base: np.ndarray, evidence: np.ndarray, gate: Gate | None
) -> float:
    """The best gated total over every assignment that keeps the DAG's order, each milestone
    scoring only where its evidence is at or after all its predecessors' indices."""
    nodes = list(graph.nodes)
    count = base.shape[1]
    best = 0.0
    for indices in itertools.product(range(count), repeat=len(nodes)):
        at = dict(zip(nodes, indices, strict=True))
        if any(at[a] > at[b] for a, b in graph.edges):
            continue
        total, previous = 0.0, -1
        for index in sorted(set(indices)):
            group = frozenset(n for n in nodes if at[n] == index)
            gained = 0.0
            for n in group:
                low = max((at[p] for p in graph.predecessors(n)), default=-1)
                row = nodes.index(n)
                if evidence[row, index] >= low:
                    gained += float(base[row, index])
            if gate is None or gate(previous, index, group):
                total += gained
            previous = index
        best = max(best, total)
    return best


@settings(max_examples=300, deadline=None)
@given(_cases())
def test_the_search_equals_an_exhaustive_search_under_the_evidence_rule(
    case: tuple[nx.DiGraph, np.ndarray, np.ndarray, int],
) -> None:
    graph, base, evidence, salt = case
    nodes = list(graph.nodes)
    for gate in (None, _gate(salt)):
        found = best_assignment(graph, base, gate, order=nodes, evidence=evidence)
        assert found.optimal
        assert found.total == pytest.approx(_exhaustive(graph, base, evidence, gate))
        assert all(found.indices[a] <= found.indices[b] for a, b in graph.edges)


def test_evidence_from_before_a_predecessor_does_not_count() -> None:
    # "reported" says it is done at 0; the send it comes after happens at 1
    graph = nx.DiGraph([("sent", "reported")])
    base = np.array([[0.0, 1.0, 1.0], [1.0, 1.0, 1.0]])
    evidence = np.array([[3, 3, 3], [0, 0, 0]])  # the send is world state; the text is message 0
    found = best_assignment(graph, base, order=["sent", "reported"], evidence=evidence)
    assert found.total == 1.0
    without = best_assignment(graph, base, order=["sent", "reported"])
    assert without.total == 2.0  # the old reading: the latest text at or before the index


def test_evidence_shaped_unlike_the_scores_is_refused() -> None:
    graph = nx.DiGraph()
    graph.add_node("a")
    with pytest.raises(ValueError, match="evidence is shaped"):
        best_assignment(graph, np.ones((1, 2)), evidence=np.zeros((1, 3), dtype=int))


def test_states_that_differ_only_in_a_predecessors_index_are_kept_apart() -> None:
    # Y@0, A@1 scores more so far than A@0, Y@1, but only A@0 lets B use its text of message 0
    graph = nx.DiGraph([("A", "B")])
    graph.add_nodes_from(["Y", "X"])
    order = ["A", "Y", "X", "B"]
    base = np.array(
        [[0.6, 1.0, 0.0, 0.0], [1.0, 0.6, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0], [0.0, 0.0, 0.0, 1.0]]
    )
    evidence = np.array([[4] * 4, [4] * 4, [4] * 4, [-1, -1, -1, 0]])

    def apart(previous: int, index: int, group: frozenset[str]) -> bool:
        return group != {"A", "Y"}

    found = best_assignment(graph, base, apart, order=order, evidence=evidence)
    assert found.total == pytest.approx(3.2)
    assert found.indices == {"A": 0, "Y": 1, "X": 2, "B": 3}
