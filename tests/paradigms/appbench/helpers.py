"""Small builders for hand-written planning tasks."""

from __future__ import annotations

from assistworld.paradigms.appbench.tasks.model import Argument, ArgumentKind, Call, PlanningTask


def lit(value: str) -> Argument:
    return Argument(kind=ArgumentKind.LITERAL, value=value)


def var(name: str) -> Argument:
    return Argument(kind=ArgumentKind.VARIABLE, value=name)


def call(app: str, api: str, returns: tuple[str, ...] = ("out",), **arguments: Argument) -> Call:
    return Call(app=app, api=api, arguments=arguments, returns=returns)


def task(
    calls: list[Call], *, user: dict[str, str] | None = None, category: str = "mm"
) -> PlanningTask:
    return PlanningTask(
        query_id="t-1",
        query="do it",
        category=category,
        calls=calls,
        user_arguments=user or {},
    )
