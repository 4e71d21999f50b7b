"""The LLM judge as a run option (``assistworld run --judge-model SPEC``).

After the conversations are graded, :class:`ConversationJudge` shows each one to the judge with
what the scenario says a good solution is (its success conditions, reasoning and the records it
is about) and adds the verdict to the result: ``details.judge`` and ``subscores["judge_*"]``.
Every request goes through the run's model pool, so it is cached on disk and bounded by the
pool's concurrency; each verdict's usage is recorded apart from the agent's and the user's
(``details.usage_by_role["judge"]``). A result already judged by the same model with the same
prompt is left as it is, so resuming a run judges only what is new; a verdict whose call failed
is asked again.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
from collections.abc import Iterator, Sequence
from typing import Any

from assistworld.agents.model_requests import CallLog
from assistworld.core.result import TaskResult
from assistworld.llm import ChatModel, ModelSource
from assistworld.paradigms.astra.grading.judge_record import JudgeRecord
from assistworld.paradigms.astra.grading.results import AstraDetails
from assistworld.paradigms.astra.grading.scoring.judge import Judge, JudgeInputs, judge_request
from assistworld.paradigms.astra.grading.scoring.judge_reply import DIMENSIONS
from assistworld.paradigms.astra.tasks.scenario import RequiredRow, Scenario

MAX_TOKENS = 800


def prompt_hash() -> str:
    """The sha256 of the judge's prompt (rubric and layout), rendered for an empty
    conversation: a changed rubric gives a new hash, so old verdicts are redone."""
    request = judge_request(JudgeInputs(messages=[]), max_tokens=MAX_TOKENS)
    text = "\n".join(message.content or "" for message in request.messages)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def success_conditions(scenario: Scenario) -> list[str]:
    """The scenario's success conditions in words, as the judge reads them."""
    lines = []
    for fact in scenario.success.answer:
        spelled = " or ".join(repr(option) for option in fact.any_of)
        about = f" ({fact.about})" if fact.about else ""
        lines.append(f"The assistant tells the user {spelled}{about}.")
    for row in scenario.success.end_state:
        lines.append(_row_condition(row))
    return lines


def _row_condition(row: RequiredRow) -> str:
    where = ", ".join(f"{k} = {json.dumps(v, default=str)}" for k, v in row.where.items())
    parts = [f"table {row.table}"]
    if row.owner:
        parts.append(f"owner {row.owner}")
    if row.key:
        parts.append(f"key {row.key}")
    if where:
        parts.append(f"with {where}")
    about = f" ({row.about})" if row.about else ""
    if row.still:
        verb = "still holds" if row.present else "still holds no"
        return f"At the end the user's data {verb} row: {'; '.join(parts)}{about}."
    verb = "holds" if row.present else "no longer holds"
    made = "added or changed" if row.present else "removed"
    return (
        f"At the end the user's data {verb} a row: {'; '.join(parts)}{about}; "
        f"the assistant {made} it in this conversation (what the data already held does not count)."
    )


def related_records(scenario: Scenario) -> list[Any]:
    """Each related entity with its record from the scenario's world when one is found (a
    member keyed by the id, or an object whose ``id`` is it), else the bare id."""
    found: list[Any] = []
    for entity in scenario.related_entities:
        record = next(_records_named(scenario.world, entity), None)
        if record is None:
            found.append(entity)
            continue
        # as JSON: a scenario file's dates and times are read as date objects
        found.append({"id": entity, "record": json.loads(json.dumps(record, default=str))})
    return found


def _records_named(value: Any, name: str) -> Iterator[Any]:
    if isinstance(value, dict):
        if value.get("id") == name:
            yield value
        for key, item in value.items():
            if key == name and isinstance(item, dict):
                yield item
            yield from _records_named(item, name)
    elif isinstance(value, list):
        for item in value:
            yield from _records_named(item, name)


def judge_inputs(scenario: Scenario, details: AstraDetails) -> JudgeInputs | None:
    """What the judge sees of one graded conversation (None when there is no conversation);
    the assistant's system prompt is left out (the rubric says what it may do)."""
    if details.conversation is None:
        return None
    messages = [m for m in details.conversation.messages if m.get("role") != "system"]
    return JudgeInputs(
        messages=messages,
        success_conditions=success_conditions(scenario),
        monologue=scenario.reasoning,
        related_entities=related_records(scenario),
    )


class ConversationJudge:
    """Judges the conversations of a run with one model (the ``judge`` hook's object)."""

    def __init__(self, model: str, client: ChatModel, *, max_tokens: int = MAX_TOKENS) -> None:
        self.model = model
        self.client = client
        self.max_tokens = max_tokens
        self.prompt_sha256 = prompt_hash()

    @classmethod
    def for_model(cls, model: str, pool: ModelSource) -> ConversationJudge:
        return cls(model, pool.get(model))

    def settings(self) -> dict[str, Any]:
        return {
            "model": self.model,
            "prompt_sha256": self.prompt_sha256,
            "max_tokens": self.max_tokens,
            "temperature": 0.0,
        }

    def needs_verdict(self, details: AstraDetails) -> bool:
        """No verdict yet, one from another judge or prompt, or one whose call failed."""
        verdict = details.judge
        if details.conversation is None:
            return False
        return (
            verdict is None
            or verdict.model != self.model
            or verdict.prompt_sha256 != self.prompt_sha256
            or verdict.call_failed
        )

    async def judge(
        self, tasks: Sequence[Any], results: Sequence[TaskResult[Any]]
    ) -> list[TaskResult[Any]]:
        """``results`` with a verdict added to each that needs one (see :meth:`needs_verdict`);
        the others are returned as they are. Results of tasks not in ``tasks`` are left alone."""
        scenarios = {task.query_id: task for task in tasks}
        todo = [
            (index, scenarios[result.query_id])
            for index, result in enumerate(results)
            if result.query_id in scenarios
            and isinstance(result.details, AstraDetails)
            and self.needs_verdict(result.details)
        ]
        verdicts = await asyncio.gather(
            *(self._verdict(scenario, results[index].details) for index, scenario in todo)
        )
        judged = list(results)
        for (index, _), verdict in zip(todo, verdicts, strict=True):
            if verdict is not None:
                judged[index] = with_verdict(results[index], verdict)
        return judged

    async def _verdict(self, scenario: Scenario, details: AstraDetails) -> JudgeRecord | None:
        log = CallLog(self.client)
        try:
            inputs = judge_inputs(scenario, details)
            if inputs is None:
                return None
            verdict = await Judge(log, max_tokens=self.max_tokens).grade(inputs)
        except Exception as error:  # one conversation that cannot be judged is its own record
            return JudgeRecord(
                model=self.model,
                prompt_sha256=self.prompt_sha256,
                scores=dict.fromkeys(DIMENSIONS),
                parse="failed",
                problem=f"could not judge this conversation: {type(error).__name__}: {error}",
                usage=log.usage(),
            )
        return JudgeRecord(
            model=self.model,
            prompt_sha256=self.prompt_sha256,
            scores=verdict.scores,
            reasons=verdict.reasons,
            parse=verdict.parse,
            problem=verdict.problem,
            reply=verdict.reply,
            usage=log.usage(),
        )


def with_verdict(result: TaskResult[Any], verdict: JudgeRecord) -> TaskResult[Any]:
    """``result`` with ``verdict`` in its details and its scores as ``judge_*`` subscores (an
    earlier verdict's subscores replaced)."""
    details: AstraDetails = result.details
    usage = {**details.usage_by_role, "judge": verdict.usage}
    kept = {k: v for k, v in result.subscores.items() if not k.startswith("judge_")}
    earlier = result.usage_by_role or ({"agent": result.usage} if result.usage else {})
    roles = {**earlier, "judge": verdict.usage}
    return result.model_copy(
        update={
            "usage_by_role": roles,
            "details": details.model_copy(update={"judge": verdict, "usage_by_role": usage}),
            "subscores": {**kept, **verdict.subscores()},
        }
    )


__all__ = [
    "ConversationJudge",
    "judge_inputs",
    "prompt_hash",
    "related_records",
    "success_conditions",
    "with_verdict",
]
