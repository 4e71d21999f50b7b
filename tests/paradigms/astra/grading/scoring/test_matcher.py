"""The DAG matcher finds the same optimum as trying every admissible assignment."""

from __future__ import annotations

import itertools
import random

import networkx as nx
import numpy as np
import pytest

from assistworld.paradigms.astra.grading.scoring.matcher import Gate, best_assignment


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


def _random_gate(salt: int) -> Gate:
    """A gate that, like the guardrails, depends on the previous index and the group."""

    def gate(previous: int, index: int, group: frozenset[str]) -> bool:
        return random.Random(f"{salt}/{previous}/{index}/{sorted(group)}").random() > 0.3

    return gate


def _value(
    base: np.ndarray, nodes: list[str], gate: Gate | None, assignment: dict[str, int]
) -> float:
    """The gated total of an assignment, computed directly from its groups."""
    total, previous = 0.0, -1
    for index in sorted(set(assignment.values())):
        group = frozenset(n for n, i in assignment.items() if i == index)
        gained = sum(float(base[nodes.index(n), index]) for n in group)
        if gate is None or gate(previous, index, group):
            total += gained
        previous = index
    return total


@pytest.mark.parametrize("seed", range(60))
def test_best_first_search_matches_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    graph = _random_dag(rng, rng.randint(1, 5))
    count = rng.randint(1, 5)
    nodes = list(graph.nodes)
    # Ties and zeros are common in real scores: draw from a few values.
    base = np.array([[rng.choice([0.0, 0.0, 0.25, 0.5, 1.0]) for _ in range(count)] for _ in nodes])
    for gate in (None, _random_gate(seed)):
        found = best_assignment(graph, base, gate, order=nodes)
        best = max(_value(base, nodes, gate, a) for a in _admissible(graph, count))
        assert found.optimal
        assert found.total == pytest.approx(best)
        assert _value(base, nodes, gate, found.indices) == pytest.approx(found.total)
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


def test_a_spent_budget_returns_an_admissible_assignment_marked_not_optimal() -> None:
    graph = nx.DiGraph([("a", "b"), ("a", "c"), ("c", "d")])
    nodes = ["a", "b", "c", "d"]
    for seed in range(100):  # a case the greedy start does not already solve
        rng = random.Random(seed)
        base = np.array([[rng.choice([0.0, 0.5, 1.0]) for _ in range(6)] for _ in nodes])
        if best_assignment(graph, base, _random_gate(seed), order=nodes).expanded > 1:
            break
    found = best_assignment(graph, base, _random_gate(seed), order=nodes, budget=1)
    assert not found.optimal and found.expanded == 1
    assert all(found.indices[x] <= found.indices[y] for x, y in graph.edges)
    assert found.total == pytest.approx(_value(base, nodes, _random_gate(seed), found.indices))
