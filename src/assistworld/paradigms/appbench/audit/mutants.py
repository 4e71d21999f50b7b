"""Mutants of a gold plan: small, plausible mistakes a strict scorer must reject.

Six operators, each applied at a few places of the plan chosen deterministically (a generator
seeded by the task's id and the operator, never ``hash()``):

``drop_call``
    one call left out;
``swap_dependent``
    a call and an earlier call it depends on trade places;
``change_literal``
    one literal replaced by a plausible other value (the next city, cuisine or car type, the next
    day, an hour later, one more, the other truth value, other words);
``dependency_to_literal``
    a variable argument replaced by a literal that is wrong: the value the variable held in the gold
    run, changed as above;
``wrong_app``
    one call made through an app that does not have its API;
``extra_write``
    one more transactional call at the end (the last booking repeated, or a taxi ride).
"""

from __future__ import annotations

import datetime
import random
import re
from collections.abc import Callable, Iterator
from typing import Any

from pydantic import BaseModel

from assistworld.apps import services
from assistworld.core.seeds import stable_seed
from assistworld.paradigms.appbench.grading.execution import execute_plan
from assistworld.paradigms.appbench.grading.task_worlds import TaskWorlds
from assistworld.paradigms.appbench.tasks.model import (
    Argument,
    ArgumentKind,
    Call,
    PlanningTask,
    plan_text,
)

OPERATORS: tuple[str, ...] = (
    "drop_call",
    "swap_dependent",
    "change_literal",
    "dependency_to_literal",
    "wrong_app",
    "extra_write",
)
PER_OPERATOR = 3
"""At most this many mutants per operator and task."""

RIDE = Call(
    app="Rents",
    api="getride",
    arguments={
        "destination": Argument(kind=ArgumentKind.LITERAL, value="1 Market Street"),
        "number_of_seats": Argument(kind=ArgumentKind.LITERAL, value="1"),
        "ride_type": Argument(kind=ArgumentKind.LITERAL, value="Regular"),
    },
    returns=("ride_fare",),
)
"""The extra write of a plan that has none: a taxi nobody asked for."""


class Mutant(BaseModel):
    """A changed plan, the operator that made it and what it changed."""

    operator: str
    description: str
    calls: list[Call]

    def text(self) -> str:
        """The mutant in the paper's plan format."""
        return plan_text(self.calls)


def mutants(
    task: PlanningTask, per_operator: int = PER_OPERATOR, worlds: TaskWorlds | None = None
) -> list[Mutant]:
    """The mutants of ``task``'s gold plan, operator by operator, none equal to the gold plan.

    ``dependency_to_literal`` needs the values the gold plan's variables held, so for an
    executable task the gold plan is run once (in ``worlds`` when given); a task that cannot
    run gets none of those.
    """
    gold = list(task.calls)
    makers: dict[str, Callable[[], Iterator[Mutant]]] = {
        "drop_call": lambda: _drop(gold),
        "swap_dependent": lambda: _swap(gold),
        "change_literal": lambda: _change_literal(gold),
        "dependency_to_literal": lambda: _dependency_to_literal(task, gold, worlds),
        "wrong_app": lambda: _wrong_app(gold),
        "extra_write": lambda: _extra_write(gold),
    }
    found: list[Mutant] = []
    text = plan_text(gold)
    for operator in OPERATORS:
        candidates = [m for m in makers[operator]() if m.text() != text]
        rng = random.Random(stable_seed("mutants", task.query_id, operator))
        chosen = sorted(rng.sample(range(len(candidates)), min(per_operator, len(candidates))))
        found.extend(candidates[index] for index in chosen)
    return found


def _drop(gold: list[Call]) -> Iterator[Mutant]:
    for index, call in enumerate(gold):
        rest = gold[:index] + gold[index + 1 :]
        yield Mutant(
            operator="drop_call", description=f"dropped call {index + 1} ({call.api})", calls=rest
        )


def _binder(gold: list[Call], index: int, variable: str) -> int | None:
    """The latest call before ``index`` that returns ``variable``."""
    for earlier in range(index - 1, -1, -1):
        if variable in gold[earlier].returns:
            return earlier
    return None


def _swap(gold: list[Call]) -> Iterator[Mutant]:
    pairs = sorted(
        {
            (source, index)
            for index, call in enumerate(gold)
            for variable in call.variables_used()
            if (source := _binder(gold, index, variable)) is not None
        }
    )
    for first, second in pairs:
        swapped = list(gold)
        swapped[first], swapped[second] = gold[second], gold[first]
        yield Mutant(
            operator="swap_dependent",
            description=f"swapped call {first + 1} ({gold[first].api}) and call {second + 1} "
            f"({gold[second].api}), which depends on it",
            calls=swapped,
        )


def _with_argument(call: Call, name: str, argument: Argument) -> Call:
    return call.model_copy(update={"arguments": {**call.arguments, name: argument}})


def _change_literal(gold: list[Call]) -> Iterator[Mutant]:
    for index, call in enumerate(gold):
        for name, argument in call.arguments.items():
            if argument.kind is not ArgumentKind.LITERAL:
                continue
            changed = changed_value(argument.value)
            mutated = list(gold)
            mutated[index] = _with_argument(
                call, name, Argument(kind=ArgumentKind.LITERAL, value=changed)
            )
            yield Mutant(
                operator="change_literal",
                description=f"call {index + 1} ({call.api}): #{name} {argument.value!r} -> "
                f"{changed!r}",
                calls=mutated,
            )


def _dependency_to_literal(
    task: PlanningTask, gold: list[Call], worlds: TaskWorlds | None
) -> Iterator[Mutant]:
    if not task.executable:
        return
    report = execute_plan(task, gold, worlds)
    for index, call in enumerate(gold):
        for name, argument in call.arguments.items():
            if argument.kind is not ArgumentKind.VARIABLE:
                continue
            held = report.calls[index].arguments.get(name)
            wrong = changed_value(services.canonical(held) if held is not None else argument.value)
            mutated = list(gold)
            mutated[index] = _with_argument(
                call, name, Argument(kind=ArgumentKind.LITERAL, value=wrong)
            )
            yield Mutant(
                operator="dependency_to_literal",
                description=f"call {index + 1} ({call.api}): #{name}={argument.value} -> {wrong!r}",
                calls=mutated,
            )


def _wrong_app(gold: list[Call]) -> Iterator[Mutant]:
    for index, call in enumerate(gold):
        app = services.find_app(call.app) or call.app
        names = services.APP_NAMES
        start = names.index(app) + 1 if app in names else 0
        other = next(
            name for name in names[start:] + names[:start] if call.api not in services.toolset(name)
        )
        mutated = list(gold)
        mutated[index] = call.model_copy(update={"app": other})
        yield Mutant(
            operator="wrong_app",
            description=f"call {index + 1} ({call.api}) made through {other} instead of {call.app}",
            calls=mutated,
        )


def _is_write(call: Call) -> bool:
    app = services.find_app(call.app)
    if app is None or call.api not in services.toolset(app):
        return False
    return services.toolset(app).tool(call.api).effect == "write"


def _extra_write(gold: list[Call]) -> Iterator[Mutant]:
    writes = [call for call in gold if _is_write(call)]
    extra = writes[-1] if writes else RIDE
    yield Mutant(
        operator="extra_write",
        description=f"an extra {extra.api} call at the end",
        calls=[*gold, extra],
    )


_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_TIME = re.compile(r"^\d{1,2}:\d{2}$")


def changed_value(value: str) -> str:
    """A plausible other value for a literal (see the module docstring)."""
    text = value.strip()
    sibling = services.sibling_value(text)
    if sibling is not None:
        return sibling
    if _DATE.match(text):
        return (datetime.date.fromisoformat(text) + datetime.timedelta(days=1)).isoformat()
    if _TIME.match(text):
        hour, minute = (int(part) for part in text.split(":"))
        return f"{(hour + 1) % 24:02d}:{minute:02d}"
    if text.casefold() in ("true", "false"):
        return "False" if text.casefold() == "true" else "True"
    number = _number(text)
    if number is not None:
        return str(number + 1)
    words = text.split()
    if len(words) > 1:
        return " ".join(reversed(words))
    return text + "s" if text else "none"


def _number(text: str) -> Any:
    try:
        return int(text)
    except ValueError:
        pass
    try:
        return float(text)
    except ValueError:
        return None


__all__ = ["OPERATORS", "Mutant", "changed_value", "mutants"]
