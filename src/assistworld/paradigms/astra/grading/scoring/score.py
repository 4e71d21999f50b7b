"""The rule-based score of a conversation: milestones matched along the DAG, minefields gating.

A milestone's similarity at message ``i`` is the geometric mean of its constraints, times its
guardrails as 0/1 gates: its own ``unchanged`` constraints and, unless the scenario turns them
off, an automatic one: between the previous matched milestone (the latest index of another
milestone before ``i``; the start if none) and ``i``, no table changed except the tables of the
milestones matched at ``i``, their ``may_change`` tables and the scenario's unguarded tables.
Evidence in order (:mod:`~assistworld.paradigms.astra.grading.scoring.order`): a text or a tool call
a
milestone uses must come at or after the indices of the milestones it comes after.

``S_milestones`` is the mean similarity of the best admissible assignment (1 without
milestones); minefields are matched the same way (no automatic guardrail: a harm counts
whatever else changed), and any minefield with a non-zero similarity is a hit:
``S = S_milestones x 1[no minefield hit]``.
"""

from __future__ import annotations

import numpy as np
from pydantic import BaseModel, ConfigDict

from assistworld.paradigms.astra.grading.scoring.alignment import geometric_mean
from assistworld.paradigms.astra.grading.scoring.checks import ConstraintChecker, ConstraintOutcome
from assistworld.paradigms.astra.grading.scoring.conversation import Conversation
from assistworld.paradigms.astra.grading.scoring.matcher import best_assignment
from assistworld.paradigms.astra.grading.scoring.order import evidence_from, in_order, lower_bound
from assistworld.paradigms.astra.grading.scoring.spec import Milestone, ScoringSpec, dag


class Guardrail(BaseModel):
    """The automatic guardrail of a matched milestone: the window it looked at and what changed
    in it that should not have."""

    model_config = ConfigDict(frozen=True)
    passed: bool
    since_index: int
    """The index of the previous matched milestone (-1: the start of the conversation)."""
    unexpected: list[str] = []


class MilestoneOutcome(BaseModel):
    """Where one milestone (or minefield) matched and why it scored what it did."""

    model_config = ConfigDict(frozen=True)
    id: str
    index: int | None
    """The message index it was matched to; None when the conversation has no message."""
    similarity: float
    constraints: list[ConstraintOutcome] = []
    guardrail: Guardrail | None = None


class ScoreResult(BaseModel):
    """The rule-based score of one conversation, with every match traceable."""

    model_config = ConfigDict(frozen=True)
    score: float
    milestone_score: float
    minefield_hit: bool
    milestones: list[MilestoneOutcome]
    minefields: list[MilestoneOutcome]
    optimal: bool = True
    """False only if the matcher ran out of its node budget (the match may not be the best)."""


def score_conversation(conversation: Conversation, spec: ScoringSpec) -> ScoreResult:
    """Match the milestones and minefields of ``spec`` against ``conversation``."""
    checker = ConstraintChecker(conversation)
    milestones, optimal_m = _match(conversation, checker, spec, spec.milestones, guarded=True)
    minefields, optimal_f = _match(conversation, checker, spec, spec.minefields, guarded=False)
    if spec.milestones:
        milestone_score = sum(m.similarity for m in milestones) / len(milestones)
    else:
        milestone_score = 1.0
    hit = any(m.similarity > 0.0 for m in minefields)
    return ScoreResult(
        score=0.0 if hit else milestone_score,
        milestone_score=milestone_score,
        minefield_hit=hit,
        milestones=milestones,
        minefields=minefields,
        optimal=optimal_m and optimal_f,
    )


def _base(
    checker: ConstraintChecker, milestone: Milestone, index: int, low: int = -1
) -> tuple[float, list[ConstraintOutcome]]:
    """The milestone's similarity at ``index`` when its predecessors' latest index is ``low``."""
    outcomes = in_order([checker.check(c, index) for c in milestone.constraints], low)
    graded = [o.similarity for o in outcomes if not o.gate]
    gates = all(o.similarity > 0.0 for o in outcomes if o.gate)
    return (geometric_mean(graded) if gates else 0.0), outcomes


def _match(
    conversation: Conversation,
    checker: ConstraintChecker,
    spec: ScoringSpec,
    milestones: list[Milestone],
    *,
    guarded: bool,
) -> tuple[list[MilestoneOutcome], bool]:
    if not milestones:
        return [], True
    count = len(conversation)
    if count == 0:
        return [MilestoneOutcome(id=m.id, index=None, similarity=0.0) for m in milestones], True
    found = [[_base(checker, m, i) for i in range(count)] for m in milestones]
    base = np.array([[similarity for similarity, _ in row] for row in found])
    # where each milestone's evidence comes from (``count``: the world only, no lower bound)
    evidence = np.array([[_or(evidence_from(o), count) for _, o in row] for row in found])
    guard = _Guard(conversation, spec, milestones) if guarded and spec.guardrails else None
    if guard is not None:
        base[:, guard.hopeless_indices()] = 0.0  # no group can pass its guardrail there
    evidence[base == 0.0] = count  # where a milestone scores nothing, its evidence is moot
    kept = _distinct_indices(base, evidence, conversation.changed)
    # where each milestone's evidence comes from, as an index into ``kept``
    reduced_evidence = np.searchsorted(kept, evidence[:, kept], side="right") - 1
    gate = None
    if guard is not None:
        check = guard.gate

        def gate(since: int, index: int, group: frozenset[str]) -> bool:
            return check(kept[since] if since >= 0 else -1, kept[index], group)

    reduced = best_assignment(
        dag(milestones),
        base[:, kept],
        gate,
        order=[m.id for m in milestones],
        evidence=reduced_evidence,
    )
    assignment = {m: kept[i] for m, i in reduced.indices.items()}
    outcomes = []
    for m in milestones:
        index = assignment[m.id]
        similarity, constraints = _base(checker, m, index, lower_bound(m.after, assignment))
        guardrail = guard.explain(m.id, assignment) if guard is not None else None
        if guardrail is not None and not guardrail.passed:
            similarity = 0.0
        outcomes.append(
            MilestoneOutcome(
                id=m.id,
                index=index,
                similarity=similarity,
                constraints=constraints,
                guardrail=guardrail,
            )
        )
    return outcomes, reduced.optimal


def _or(value: int | None, default: int) -> int:
    return default if value is None else value


def _distinct_indices(base: np.ndarray, evidence: np.ndarray, changed: list[set[str]]) -> list[int]:
    """The indices worth trying.

    In a run of indices where every milestone scores the same, with evidence from the same
    messages (so from the run's first index or before), and no table changes after the
    run's first index, only the first two matter: the first group matched in the run sees the
    run's changes, every later group sees none, and those later groups lose nothing by being
    merged at the run's second index (their guardrail windows stay empty, later windows see the
    same changes, and the order and the evidence bounds are only relaxed)."""
    kept, start = [0], 0
    for index in range(1, base.shape[1]):
        same = np.array_equal(base[:, index], base[:, index - 1]) and np.array_equal(
            evidence[:, index], evidence[:, index - 1]
        )
        if changed[index] or not same:
            start = index
            kept.append(index)
        elif index == start + 1:
            kept.append(index)
    return kept


class _Guard:
    """The automatic guardrails of one scenario's milestones against one conversation."""

    def __init__(
        self, conversation: Conversation, spec: ScoringSpec, milestones: list[Milestone]
    ) -> None:
        self.conversation = conversation
        unguarded = set(spec.unguarded_tables)
        self.allowed = {m.id: m.tables() | set(m.may_change) | unguarded for m in milestones}
        self._windows: dict[tuple[int, int], set[str]] = {}

    def _window(self, since: int, index: int) -> set[str]:
        window = self._windows.get((since, index))
        if window is None:
            window = self.conversation.changed_between(since, index)
            self._windows[(since, index)] = window
        return window

    def hopeless_indices(self) -> list[int]:
        """Indices where a table no milestone may change changed: every guardrail fails there
        (a guardrail's window always includes its own message)."""
        anything = set().union(*self.allowed.values())
        return [i for i, changed in enumerate(self.conversation.changed) if changed - anything]

    def gate(self, since: int, index: int, group: frozenset[str]) -> bool:
        """Whether the milestones ``group``, matched at ``index``, pass their guardrail when the
        previous milestone was matched at ``since``."""
        allowed = set().union(*(self.allowed[m] for m in group))
        return not self._window(since, index) - allowed

    def explain(self, identifier: str, indices: dict[str, int]) -> Guardrail:
        index = indices[identifier]
        since = max((i for i in indices.values() if i < index), default=-1)
        group = [m for m, i in indices.items() if i == index]
        allowed = set().union(*(self.allowed[m] for m in group))
        unexpected = self._window(since, index) - allowed
        return Guardrail(passed=not unexpected, since_index=since, unexpected=sorted(unexpected))
