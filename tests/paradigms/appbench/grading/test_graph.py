"""Dependency graphs: edges from the latest earlier producer, components and their sizes."""

from __future__ import annotations

from assistworld.paradigms.appbench.grading.graph import (
    category_statistics,
    dependency_graph,
    plan_shape,
)
from assistworld.paradigms.appbench.tasks.model import Argument, ArgumentKind, Call


def _call(api: str, returns: tuple[str, ...] = (), **variables: str) -> Call:
    arguments = {k: Argument(kind=ArgumentKind.VARIABLE, value=v) for k, v in variables.items()}
    return Call(app="A", api=api, arguments=arguments, returns=returns)


def test_edge_from_the_latest_earlier_producer_only() -> None:
    calls = [_call("one", ("x",)), _call("two", ("x",)), _call("three", (), a="x")]
    assert sorted(dependency_graph(calls).edges) == [(1, 2)]


def test_shape_counts_components_and_mean_size() -> None:
    calls = [_call("one", ("x",)), _call("two", (), a="x"), _call("three", ("y",))]
    shape = plan_shape(calls)
    assert (shape.para, shape.seq, shape.max_seq) == (2, 1.5, 2)
    assert shape.bucket() == "para 2 / seq 1.5"


def test_a_variable_nobody_returns_earlier_is_reported() -> None:
    shape = plan_shape([_call("one", (), a="later"), _call("two", ("later",))])
    assert shape.para == 2
    assert "'later'" in shape.unresolved[0]


def test_table_two_statistics() -> None:
    plans = [
        [_call("one", ("x",)), _call("two", (), a="x")],
        [_call("one", ("x",))],
    ]
    stats = category_statistics("sm", plans)
    assert (stats.samples, stats.apis, stats.max_seq, stats.max_para) == (2, 2, 2, 1)
    assert stats.mean_apis == 1.5
    assert stats.mean_seq == 1.5


def test_table_two_counts_an_api_name_two_apps_share_as_two_apis() -> None:
    media = _call("findmovies", ("movie_name",)).model_copy(update={"app": "Media"})
    movies = _call("findmovies", ("movie_name",)).model_copy(update={"app": "Movies"})
    stats = category_statistics("ss", [[media], [movies], [movies]])
    assert (stats.apps, stats.apis) == (2, 2)
