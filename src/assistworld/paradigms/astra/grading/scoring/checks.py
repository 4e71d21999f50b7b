"""Checking one constraint at one message index, with what it matched recorded.

A constraint's outcome depends only on a few facts of the conversation (the table's revision at
the index and at the reference point, the latest call or text), so outcomes are cached by those:
scoring a milestone at forty indices costs a few real checks when the world changes rarely.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict

from assistworld.paradigms.astra.grading.scoring.alignment import align, geometric_mean
from assistworld.paradigms.astra.grading.scoring.constraints import (
    Constraint,
    ResponseConstraint,
    RowsConstraint,
    ToolCallConstraint,
    Unchanged,
    uses_reuse,
)
from assistworld.paradigms.astra.grading.scoring.conversation import Call, Conversation, Row
from assistworld.paradigms.astra.grading.scoring.measures import Reused


class RowMatch(BaseModel):
    """A target row (by position) matched to a world row (by key), and how well."""

    model_config = ConfigDict(frozen=True)
    target: int
    key: str
    similarity: float


class ConstraintOutcome(BaseModel):
    """How one constraint fared at one index, and the evidence it used."""

    model_config = ConfigDict(frozen=True)
    kind: str
    similarity: float
    gate: bool = False
    evidence_index: int | None = None
    """The message the evidence came from (the call or the text); None for world state."""
    rows: list[RowMatch] = []
    note: str = ""


class ConstraintChecker:
    """Checks constraints against one conversation, caching outcomes."""

    def __init__(self, conversation: Conversation) -> None:
        self.conversation = conversation
        self._cache: dict[tuple[Any, ...], ConstraintOutcome] = {}
        self._reuses: dict[int, bool] = {}

    def check(self, constraint: Constraint, index: int) -> ConstraintOutcome:
        key = (id(constraint), *self._depends_on(constraint, index))
        outcome = self._cache.get(key)
        if outcome is None:
            outcome = self._check(constraint, index)
            self._cache[key] = outcome
        return outcome

    def _reference(self, since: str, index: int) -> int:
        return -1 if since == "start" else index - 1

    def _depends_on(self, constraint: Constraint, index: int) -> tuple[Any, ...]:
        talk = self.conversation
        reuses = self._reuses.get(id(constraint))
        if reuses is None:
            reuses = self._reuses[id(constraint)] = uses_reuse(constraint)
        reuse = (talk.results_before[index],) if reuses else ()
        if isinstance(constraint, RowsConstraint | Unchanged):
            reference = self._reference(constraint.since, index)
            revisions = (
                talk.revision(constraint.table, reference),
                talk.revision(constraint.table, index),
            )
            return (*revisions, *reuse)
        if isinstance(constraint, ToolCallConstraint):
            return (talk.latest_calls[index],)  # reuse is judged before the call itself
        return (talk.latest_text[index],)

    def _check(self, constraint: Constraint, index: int) -> ConstraintOutcome:
        if isinstance(constraint, RowsConstraint):
            return self._rows(constraint, index)
        if isinstance(constraint, Unchanged):
            reference = self._reference(constraint.since, index)
            same = self.conversation.revision(
                constraint.table, reference
            ) == self.conversation.revision(constraint.table, index) or self.conversation.rows(
                constraint.table, reference
            ) == self.conversation.rows(constraint.table, index)
            note = "" if same else f"{constraint.table} changed"
            return ConstraintOutcome(kind="unchanged", similarity=float(same), gate=True, note=note)
        if isinstance(constraint, ToolCallConstraint):
            return self._tool_call(constraint, index)
        return self._response(constraint, index)

    def _rows(self, constraint: RowsConstraint, index: int) -> ConstraintOutcome:
        talk = self.conversation
        now = talk.rows(constraint.table, index)
        if constraint.kind == "snapshot":
            candidates = now
        else:
            before = talk.rows(constraint.table, self._reference(constraint.since, index))
            candidates = _changed_rows(constraint.kind, before, now)
        reused = talk.reused_before(index)
        alignment = align(constraint.rows, candidates, constraint.measure, reused)
        return ConstraintOutcome(
            kind=constraint.kind,
            similarity=alignment.similarity,
            rows=[RowMatch(target=t, key=k, similarity=s) for t, k, s in alignment.pairs],
            note=alignment.note,
        )

    def _tool_call(self, constraint: ToolCallConstraint, index: int) -> ConstraintOutcome:
        talk = self.conversation
        latest = talk.latest_calls[index]
        if latest is None:
            return ConstraintOutcome(kind="tool_call", similarity=0.0, note="no tool call yet")
        reused = talk.reused_before(latest)
        best = max(
            (trace_similarity(constraint, call, reused) for call in talk.calls_at[latest]),
            default=0.0,
        )
        return ConstraintOutcome(kind="tool_call", similarity=best, evidence_index=latest)

    def _response(self, constraint: ResponseConstraint, index: int) -> ConstraintOutcome:
        talk = self.conversation
        latest = talk.latest_text[index]
        if latest is None:
            return ConstraintOutcome(kind="response", similarity=0.0, note="nothing said yet")
        said = talk.messages[latest].text()
        score = constraint.measure.similarity(constraint.text, said)
        return ConstraintOutcome(kind="response", similarity=score, evidence_index=latest)


def trace_similarity(constraint: ToolCallConstraint, call: Call, reused: Reused) -> float:
    """The tool-trace match: 0 for another tool, else the geometric mean of the golden
    arguments' similarities (a golden argument the call lacks scores 0; extra ones are free)."""
    if call.name != constraint.tool:
        return 0.0
    scores = []
    for name, golden in constraint.arguments.items():
        if name not in call.arguments:
            return 0.0
        scores.append(constraint.measure(name).similarity(golden, call.arguments[name], reused))
    return geometric_mean(scores)


def _changed_rows(kind: str, before: dict[str, Row], now: dict[str, Row]) -> dict[str, Row]:
    if kind == "added":
        return {k: row for k, row in now.items() if k not in before}
    if kind == "removed":
        return {k: row for k, row in before.items() if k not in now}
    return {k: row for k, row in now.items() if k in before and before[k] != row}
