"""Composing tasks: each category's shape, reproducibility, and the dependency components."""

from __future__ import annotations

from collections import Counter

import pytest

from assistworld.paradigms.appbench.authoring.compose import component_sizes, make_task
from assistworld.paradigms.appbench.grading.execution import execute_plan
from assistworld.paradigms.appbench.tasks.model import Argument, ArgumentKind, Call, Category


@pytest.mark.parametrize("category", list(Category))
def test_a_slot_always_gives_the_same_task(category: Category) -> None:
    first = make_task(category, 7, set())
    again = make_task(category, 7, set())
    assert first.model_dump_json() == again.model_dump_json()
    assert first.query_id == f"{category.value}-7"


@pytest.mark.parametrize("category", list(Category))
def test_tasks_have_their_categorys_shape_and_run(category: Category) -> None:
    for index in range(3):
        task = make_task(category, 100 + index, set())
        apps = Counter(call.app for call in task.calls)
        apis = {(call.app, call.api) for call in task.calls}
        if category is Category.SS:
            assert len(task.calls) == 1
        elif category is Category.SM:
            assert len(apps) == 1 and len(apis) >= 2
        elif category is Category.MS:
            assert len(apps) >= 2 and set(apps.values()) == {1}
        else:
            assert len(apps) >= 2 and max(apps.values()) >= 2
        assert execute_plan(task, task.calls).success
        assert not execute_plan(task, []).success
        assert task.goal is not None and (task.goal.rows or task.goal.answers)


def test_a_query_already_asked_is_not_asked_again() -> None:
    first = make_task(Category.SS, 3, set())
    other = make_task(Category.SS, 3, {first.query})
    assert other.query != first.query


def _call(api: str, uses: tuple[str, ...] = (), returns: tuple[str, ...] = ()) -> Call:
    arguments = {name: Argument(kind=ArgumentKind.VARIABLE, value=name) for name in uses}
    return Call(app="Weather", api=api, arguments=arguments, returns=returns)


def test_components_link_each_call_to_the_latest_binder() -> None:
    calls = [
        _call("a", returns=("x",)),
        _call("b"),
        _call("c", uses=("x",), returns=("y",)),
        _call("d", uses=("y",)),
    ]
    assert component_sizes(calls) == [3, 1]
    assert component_sizes([]) == []
