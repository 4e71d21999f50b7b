"""Building one task: calls run as they are added, so every value the plan needs is known.

A :class:`Builder` holds a populated world. Each call added is run at once against it, which
gives the values later calls and the goal are made from: the variables it binds, the rows its
booking adds, the values that count as answers. A call that fails, or that would rebind a
variable, raises :class:`BuildError` and the generator tries other choices.
"""

from __future__ import annotations

import datetime
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from assistworld.apps import services
from assistworld.paradigms.appbench.tasks.model import (
    Argument,
    ArgumentKind,
    Call,
    ExecutionGoal,
    RowRequirement,
)
from assistworld.world.world import World


class BuildError(Exception):
    """The choices made cannot become a task (a call failed, a name clashed): choose again."""


@dataclass(frozen=True)
class Ref:
    """A value a call needs: a literal the user states, or a variable an earlier call bound.

    ``words`` is how the request names it ("Boston", "next Friday", "there").
    """

    value: Any
    argument: Argument
    words: str


@dataclass
class Builder:
    """The task being built (see the module docstring)."""

    world: World
    rng: random.Random
    now: datetime.datetime
    calls: list[Call] = field(default_factory=list)
    sentences: list[str] = field(default_factory=list)
    rows: list[RowRequirement] = field(default_factory=list)
    answers: dict[str, list[str]] = field(default_factory=dict)
    answer_about: dict[str, dict[str, str]] = field(default_factory=dict)
    user_arguments: dict[str, str] = field(default_factory=dict)
    bound: dict[str, Any] = field(default_factory=dict)
    apps: Counter[str] = field(default_factory=Counter)

    @property
    def today(self) -> datetime.date:
        return self.now.date()

    def lit(self, value: Any, words: str | None = None) -> Ref:
        """A literal the user states (``words``: how the request says it; the value itself by
        default)."""
        text = services.canonical(value)
        return Ref(value, Argument(kind=ArgumentKind.LITERAL, value=text), words or text)

    def var(self, name: str, words: str) -> Ref:
        """A variable an earlier call bound."""
        if name not in self.bound:
            raise BuildError(f"no call bound {name!r}")
        return Ref(self.bound[name], Argument(kind=ArgumentKind.VARIABLE, value=name), words)

    def table(self, app: str, name: str) -> dict[str, Any]:
        """The rows of one of ``app``'s tables in the builder's world."""
        declaration = next(t for t in services.tables(app) if t.name == name)
        rows: dict[str, Any] = self.world.table(declaration)
        return rows

    def call(
        self, app: str, api: str, arguments: dict[str, Ref], returns: tuple[str, ...] = ()
    ) -> list[dict[str, Any]]:
        """Add a call and run it; the records it returned (best first)."""
        clash = [name for name in returns if name in self.bound]
        if clash:
            raise BuildError(f"{api} would rebind {clash}")
        values = {
            services.python_name(name): ref.value
            if ref.argument.kind is ArgumentKind.VARIABLE
            else ref.argument.value
            for name, ref in arguments.items()
        }
        with self.world.active():
            event = services.toolset(app).call_json(api, values)
        if event.error is not None:
            raise BuildError(event.error.message)
        records = event.result if isinstance(event.result, list) else [event.result]
        for name in returns:
            if name not in records[0]:
                raise BuildError(f"{api} returns no {name!r}")
            self.bound[name] = records[0][name]
        for name, ref in arguments.items():
            if ref.argument.kind is ArgumentKind.LITERAL:
                self.user_arguments.setdefault(name, ref.argument.value)
        self.calls.append(
            Call(
                app=app,
                api=api,
                arguments={name: ref.argument for name, ref in arguments.items()},
                returns=returns,
            )
        )
        self.apps[app] += 1
        return list(records)

    def row(self, app: str, table: str, record: dict[str, Any], fields: list[str]) -> None:
        """Require a row like ``record`` (only ``fields`` compared) in ``app``'s ``table``."""
        self.rows.append(
            RowRequirement(
                app=app,
                table=table,
                fields={name: services.canonical(record[name]) for name in fields},
            )
        )

    def answer(self, api: str, name: str, records: list[dict[str, Any]]) -> None:
        """Ask for ``name`` of ``api``'s results: any of the records' values counts."""
        key = f"{api}.{name}"
        if key in self.answers:
            raise BuildError(f"{key} is asked for twice")
        self.answers[key] = sorted({services.canonical(record[name]) for record in records})
        about = self._echoed_filters(api, records)
        if about:
            self.answer_about[key] = about

    def _echoed_filters(self, api: str, records: list[dict[str, Any]]) -> dict[str, str]:
        """The arguments of the latest ``api`` call that every record echoes with one value
        (the filters the answer is about), as field -> value."""
        call = next(call for call in reversed(self.calls) if call.api == api)
        about: dict[str, str] = {}
        for name in call.arguments:
            values = {services.canonical(record.get(name)) for record in records}
            if all(name in record for record in records) and len(values) == 1:
                about[name] = values.pop()
        return about

    def say(self, sentence: str) -> None:
        """Add a sentence of the request."""
        self.sentences.append(sentence)

    def pick(self, *options: str) -> str:
        """One of ``options``, drawn from the builder's generator."""
        return self.rng.choice(options)

    def goal(self) -> ExecutionGoal:
        return ExecutionGoal(
            rows=list(self.rows), answers=dict(self.answers), answer_about=dict(self.answer_about)
        )


__all__ = ["BuildError", "Builder", "Ref"]
