"""Step- and task-level diagnostics of a scored conversation (the columns of ASTRA's capability
table), each traceable to the messages it came from, and their aggregation over scenarios.

- **turns**: assistant messages in the conversation.
- **milestone similarity**: ``S_milestones``; **score**: the rule-based score.
- **IR recall**: the share of the scenario's related entities (ids) that a read tool returned
  (as a value or a key anywhere in its result); each entity records the message that first
  returned it.
- **payload accuracy**: golden write calls aligned one to one with the agent's write calls by
  the tool-trace match (an optimal assignment); the summed similarity over the larger of the two
  counts, so missing and extra writes both cost.
- **response quality**: the share of expected keywords the assistant said to the user, or, with
  an expected response instead, the best ROUGE-L of one of its texts against it.
- **task level**: the rule-based score, counted as question-answering success or as
  entity-creation success according to the scenario's kind.

A diagnostic that does not apply (no related entities, no golden write, nothing expected to be
said) is None and left out of the averages, which report how many scenarios they cover.
"""

from __future__ import annotations

import json
import statistics
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from assistworld.core.assignment import optimal_assignment
from assistworld.paradigms.astra.scoring.constraints import ToolCallConstraint
from assistworld.paradigms.astra.scoring.rouge import rouge_l

if TYPE_CHECKING:
    from assistworld.paradigms.astra.scoring.conversation import Conversation
    from assistworld.paradigms.astra.scoring.score import ScoreResult

TaskKind = Literal["question_answering", "entity_creation"]


class Expectations(BaseModel):
    """What a scenario says the diagnostics compare against (the scenario file's fields)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    related_entities: list[str] = Field(default_factory=list)
    golden_writes: list[ToolCallConstraint] = Field(default_factory=list)
    expected_response: str | None = None
    response_keywords: list[str] = Field(default_factory=list)
    kind: TaskKind | None = None


class PayloadMatch(BaseModel):
    model_config = ConfigDict(frozen=True)
    golden: int
    """Position of the golden write."""
    message_index: int | None
    """The assistant message whose call it was matched to; None when unmatched."""
    similarity: float


class ScenarioDiagnostics(BaseModel):
    model_config = ConfigDict(frozen=True)
    turns: int
    milestone_similarity: float
    score: float
    ir_recall: float | None = None
    entities_read_at: dict[str, int | None] = Field(default_factory=dict)
    payload_accuracy: float | None = None
    payloads: list[PayloadMatch] = Field(default_factory=list)
    extra_writes: list[int] = Field(default_factory=list)
    """Message indices of write calls no golden write was matched to."""
    response_quality: float | None = None
    response_index: int | None = None
    qa_success: float | None = None
    entity_creation_success: float | None = None


def diagnose(
    conversation: Conversation,
    result: ScoreResult,
    expected: Expectations,
    write_tools: Iterable[str],
) -> ScenarioDiagnostics:
    """The diagnostics of one scored conversation; ``write_tools`` names the tools that write
    (every other tool counts as a read)."""
    writes = frozenset(write_tools)
    read_at = _entities_read(conversation, expected.related_entities, writes)
    recall = None
    if expected.related_entities:
        recall = sum(i is not None for i in read_at.values()) / len(read_at)
    payload, payloads, extra = _payloads(conversation, expected.golden_writes, writes)
    quality, said_at = _response(conversation, expected)
    return ScenarioDiagnostics(
        turns=sum(m.role == "assistant" for m in conversation.messages),
        milestone_similarity=result.milestone_score,
        score=result.score,
        ir_recall=recall,
        entities_read_at=read_at,
        payload_accuracy=payload,
        payloads=payloads,
        extra_writes=extra,
        response_quality=quality,
        response_index=said_at,
        qa_success=result.score if expected.kind == "question_answering" else None,
        entity_creation_success=result.score if expected.kind == "entity_creation" else None,
    )


def _entities_read(
    conversation: Conversation, entities: Sequence[str], writes: frozenset[str]
) -> dict[str, int | None]:
    found: dict[str, int | None] = dict.fromkeys(entities)
    for call in conversation.calls:
        if call.name in writes or call.result_index is None:
            continue
        mentioned = set(_mentions(call.result))
        for entity in entities:
            if found[entity] is None and entity in mentioned:
                found[entity] = call.result_index
    return found


def _mentions(value: Any) -> Iterator[str]:
    """Every key and scalar value in a JSON value, as text."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield str(key)
            yield from _mentions(item)
    elif isinstance(value, list):
        for item in value:
            yield from _mentions(item)
    elif isinstance(value, str):
        yield value
    elif value is not None:
        yield json.dumps(value)


def _payloads(
    conversation: Conversation, golden: Sequence[ToolCallConstraint], writes: frozenset[str]
) -> tuple[float | None, list[PayloadMatch], list[int]]:
    import numpy as np  # the scorer's modules: imported when a conversation is scored

    from assistworld.paradigms.astra.scoring.checks import trace_similarity

    made = [c for c in conversation.calls if c.name in writes]
    if not golden:
        return None, [], [c.index for c in made]
    similarity = np.zeros((len(golden), len(made)))
    for g, want in enumerate(golden):
        for c, call in enumerate(made):
            reused = conversation.reused_before(call.index)
            similarity[g, c] = trace_similarity(want, call, reused)
    rows, columns = optimal_assignment(similarity, maximize=True)
    matched = {int(r): int(c) for r, c in zip(rows, columns, strict=True) if similarity[r, c] > 0.0}
    matches = [
        PayloadMatch(
            golden=g,
            message_index=made[matched[g]].index if g in matched else None,
            similarity=float(similarity[g, matched[g]]) if g in matched else 0.0,
        )
        for g in range(len(golden))
    ]
    used = set(matched.values())
    extra = [call.index for c, call in enumerate(made) if c not in used]
    accuracy = sum(m.similarity for m in matches) / max(len(golden), len(made))
    return accuracy, matches, extra


def _response(
    conversation: Conversation, expected: Expectations
) -> tuple[float | None, int | None]:
    said = conversation.said_to_user()
    if expected.response_keywords:
        everything = " ".join(text for _, text in said).casefold()
        hits = sum(k.casefold() in everything for k in expected.response_keywords)
        return hits / len(expected.response_keywords), (said[-1][0] if said else None)
    if expected.expected_response is None:
        return None, None
    if not said:
        return 0.0, None
    scored = [(rouge_l(expected.expected_response, text), index) for index, text in said]
    best, index = max(scored)
    return best, index


COLUMNS = (
    "turns",
    "milestone_similarity",
    "ir_recall",
    "response_quality",
    "payload_accuracy",
    "qa_success",
    "entity_creation_success",
)


class ColumnSummary(BaseModel):
    model_config = ConfigDict(frozen=True)
    mean: float | None
    count: int


def aggregate(diagnostics: Sequence[ScenarioDiagnostics]) -> dict[str, ColumnSummary]:
    """The mean of every column over the scenarios where it applies, with their number."""
    summary: dict[str, ColumnSummary] = {}
    for column in COLUMNS:
        values = [getattr(d, column) for d in diagnostics if getattr(d, column) is not None]
        mean = float(statistics.fmean(values)) if values else None
        summary[column] = ColumnSummary(mean=mean, count=len(values))
    return summary
