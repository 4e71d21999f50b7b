"""One engine for the template families whose scenarios differ only in their data.

Such a family is stated as a :class:`FamilySpec`: its name, category and complexity labels, and
a function listing its cases in a world (each case: the fields its phrasings are filled with,
the calls that solve it, what it reads and says, and its checks). The engine numbers the cases,
words each request and reply from the family's phrasings (``<family>.query`` and
``<family>.reply``, the ``n``-th variant for the ``n``-th case) and names the drafts, so what
these families share is written once and each family is the table of what it does not.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from assistworld.paradigms.astra.authoring.scenario_gen.draft import Draft, Labels, ToolCall
from assistworld.paradigms.astra.authoring.scenario_gen.view import WorldView
from assistworld.paradigms.astra.authoring.scenario_gen.wording import say


@dataclass(frozen=True)
class Case:
    """One scenario of a family, before the engine words and names it."""

    fields: Mapping[str, object]
    """What the family's phrasings are filled with."""
    reasoning: str
    calls: list[ToolCall]
    related: list[str]
    facts: list[list[str]]
    rows: list[dict[str, Any]]
    milestones: list[dict[str, Any]]
    minefields: list[dict[str, Any]]
    category: str | None = None
    """The case's own category, where it depends on the case (the app a message goes out
    on); else the family's."""


Cases = Callable[[WorldView, str], Iterable[Case]]
"""A family's cases in one world, for one language (a few fields are words of the language)."""


@dataclass(frozen=True)
class FamilySpec:
    """A family as data: called like any family, ``(view, lang) -> drafts``."""

    family: str
    category: str
    labels: Labels
    cases: Cases

    def __call__(self, view: WorldView, lang: str) -> list[Draft]:
        return [self._draft(view, lang, n, case) for n, case in enumerate(self.cases(view, lang))]

    def _draft(self, view: WorldView, lang: str, n: int, case: Case) -> Draft:
        return Draft(
            name=f"{view.key}_{self.family}_{n:02d}",
            family=self.family,
            category=case.category or self.category,
            query=say(f"{self.family}.query", lang, n, **case.fields),
            reasoning=case.reasoning,
            labels=self.labels,
            reply=say(f"{self.family}.reply", lang, n, **case.fields),
            calls=case.calls,
            related=case.related,
            facts=case.facts,
            rows=case.rows,
            milestones=case.milestones,
            minefields=case.minefields,
        )


def row(table: str, where: dict[str, Any], about: str) -> dict[str, Any]:
    """An end-state condition: a row of ``table`` matching ``where`` (``about``: what it is,
    in words)."""
    return {"table": table, "where": where, "about": about}


def row_of(table: str, key: str, about: str, **state: Any) -> dict[str, Any]:
    """An end-state condition on the existing row ``key`` of ``table``: ``where=...`` (what it
    holds) or ``present=False`` (it is gone)."""
    return {"table": table, "key": key, **state, "about": about}


__all__ = ["Case", "Cases", "FamilySpec", "row", "row_of"]
