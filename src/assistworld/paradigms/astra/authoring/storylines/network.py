"""The social network as a weighted, directed multigraph (networkx ``MultiDiGraph``).

Nodes are ``"me"`` (the protagonist) and each person's id. Every tie of a person gives two
edges, ``me -> person`` (weight: contacts per quarter the protagonist starts) and
``person -> me`` (``weight_in``), both labelled with the relationship; someone who is both a
colleague and a friend has two edges each way. Who takes part in an event is drawn from the
edges whose label fits the routine, in proportion to their weights.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from typing import Any

import networkx as nx

from assistworld.paradigms.astra.authoring.storylines.biography import ProtagonistProfile

ME = "me"
QUARTER_DAYS = 91.0
"""Days in a quarter: weights are expected contacts per quarter."""


def social_graph(profile: ProtagonistProfile) -> Any:
    """The protagonist's network (an ``nx.MultiDiGraph``; node attribute ``name``, edge
    attributes ``label`` and ``weight``)."""
    graph = nx.MultiDiGraph()
    graph.add_node(ME, name=profile.biography.name)
    for person in profile.people:
        graph.add_node(person.id, name=person.name)
        for tie in person.ties:
            weight_in = tie.weight if tie.weight_in is None else tie.weight_in
            graph.add_edge(ME, person.id, key=tie.label, label=tie.label, weight=tie.weight)
            graph.add_edge(person.id, ME, key=tie.label, label=tie.label, weight=weight_in)
    return graph


def outgoing_weights(
    graph: Any, labels: Collection[str], *, incoming: bool = False
) -> dict[str, float]:
    """Each person's summed weight over edges with one of ``labels`` (edges from the
    protagonist, or towards them with ``incoming``); people with no such edge are left out."""
    weights: dict[str, float] = {}
    edges = graph.in_edges(ME, data=True) if incoming else graph.out_edges(ME, data=True)
    for source, target, data in edges:
        if data["label"] in labels and data["weight"] > 0:
            person = source if incoming else target
            weights[person] = weights.get(person, 0.0) + float(data["weight"])
    return dict(sorted(weights.items()))


def labels_of(graph: Any, person: str) -> list[str]:
    """The relationship labels between the protagonist and ``person``, sorted."""
    data = graph.get_edge_data(ME, person) or {}
    return sorted(edge["label"] for edge in data.values())


def daily_rate(graph: Any, labels: Collection[str], *, incoming: bool = False) -> float:
    """Expected contacts per day with people of these labels (the weights over a quarter)."""
    return sum(outgoing_weights(graph, labels, incoming=incoming).values()) / QUARTER_DAYS


def draw_people(
    graph: Any,
    rng: random.Random,
    labels: Collection[str],
    count: int,
    *,
    incoming: bool = False,
    exclude: Sequence[str] = (),
) -> list[str]:
    """Up to ``count`` different people, each drawn in proportion to their weight on the
    edges of ``labels`` (without replacement)."""
    weights = {
        person: weight
        for person, weight in outgoing_weights(graph, labels, incoming=incoming).items()
        if person not in exclude
    }
    chosen: list[str] = []
    while weights and len(chosen) < count:
        people = list(weights)
        person = rng.choices(people, weights=[weights[p] for p in people])[0]
        chosen.append(person)
        del weights[person]
    return chosen
