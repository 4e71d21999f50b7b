"""The ``astra`` result record and how one conversation is graded.

Grading checks the scenario's success conditions (see :mod:`.success`), scores the
conversation on the scenario's milestones and minefields when it has them (see
:mod:`.milestones`; the rule: ``passed`` = every success condition holds AND no minefield was
hit, ``score`` = S = S_milestones x 1[no minefield hit]), and keeps the whole
recorded conversation (messages, the world version after each, the world's states as patches,
the tool events) in the result's details, where the milestone scorer reads it:
``AstraResult.details.conversation.world_after(i)`` is the world after message ``i``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pydantic import BaseModel, Field, ValidationError

from assistworld.agents.base import AgentOutput
from assistworld.agents.transcript import ConversationRecord
from assistworld.core.metrics import RunMetrics, compute_metrics
from assistworld.core.result import PASSED, TaskResult
from assistworld.paradigms.astra.grading.judge_record import JudgeRecord
from assistworld.paradigms.astra.grading.milestones import (
    MilestoneScore,
    score_record,
    scoring_spec,
)
from assistworld.paradigms.astra.grading.outcomes import FAILURE_CLASSES
from assistworld.paradigms.astra.grading.success import ConditionCheck, check_success
from assistworld.paradigms.astra.grading.user_checks import (
    UserChecks,
    check_conversation,
    knowledge_of,
)
from assistworld.paradigms.astra.tasks.scenario import Scenario
from assistworld.paradigms.astra.tasks.worlds import Families


class AstraDetails(BaseModel):
    """What one conversation left: how it went, each condition checked, the whole record."""

    mode: str | None = None
    end_reason: str | None = None
    user_turns: int = 0
    assistant_turns: int = 0
    tool_calls: int = 0
    roles: dict[str, str] = Field(default_factory=dict)
    usage_by_role: dict[str, Any] = Field(default_factory=dict)
    checks: list[ConditionCheck] = Field(default_factory=list)
    complexity: dict[str, str] = Field(default_factory=dict)
    stress: list[str] = Field(default_factory=list)
    milestones: MilestoneScore | None = None
    """The milestone score, when the scenario has milestones or minefields."""
    language: str = "en"
    translation_of: str | None = None
    """The scenario this one translates (its results are compared pair by pair)."""
    judge: JudgeRecord | None = None
    """The LLM judge's verdict, when the run was judged (``--judge-model``)."""
    user_checks: UserChecks | None = None
    """How the simulated user behaved (:mod:`.user_checks`); None when no simulated user
    played (a scripted one, or a single-turn scenario)."""
    conversation: ConversationRecord | None = None
    programs: list[dict[str, Any]] = Field(default_factory=list)
    """A program-writing assistant's programs, in order, each with how its run ended
    (:meth:`~assistworld.paradigms.astra.agents.program_turns.ProgramTurn.record`)."""


class AstraResult(TaskResult[AstraDetails]):
    """One line of an astra run's ``results.jsonl``."""


def _failure(details: AstraDetails) -> str:
    reason = details.end_reason
    checks = details.checks
    if details.conversation is None:
        return "no_conversation"
    if reason in ("agent_error", "user_error", "step_limit"):
        return str(reason)
    if any(not c.passed for c in checks if c.kind == "end_state"):
        return "end_state_wrong"
    if details.milestones is not None and details.milestones.minefield_hit:
        return "minefield_hit"
    if not details.conversation.replies():
        return "no_reply"
    return "answer_incomplete"


def grade(
    scenario: Scenario,
    output: AgentOutput,
    agent_name: str,
    families: Families | None = None,
) -> AstraResult:
    """The result of ``output`` (a conversation an agent ran) on ``scenario``.

    ``passed``: every success condition holds AND no minefield was hit. ``score`` is the
    milestone score S (S_milestones x 1[no minefield hit]) when the scenario has milestones or
    minefields, else the share of success conditions met; ``subscores`` hold the share of each
    kind of condition met and, with milestones, ``milestones`` (S_milestones), ``minefield_hit``
    (0 or 1) and the diagnostics that apply (``ir_recall``, ``payload_accuracy``,
    ``response_quality``). ``families`` lets a run build each app family once."""
    raw = output.conversation
    record = ConversationRecord.model_validate(raw) if raw is not None else None
    checks: list[ConditionCheck] = []
    milestones: MilestoneScore | None = None
    families = families or Families()
    roles = dict(output.details.get("roles", {}))
    end_reason = output.details.get("end_reason")
    user_checks: UserChecks | None = None
    if record is not None and roles.get("user") == "simulated":
        tools = [tool.name for tool in families.get(scenario.apps).toolset]
        user_checks = check_conversation(record.messages, end_reason, knowledge_of(scenario, tools))
    if record is not None:
        final = record.worlds.data_at(record.worlds.latest_version)
        start = record.worlds.data_at(record.worlds.initial_version)
        checks = check_success(scenario.success, record.replies(), final, start)
        spec = scoring_spec(scenario)
        if spec is not None:
            family = families.get(scenario.apps)
            all_met = bool(checks) and all(check.passed for check in checks)
            milestones = score_record(scenario, spec, record, family, all_met)
    details = AstraDetails(
        mode=scenario.mode,
        end_reason=end_reason,
        user_turns=int(output.details.get("user_turns", 0)),
        assistant_turns=int(output.details.get("assistant_turns", 0)),
        tool_calls=len(record.events) if record is not None else 0,
        roles=roles,
        usage_by_role=dict(output.details.get("usage_by_role", {})),
        checks=checks,
        complexity=dict(scenario.complexity_labels),
        stress=[name for name, on in scenario.stress.model_dump().items() if on],
        milestones=milestones,
        language=scenario.language,
        translation_of=scenario.translation_of,
        conversation=record,
        programs=list(output.details.get("programs", [])),
        user_checks=user_checks,
    )
    met = sum(check.passed for check in checks)
    hit = milestones is not None and milestones.minefield_hit
    passed = record is not None and bool(checks) and met == len(checks) and not hit
    subscores = {}
    for kind in ("answer", "end_state"):
        of_kind = [c for c in checks if c.kind == kind]
        if of_kind:
            subscores[kind] = sum(c.passed for c in of_kind) / len(of_kind)
    score = met / len(checks) if checks else 0.0
    if milestones is not None:
        score = milestones.score
        subscores.update(_milestone_subscores(milestones))
    return AstraResult(
        query_id=scenario.query_id,
        paradigm="astra",
        agent=agent_name,
        passed=passed,
        outcome=PASSED if passed else _failure(details),
        score=score,
        category=scenario.category,
        subscores=subscores,
        usage=output.usage,
        error=output.error,
        details=details,
    )


DIAGNOSTIC_SUBSCORES = ("ir_recall", "payload_accuracy", "response_quality")


def _milestone_subscores(milestones: MilestoneScore) -> dict[str, float]:
    scores = {
        "milestones": milestones.milestone_score,
        "minefield_hit": float(milestones.minefield_hit),
    }
    for name in DIAGNOSTIC_SUBSCORES:
        value = getattr(milestones.diagnostics, name)
        if value is not None:
            scores[name] = float(value)
    return scores


def kind_of(result: TaskResult[Any]) -> str | None:
    """A result's scenario mode (single_turn or multi_turn), for the metrics."""
    details = result.details
    if isinstance(details, AstraDetails):
        return details.mode
    if isinstance(details, dict):
        mode = details.get("mode")
        return mode if isinstance(mode, str) else None
    return None


def milestone_score_of(result: TaskResult[Any]) -> MilestoneScore | None:
    """A result's milestone score, from typed details or from details read as plain data, its
    task-level success (``qa_success`` or ``entity_creation_success``) read from whether the
    result passed (records written before that rule held the milestone score there)."""
    details = result.details
    found = getattr(details, "milestones", None)
    if not isinstance(found, MilestoneScore):
        raw = details.get("milestones") if isinstance(details, dict) else None
        if not isinstance(raw, dict):
            return None
        try:
            found = MilestoneScore.model_validate(raw)
        except ValidationError:
            return None
    return _with_task_success(found, result.passed)


def _with_task_success(score: MilestoneScore, passed: bool) -> MilestoneScore:
    diagnostics = score.diagnostics
    update = {
        name: float(passed)
        for name in ("qa_success", "entity_creation_success")
        if getattr(diagnostics, name) is not None and getattr(diagnostics, name) != float(passed)
    }
    if not update:
        return score
    return score.model_copy(update={"diagnostics": diagnostics.model_copy(update=update)})


def astra_metrics(results: Iterable[TaskResult[Any]]) -> RunMetrics:
    """The metrics of an astra run: its failure classes, and a breakdown by mode."""
    return compute_metrics(results, FAILURE_CLASSES, kind_of)


__all__ = [
    "FAILURE_CLASSES",
    "AstraDetails",
    "AstraResult",
    "astra_metrics",
    "grade",
    "kind_of",
    "milestone_score_of",
]
