"""The milestone score of a recorded conversation, for the astra grader.

A scenario keeps its ``milestones`` and ``minefields`` as plain data; :func:`scoring_spec`
reads them with the scorer's schema (suite loading calls it, so a bad spec is a suite error
naming the file and field), and :func:`score_record` matches them against the conversation's
messages and the world after each, with the step-level diagnostics (IR recall against the
scenario's ``related_entities``, payload accuracy against the write tools its milestones ask
for, response quality against the facts its success conditions require).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field, model_validator

from assistworld.agents.transcript import ConversationRecord
from assistworld.paradigms.astra.grading.scoring.constraints import (
    RowsConstraint,
    ToolCallConstraint,
)
from assistworld.paradigms.astra.grading.scoring.diagnostics import (
    Expectations,
    RowPayload,
    ScenarioDiagnostics,
    diagnose,
)
from assistworld.paradigms.astra.grading.scoring.spec import ScoringSpec, load_scoring_spec
from assistworld.paradigms.astra.tasks.scenario import Scenario
from assistworld.paradigms.astra.tasks.worlds import AppFamily


def scoring_spec(scenario: Scenario) -> ScoringSpec | None:
    """The scenario's milestones and minefields as a spec; None when it has neither.

    Raises :class:`~assistworld.paradigms.astra.grading.scoring.ScoringSpecError` naming the
    scenario's file and the bad field."""
    if not scenario.milestones and not scenario.minefields:
        return None
    data = {"milestones": scenario.milestones, "minefields": scenario.minefields}
    return load_scoring_spec(data, scenario.source or scenario.query_id)


class MilestoneScore(BaseModel):
    """What the milestone scorer made of one conversation.

    ``score`` is S = S_milestones x 1[no minefield hit]; ``matched`` maps each milestone to the
    message index it was matched to (None when it scored 0: no message satisfies it) and
    ``similarity`` to its similarity there; ``hit_minefields`` names the minefields that
    matched."""

    score: float
    milestone_score: float
    minefield_hit: bool
    matched: dict[str, int | None] = Field(default_factory=dict)
    similarity: dict[str, float] = Field(default_factory=dict)
    hit_minefields: list[str] = Field(default_factory=list)
    minefields_at: dict[str, int | None] = Field(default_factory=dict)
    """The message index each hit minefield matched (results from before it lack it)."""
    optimal: bool = True
    diagnostics: ScenarioDiagnostics

    @model_validator(mode="before")
    @classmethod
    def _unmatched_at_zero(cls, data: Any) -> Any:
        """A milestone scored 0 matched nowhere; records written before this rule gave it the
        index the matcher happened to leave it at."""
        if isinstance(data, dict) and isinstance(data.get("matched"), dict):
            similarity = data.get("similarity") or {}
            data = {
                **data,
                "matched": {
                    name: None if similarity.get(name, 1.0) <= 0.0 else index
                    for name, index in data["matched"].items()
                },
            }
        return data


def expectations(scenario: Scenario, spec: ScoringSpec, writes: frozenset[str]) -> Expectations:
    """What the diagnostics compare against, from the scenario's own fields: its related
    entities, the golden payloads (the write-tool calls its milestones ask for and their
    constraints on rows added, updated or removed), and every phrasing of each required fact;
    a scenario that asks for rows in the end state is an entity-creation task."""
    golden = [
        constraint
        for milestone in spec.milestones
        for constraint in milestone.constraints
        if isinstance(constraint, ToolCallConstraint) and constraint.tool in writes
    ]
    rows = [
        RowPayload(milestone=milestone.id, constraint=position, table=constraint.table)
        for milestone in spec.milestones
        for position, constraint in enumerate(milestone.constraints)
        if isinstance(constraint, RowsConstraint) and constraint.kind != "snapshot"
    ]
    keywords: list[str | list[str]] = [list(fact.any_of) for fact in scenario.success.answer]
    return Expectations(
        related_entities=scenario.related_entities,
        golden_writes=golden,
        row_payloads=rows,
        response_keywords=keywords,
        kind="entity_creation" if scenario.stateful else "question_answering",
    )


def score_record(
    scenario: Scenario,
    spec: ScoringSpec,
    record: ConversationRecord,
    family: AppFamily,
    conditions_met: bool | None = None,
) -> MilestoneScore:
    """Score ``record`` against ``spec`` (the world read with the family's table types);
    ``conditions_met`` (every success condition holds) makes, with no minefield hit, the
    task-level success of the diagnostics."""
    # the matcher (networkx, SciPy) is imported when a conversation is scored, not when a
    # suite is read
    from assistworld.paradigms.astra.grading.scoring.conversation import Conversation
    from assistworld.paradigms.astra.grading.scoring.score import score_conversation

    initial, states = record.initial_and_states(family.tables)
    conversation = Conversation(record.messages, states, initial)
    result = score_conversation(conversation, spec)
    writes = family.write_tools
    goal_met = None if conditions_met is None else conditions_met and not result.minefield_hit
    expected = expectations(scenario, spec, writes)
    diagnostics = diagnose(conversation, result, expected, writes, goal_met)
    return MilestoneScore(
        score=result.score,
        milestone_score=result.milestone_score,
        minefield_hit=result.minefield_hit,
        matched={m.id: m.index if m.similarity > 0.0 else None for m in result.milestones},
        similarity={m.id: m.similarity for m in result.milestones},
        hit_minefields=[m.id for m in result.minefields if m.similarity > 0.0],
        minefields_at={m.id: m.index for m in result.minefields if m.similarity > 0.0},
        optimal=result.optimal,
        diagnostics=diagnostics,
    )


__all__ = ["MilestoneScore", "expectations", "score_record", "scoring_spec"]
