"""Step- and task-level diagnostics of a scored conversation (the columns of ASTRA's capability
table), each traceable to the messages it came from, and their aggregation over scenarios.

- **turns**: assistant messages in the conversation.
- **milestone similarity**: ``S_milestones``; **score**: the rule-based score.
- **IR recall**: the share of the scenario's related entities (ids) that a read tool returned
  (as a value or a key anywhere in its result); each entity records the message that first
  returned it.
- **payload accuracy**: how precisely the agent's writes carried what they had to. The golden
  payloads are the write-tool calls the milestones ask for and the milestones' constraints on
  rows added, updated or removed (a write's effect on the world). A golden call is aligned one
  to one with the agent's write calls by the tool-trace match (an optimal assignment); a golden
  row change takes its milestone's similarity for that constraint where the milestone matched
  (0 if it did not), and accounts for the writes that changed its table between the previous
  matched milestone and its own index. Accuracy is the summed similarity over the larger of the
  number of golden payloads and the number met plus the writes no golden payload accounts for
  (``extra_writes``), so missing and extra writes both cost.
- **response quality**: the share of expected facts the assistant said to the user (a fact is
  said when any one of its phrasings is, ignoring case and runs of spaces, as the success
  conditions read it), or, with an expected response instead, the best ROUGE-L of one of its
  texts against it.
- **task level**: whether the end goal was reached (1 or 0: every success condition holds and
  no minefield was hit, the run's ``passed``), counted as question-answering success or as
  entity-creation success according to the scenario's kind; the milestone score is the
  separate ``milestone_similarity``.

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
from assistworld.paradigms.astra.grading.scoring.constraints import ToolCallConstraint
from assistworld.paradigms.astra.grading.scoring.rouge import rouge_l

if TYPE_CHECKING:
    from assistworld.paradigms.astra.grading.scoring.conversation import Call, Conversation
    from assistworld.paradigms.astra.grading.scoring.score import ScoreResult

TaskKind = Literal["question_answering", "entity_creation"]


class RowPayload(BaseModel):
    """A milestone constraint on rows a write adds, updates or removes: a golden payload."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    milestone: str
    constraint: int
    """The constraint's position in the milestone's constraints."""
    table: str


class Expectations(BaseModel):
    """What a scenario says the diagnostics compare against (the scenario file's fields)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    related_entities: list[str] = Field(default_factory=list)
    golden_writes: list[ToolCallConstraint] = Field(default_factory=list)
    row_payloads: list[RowPayload] = Field(default_factory=list)
    expected_response: str | None = None
    response_keywords: list[str | list[str]] = Field(default_factory=list)
    """Facts the assistant should tell: a text, or a list of phrasings any one of which does."""
    kind: TaskKind | None = None


class PayloadMatch(BaseModel):
    model_config = ConfigDict(frozen=True)
    golden: int
    """Position of the golden payload (the golden calls first, then the row changes)."""
    message_index: int | None
    """The assistant message whose write call it was matched to (for a row change: the last
    write that changed its table in its window); None when unmatched."""
    similarity: float
    milestone: str | None = None
    """For a golden row change: the milestone whose constraint it is."""


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
    goal_met: bool | None = None,
) -> ScenarioDiagnostics:
    """The diagnostics of one scored conversation; ``write_tools`` names the tools that write
    (every other tool counts as a read); ``goal_met`` is whether the end goal was reached (the
    task-level success; None leaves it out)."""
    writes = frozenset(write_tools)
    read_at = _entities_read(conversation, expected.related_entities, writes)
    recall = None
    if expected.related_entities:
        recall = sum(i is not None for i in read_at.values()) / len(read_at)
    payload, payloads, extra = _payloads(conversation, result, expected, writes)
    quality, said_at = _response(conversation, expected)
    success = None if goal_met is None else float(goal_met)
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
        qa_success=success if expected.kind == "question_answering" else None,
        entity_creation_success=success if expected.kind == "entity_creation" else None,
    )


def _entities_read(
    conversation: Conversation, entities: Sequence[str], writes: frozenset[str]
) -> dict[str, int | None]:
    found: dict[str, int | None] = dict.fromkeys(entities)
    for call in conversation.calls:
        if call.name in writes or call.result_index is None:
            continue
        mentioned = set(mentions(call.result))
        for entity in entities:
            if found[entity] is None and entity in mentioned:
                found[entity] = call.result_index
    return found


def mentions(value: Any) -> Iterator[str]:
    """Every key and scalar value in a JSON value, as text: what IR recall looks for a related
    entity's id among, in a read tool's result."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield str(key)
            yield from mentions(item)
    elif isinstance(value, list):
        for item in value:
            yield from mentions(item)
    elif isinstance(value, str):
        yield value
    elif value is not None:
        yield json.dumps(value)


def _payloads(
    conversation: Conversation,
    result: ScoreResult,
    expected: Expectations,
    writes: frozenset[str],
) -> tuple[float | None, list[PayloadMatch], list[int]]:
    made = [c for c in conversation.calls if c.name in writes]
    golden = expected.golden_writes
    if not golden and not expected.row_payloads:
        return None, [], [c.index for c in made]
    matches, used = _call_payloads(conversation, golden, made)
    for offset, payload in enumerate(expected.row_payloads):
        match, explained = _row_payload(conversation, result, payload, made, len(golden) + offset)
        matches.append(match)
        used |= explained
    extra = [call.index for c, call in enumerate(made) if c not in used]
    met = sum(m.message_index is not None for m in matches)
    accuracy = sum(m.similarity for m in matches) / max(len(matches), met + len(extra))
    return accuracy, matches, extra


def _call_payloads(
    conversation: Conversation, golden: Sequence[ToolCallConstraint], made: Sequence[Call]
) -> tuple[list[PayloadMatch], set[int]]:
    """The golden calls aligned with the write calls made; the positions of the calls used."""
    if not golden:
        return [], set()
    import numpy as np  # the scorer's modules: imported when a conversation is scored

    from assistworld.paradigms.astra.grading.scoring.checks import trace_similarity

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
    return matches, set(matched.values())


def _row_payload(
    conversation: Conversation,
    result: ScoreResult,
    payload: RowPayload,
    made: Sequence[Call],
    position: int,
) -> tuple[PayloadMatch, set[int]]:
    """A golden row change: its milestone's similarity for it where the milestone matched, and
    the write calls (positions in ``made``) that changed its table in the milestone's window
    (after the previous matched milestone, up to its own index)."""
    outcomes = {m.id: m for m in result.milestones}
    outcome = outcomes.get(payload.milestone)
    missed = PayloadMatch(
        golden=position, message_index=None, similarity=0.0, milestone=payload.milestone
    )
    if outcome is None or outcome.index is None or outcome.similarity <= 0.0:
        return missed, set()
    index = outcome.index
    similarity = outcome.constraints[payload.constraint].similarity
    since = max(
        (
            m.index
            for m in result.milestones
            if m.index is not None and m.similarity > 0.0 and m.index < index
        ),
        default=-1,
    )
    explained = {
        c
        for c, call in enumerate(made)
        if since < call.index <= index and _changed(conversation, call, payload.table)
    }
    last = max((made[c].index for c in explained), default=None)
    match = PayloadMatch(
        golden=position, message_index=last, similarity=similarity, milestone=payload.milestone
    )
    return match, explained


def _changed(conversation: Conversation, call: Call, table: str) -> bool:
    """Whether ``table`` changed at the call's message or at its result's."""
    at = [call.index] if call.result_index is None else [call.index, call.result_index]
    return any(table in conversation.changed[i] for i in at)


def _response(
    conversation: Conversation, expected: Expectations
) -> tuple[float | None, int | None]:
    said = conversation.said_to_user()
    if expected.response_keywords:
        everything = _folded(" ".join(text for _, text in said))
        facts = [[k] if isinstance(k, str) else k for k in expected.response_keywords]
        hits = sum(any(_folded(p) in everything for p in fact) for fact in facts)
        return hits / len(facts), (said[-1][0] if said else None)
    if expected.expected_response is None:
        return None, None
    if not said:
        return 0.0, None
    scored = [(rouge_l(expected.expected_response, text), index) for index, text in said]
    best, index = max(scored)
    return best, index


def _folded(text: str) -> str:
    return " ".join(text.split()).casefold()


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
