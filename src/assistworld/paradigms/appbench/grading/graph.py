"""The dependency graph of a plan, its shape, and the paper's Table 2 statistics.

One node per call; an edge from the *latest earlier* call that returns a variable a call uses.
The connected components are what can run in parallel (``para``: how many there are); the calls
inside one component run one after another (``seq``: a component's size). Per task the paper
reports the number of components and the mean component size; Table 2 gives, per category, the
mean and the maximum of both.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from statistics import mean

import networkx as nx
from pydantic import BaseModel

from assistworld.paradigms.appbench.tasks.model import Call


class PlanShape(BaseModel):
    """The graph shape of one plan."""

    para: int
    """Connected components (calls that can run in parallel)."""
    seq: float
    """Mean component size (1.0 means no call waits for another)."""
    max_seq: int
    """The largest component."""
    unresolved: list[str] = []
    """``"call N uses X"`` for every variable no earlier call returns."""

    def bucket(self) -> str:
        """The (para, seq) cell of the paper's Figure 4, e.g. ``"para 2 / seq 1.5"``."""
        return f"para {self.para} / seq {self.seq:g}"


def dependency_graph(calls: Sequence[Call]) -> nx.DiGraph:
    """Nodes 0..n-1 (the calls, in plan order), with an edge from the latest earlier call that
    returns each variable a call uses. Edge attribute ``variables``: the names carried."""
    graph = nx.DiGraph()
    graph.add_nodes_from(range(len(calls)))
    for index, call in enumerate(calls):
        for variable in call.variables_used():
            source = latest_producer(calls, index, variable)
            if source is None:
                continue
            if graph.has_edge(source, index):
                graph.edges[source, index]["variables"].append(variable)
            else:
                graph.add_edge(source, index, variables=[variable])
    return graph


def latest_producer(calls: Sequence[Call], before: int, variable: str) -> int | None:
    """The index of the latest call before ``before`` that returns ``variable`` (None if none)."""
    for index in range(min(before, len(calls)) - 1, -1, -1):
        if variable in calls[index].returns:
            return index
    return None


def plan_shape(calls: Sequence[Call], graph: nx.DiGraph | None = None) -> PlanShape:
    """The shape of a plan (an empty plan has no component: para 0, seq 0); ``graph`` is its
    :func:`dependency_graph` when the caller has it already."""
    graph = dependency_graph(calls) if graph is None else graph
    sizes = [len(component) for component in nx.weakly_connected_components(graph)]
    unresolved = [
        f"call {index + 1} ({call.api}) uses {variable!r}, which no earlier call returns"
        for index, call in enumerate(calls)
        for variable in call.variables_used()
        if latest_producer(calls, index, variable) is None
    ]
    return PlanShape(
        para=len(sizes),
        seq=round(mean(sizes), 2) if sizes else 0.0,
        max_seq=max(sizes, default=0),
        unresolved=unresolved,
    )


class CategoryStatistics(BaseModel):
    """One column of the paper's Table 2."""

    category: str
    samples: int
    apps: int
    apis: int
    mean_apps: float
    mean_apis: float
    mean_arguments: float
    max_seq: int
    max_para: int
    mean_seq: float
    mean_para: float


def category_statistics(category: str, plans: Iterable[Sequence[Call]]) -> CategoryStatistics:
    """Table 2 statistics of one category's gold plans."""
    items = [list(plan) for plan in plans]
    shapes = [plan_shape(plan) for plan in items]
    apps = {call.app.lower() for plan in items for call in plan}
    # an API is an app's: Media's findmovies and Movies' findmovies are two APIs
    apis = {(call.app.lower(), call.api.lower()) for plan in items for call in plan}
    arguments = [len(call.arguments) for plan in items for call in plan]
    return CategoryStatistics(
        category=category,
        samples=len(items),
        apps=len(apps),
        apis=len(apis),
        mean_apps=_mean(len({call.app.lower() for call in plan}) for plan in items),
        mean_apis=_mean(len(plan) for plan in items),
        mean_arguments=_mean(arguments),
        max_seq=max((shape.max_seq for shape in shapes), default=0),
        max_para=max((shape.para for shape in shapes), default=0),
        mean_seq=_mean(shape.seq for shape in shapes),
        mean_para=_mean(shape.para for shape in shapes),
    )


def _mean(values: Iterable[float]) -> float:
    items = list(values)
    return round(mean(items), 2) if items else 0.0
