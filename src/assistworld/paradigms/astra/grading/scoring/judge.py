"""The LLM judge: any model (a model string through :class:`~assistworld.llm.ModelPool`, or any
:class:`~assistworld.llm.ChatModel`) grades a conversation 0-2 on five aspects, given the
trajectory, the success conditions, the reasoning monologue and the related entities.

The rubric (``templates/judge_system.j2``) tells the judge not to penalise a justified
clarification question. Requests are greedy and go through the model's client, so they are
cached on disk like every call: judging a run again costs nothing. A reply that cannot be read,
or a call that fails for good, is recorded in the verdict, never raised.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

import jinja2
from pydantic import BaseModel, ConfigDict, Field

from assistworld.core.templates import package_templates
from assistworld.llm import (
    ChatModel,
    ChatRequest,
    ModelCallError,
    ModelSource,
    system_message,
    user_message,
)
from assistworld.paradigms.astra.grading.scoring.judge_reply import (
    DIMENSIONS,
    ParseMode,
    parse_reply,
)

RESULT_CHARACTERS = 1500
"""How much of one tool result the judge sees (the rest is cut, and says so)."""
MESSAGE_CHARACTERS = 6000
"""How much of any other message the judge sees."""


class JudgeInputs(BaseModel):
    """What the judge is shown about one conversation."""

    model_config = ConfigDict(frozen=True)
    messages: list[dict[str, Any]]
    success_conditions: list[str] = Field(default_factory=list)
    monologue: str = ""
    related_entities: list[Any] = Field(default_factory=list)


class Verdict(BaseModel):
    """The judge's scores (None where it gave none), its reasons, and how the reply was read."""

    model_config = ConfigDict(frozen=True)
    scores: dict[str, int | None]
    reasons: dict[str, str] = Field(default_factory=dict)
    parse: ParseMode
    problem: str | None = None
    """Why some or all scores are missing (unreadable reply, failed call)."""
    reply: str = ""
    cached: bool = False

    def normalised(self, dimension: str = "task_completion") -> float | None:
        """One score in [0, 1] (score / 2), or None if the judge gave none."""
        score = self.scores.get(dimension)
        return None if score is None else score / 2


def transcript(messages: Sequence[Mapping[str, Any]]) -> list[str]:
    """The conversation as numbered lines: who spoke, every tool call and (cut) result."""
    lines = []
    for index, message in enumerate(messages):
        role = str(message.get("role", "?"))
        content = message.get("content")
        text = content if isinstance(content, str) else json.dumps(content, ensure_ascii=False)
        text = _cut(text, RESULT_CHARACTERS if role == "tool" else MESSAGE_CHARACTERS)
        if role == "tool":
            lines.append(f"[{index}] tool result: {text}")
            continue
        if content:
            lines.append(f"[{index}] {role}: {text}")
        for call in message.get("tool_calls") or ():
            function = call.get("function", {})
            arguments = function.get("arguments", "{}")
            if not isinstance(arguments, str):
                arguments = json.dumps(arguments, ensure_ascii=False)
            arguments = _cut(arguments, RESULT_CHARACTERS)
            lines.append(f"[{index}] {role} calls {function.get('name', '?')}({arguments})")
    return lines


def _cut(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    return f"{text[:limit]} ... [{len(text) - limit} more characters]"


@cache
def _templates() -> jinja2.Environment:
    return package_templates(
        "assistworld.paradigms.astra.grading.scoring", keep_trailing_newline=True
    )


def judge_request(inputs: JudgeInputs, *, max_tokens: int | None = 800) -> ChatRequest:
    """The request the judge sends for ``inputs`` (greedy decoding)."""
    environment = _templates()
    system = environment.get_template("judge_system.j2").render()
    user = environment.get_template("judge_user.j2").render(
        success_conditions=inputs.success_conditions,
        monologue=inputs.monologue,
        related_entities=[
            e if isinstance(e, str) else json.dumps(e, ensure_ascii=False)
            for e in inputs.related_entities
        ],
        transcript=transcript(inputs.messages),
    )
    return ChatRequest(
        messages=(system_message(system), user_message(user)),
        temperature=0.0,
        max_tokens=max_tokens,
    )


class Judge:
    """Grades conversations with one model."""

    def __init__(self, model: ChatModel, *, max_tokens: int | None = 800) -> None:
        self.model = model
        self.max_tokens = max_tokens

    @classmethod
    def for_model(cls, model: str, pool: ModelSource, *, max_tokens: int | None = 800) -> Judge:
        """A judge for a model string (``openai:gpt-4o``, ``openai-compatible:NAME@URL``,
        ``local:...``), built by the run's pool so that it shares its cache and limits."""
        return cls(pool.get(model), max_tokens=max_tokens)

    async def grade(self, inputs: JudgeInputs) -> Verdict:
        request = judge_request(inputs, max_tokens=self.max_tokens)
        try:
            response = await self.model.complete(request)
        except ModelCallError as error:
            return Verdict(
                scores=dict.fromkeys(DIMENSIONS),
                parse="failed",
                problem=f"judge call failed: {error}",
            )
        parsed = parse_reply(response.text)
        return Verdict(
            scores=parsed.scores,
            reasons=parsed.reasons,
            parse=parsed.mode,
            problem=parsed.problem,
            reply=response.text,
            cached=response.cached,
        )

    async def grade_all(self, conversations: Sequence[JudgeInputs]) -> list[Verdict]:
        """Grade many at once (the model's client bounds how many calls run together)."""
        return list(await asyncio.gather(*(self.grade(c) for c in conversations)))
