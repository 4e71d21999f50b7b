"""The DAG matcher finds the same optimum as trying every admissible assignment."""

from __future__ import annotations

import itertools
import random

import networkx as nx
import numpy as np
import pytest

from assistworld.paradigms.astra.scoring.matcher import best_assignment


def _random_dag(rng: random.Random, size: int) -> nx.DiGraph:
    graph = nx.DiGraph()
    names = [f"m{k}" for k in range(size)]
    rng.shuffle(names)  # node order is not a topological order
    graph.add_nodes_from(sorted(names))
    for low, high in itertools.combinations(range(size), 2):
        if rng.random() < 0.35:
            graph.add_edge(names[low], names[high])
    return graph


def _admissible(graph: nx.DiGraph, count: int) -> list[dict[str, int]]:
    nodes = list(graph.nodes)
    found = []
    for indices in itertools.product(range(count), repeat=len(nodes)):
        assignment = dict(zip(nodes, indices, strict=True))
        if all(assignment[a] <= assignment[b] for a, b in graph.edges):
            found.append(assignment)
    return found


def _gated_value(base: np.ndarray, nodes: list[str], salt: int):  # type: ignore[no-untyped-def]
    """A value that, like the guardrails, zeroes some nodes depending on where the others went."""
    row = {node: r for r, node in enumerate(nodes)}

    def value(indices: dict[str, int]) -> float:
        total = 0.0
        for node, index in indices.items():
            previous = max((i for i in indices.values() if i < index), default=-1)
            sharing = sorted(n for n, i in indices.items() if i == index)
            gate = random.Random(f"{salt}/{node}/{index}/{previous}/{sharing}").random() > 0.3
            total += float(base[row[node], index]) * gate
        return total

    return value


@pytest.mark.parametrize("seed", range(60))
def test_best_first_search_matches_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    graph = _random_dag(rng, rng.randint(1, 5))
    count = rng.randint(1, 5)
    nodes = list(graph.nodes)
    # Ties and zeros are common in real scores: draw from a few values.
    base = np.array([[rng.choice([0.0, 0.0, 0.25, 0.5, 1.0]) for _ in range(count)] for _ in nodes])
    for value in (None, _gated_value(base, nodes, seed)):
        found = best_assignment(graph, base, value, order=nodes)
        evaluate = value or (lambda a: sum(float(base[nodes.index(n), i]) for n, i in a.items()))
        best = max(evaluate(a) for a in _admissible(graph, count))
        assert found.optimal
        assert found.total == pytest.approx(best)
        assert evaluate(found.indices) == pytest.approx(found.total)
        assert all(found.indices[a] <= found.indices[b] for a, b in graph.edges)


def test_two_milestones_may_share_an_index_and_order_is_kept() -> None:
    graph = nx.DiGraph([("first", "second")])
    base = np.array([[0.0, 0.0, 1.0], [1.0, 0.0, 1.0]])  # "second" scores early too
    found = best_assignment(graph, base, order=["first", "second"])
    assert found.indices == {"first": 2, "second": 2} and found.total == 2.0


def test_a_later_milestone_cannot_be_matched_before_its_predecessor() -> None:
    graph = nx.DiGraph([("first", "second")])
    base = np.array([[0.0, 1.0], [1.0, 0.0]])
    found = best_assignment(graph, base, order=["first", "second"])
    assert found.total == 1.0
    assert found.indices["first"] <= found.indices["second"]
