"""Automatic mode: fixed decisions, for scaling up with a strong model.

Every program the model writes goes forward unchanged; a program or task file with a problem is
rejected (not repaired), and only tasks that pass every audit are kept: the reference passes every
pair, a do-nothing program fails, and the kill rate reaches the minimum (see
:func:`assistworld.paradigms.aspera.authoring.gate.automatic_refusals`). The engine records each
rejection with
its reasons; :func:`summarise` counts them.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from assistworld.paradigms.aspera.authoring.person import Decision
from assistworld.paradigms.aspera.authoring.state import Draft, SessionState, Verdict


class AutomaticPerson:
    """Decides without asking: keep everything, never revise, stop after ``rounds`` rounds."""

    interactive = False

    def __init__(self, focus: str | None, rounds: int) -> None:
        self.focus = focus
        self.rounds = rounds

    def choose_focus(self, round_number: int, previous: str | None) -> str | None:
        return self.focus

    def edit_programs(self, path: Path) -> None:
        return None

    def show_problems(self, problems: list[str]) -> None:
        return None

    def setup_instructions(self, draft: Draft) -> str:
        return ""

    def review_setups(self, draft: Draft, path: Path) -> Decision:
        return Decision("go")

    def review_task(self, draft: Draft, path: Path) -> Decision:
        return Decision("go")

    def refused(self, draft: Draft, path: Path, verdict: Verdict) -> Decision:
        raise AssertionError("the engine rejects refused tasks itself in automatic mode")

    def doubts(self, draft: Draft, path: Path, verdict: Verdict) -> Decision:
        return Decision("accept")

    def another_round(self, state: SessionState) -> bool:
        return len(state.rounds) < self.rounds


@dataclass
class Summary:
    """What a session produced."""

    programs: int = 0
    accepted: list[str] = field(default_factory=list)
    quarantined: int = 0
    rejected: int = 0
    reasons: Counter[str] = field(default_factory=Counter)
    """How often each reason (its first clause) rejected or quarantined something."""


def _reason_key(reason: str) -> str:
    first = reason.strip().splitlines()[0] if reason.strip() else "no reason given"
    if "kills" in first and "of the mutants" in first:
        return "kill rate below the minimum"
    if first.startswith("reference program fails"):
        return "reference program fails"
    return first.split(";")[0][:100]


def summarise(state: SessionState) -> Summary:
    """Counts over every round: programs written, tasks accepted, set aside, rejected and why."""
    summary = Summary()
    for round_ in state.rounds:
        summary.programs += len(round_.sections)
        for section in round_.sections:
            if section.outcome == "quarantined":
                summary.quarantined += 1
            elif section.outcome == "rejected":
                summary.rejected += 1
                summary.reasons[_reason_key(section.note)] += 1
        for draft in round_.drafts:
            if draft.outcome == "accepted":
                summary.accepted.append(draft.query_id)
            elif draft.outcome == "quarantined":
                summary.quarantined += 1
            elif draft.outcome == "rejected":
                summary.rejected += 1
                for reason in draft.reason.split("\n"):
                    if reason.strip():
                        summary.reasons[_reason_key(reason)] += 1
    return summary
