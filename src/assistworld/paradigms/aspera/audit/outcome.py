"""What a mutant changes of a task's outcome, and whether the evaluation may accept that.

A task's *outcome* is what it must get right: the records its reference writes, or, on a setup
where the reference writes nothing, the whole world and the answer. A mutant the evaluation
accepts although it changes the outcome fails the task on its own (no kill rate averages it
away), with one excuse: when the mutant writes the same records as the reference, only with
other values in some fields, and the evaluation is shown to check each of those fields (it
rejects the reference with that field changed: see
:mod:`~assistworld.paradigms.aspera.audit.field_probe`), the values it accepted are ones
the task allows (any free room, any free slot). Records that only trade ids (two moved meetings
written under each other's ids) change nothing. Without that, accepting the mutant means the
fields are not checked at all (the moved meetings' times, say).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field

from assistworld.paradigms.aspera.grading.trace import SPEC_FIELDS, ProgramTrace
from assistworld.paradigms.aspera.grading.trace import behaviour_changes as changes
from assistworld.world.diff import RowChange


@dataclass(frozen=True)
class OutcomeEffect:
    """What a mutant changed, on all setups together, next to the reference."""

    work: bool = False
    """A record the reference writes was left alone, deleted or replaced by another, another
    record was written, or something was written where the reference writes nothing."""
    answer: bool = False
    """On a setup where the reference writes nothing, it returned or raised something else."""
    fields: frozenset[str] = field(default_factory=frozenset)
    """Fields of the records the reference writes that hold other values."""
    answer_differs: bool = False
    """It returned or raised something else on some setup (whether or not that is the outcome)."""

    def __or__(self, other: OutcomeEffect) -> OutcomeEffect:
        return OutcomeEffect(
            self.work or other.work,
            self.answer or other.answer,
            self.fields | other.fields,
            self.answer_differs or other.answer_differs,
        )

    @property
    def changes_outcome(self) -> bool:
        return self.work or self.answer or bool(self.fields)

    def describe(self) -> str:
        parts = ["the work" if self.work else "", "the answer" if self.answer else ""]
        if self.fields:
            parts.append(", ".join(sorted(self.fields)))
        return "changes " + " and ".join(p for p in parts if p) if self.changes_outcome else ""


def _fields(first: RowChange, second: RowChange) -> set[str]:
    """The fields in which two writes of one row leave it different."""
    a, b = first.after, second.after
    if not (isinstance(a, dict) and isinstance(b, dict)):
        return {"row"} if a != b else set()
    ignored = SPEC_FIELDS.get(first.table, frozenset())
    return {k for k in a.keys() | b.keys() if k not in ignored and a.get(k) != b.get(k)}


def effect_on(before: ProgramTrace, reference: ProgramTrace, mutant: ProgramTrace) -> OutcomeEffect:
    """What ``mutant`` changed on one setup (``before``: the world the setup left). A trace that
    could not be taken decides nothing."""
    if before.world is None or reference.world is None or mutant.world is None:
        return OutcomeEffect()
    answer_differs = (reference.returned, reference.raised) != (mutant.returned, mutant.raised)
    written = {(c.table, c.key): c for c in changes(before.world, reference.world)}
    made = {(c.table, c.key): c for c in changes(before.world, mutant.world)}
    if not written:
        return OutcomeEffect(bool(made), answer_differs, answer_differs=answer_differs)
    work = any(key not in written for key in made)
    fields: set[str] = set()
    for key, change in written.items():
        mine = made.get(key)
        if mine is None or mine.kind != change.kind:
            work = True
        elif change.kind != "removed":
            fields |= _fields(change, mine)
    if fields and not work and _contents(written, written) == _contents(written, made):
        fields = set()  # the same records, only under each other's ids
    return OutcomeEffect(work, False, frozenset(fields), answer_differs)


def _contents(
    keys: dict[tuple[str, str], RowChange], rows: dict[tuple[str, str], RowChange]
) -> list[str]:
    """The rows written at ``keys``, ids left out, in a stable order: equal lists mean the same
    records were written, whichever id each ended up under."""
    found = []
    for key in keys:
        after = rows[key].after
        if isinstance(after, dict):
            after = {k: v for k, v in after.items() if not k.endswith("_id")}
        found.append(json.dumps(after, sort_keys=True, default=str))
    return sorted(found)


def effect_over(
    before: Sequence[ProgramTrace],
    reference: Sequence[ProgramTrace],
    mutant: Sequence[ProgramTrace],
) -> OutcomeEffect:
    """What ``mutant`` changed on any of the task's setups."""
    effect = OutcomeEffect()
    for b, r, m in zip(before, reference, mutant, strict=True):
        effect = effect | effect_on(b, r, m)
    return effect
