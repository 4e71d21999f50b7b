"""What the model-driven agents share: how a chat request is made, what it cost, and how a reply
becomes an :class:`~assistworld.agents.base.AgentOutput`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from assistworld.agents.base import AgentOutput
from assistworld.llm import (
    ChatMessage,
    ChatModel,
    ChatRequest,
    ChatResponse,
    ModelCallError,
    UsageTotals,
)
from assistworld.paradigms.aspera.agents.extraction import ExtractedProgram, extract_program
from assistworld.paradigms.aspera.agents.view import AgentTask


@dataclass(frozen=True)
class GenerationSettings:
    """Decoding settings of every request an agent makes. Greedy by default, as in the paper."""

    temperature: float | None = 0.0
    max_tokens: int | None = None
    seed: int | None = None
    grammar: str | None = None
    """A GBNF grammar the local model's replies must follow (see ``profiles``)."""

    def request(self, messages: Sequence[ChatMessage]) -> ChatRequest:
        return ChatRequest(
            messages=tuple(messages),
            temperature=self.temperature,
            max_tokens=self.max_tokens,
            seed=self.seed,
            grammar=self.grammar,
        )

    def with_grammar(self, grammar: str | None) -> GenerationSettings:
        return GenerationSettings(self.temperature, self.max_tokens, self.seed, grammar)

    def describe(self) -> dict[str, Any]:
        return {"temperature": self.temperature, "max_tokens": self.max_tokens, "seed": self.seed}


class CallLog:
    """The usage of every call one ``solve`` made, as ``AgentOutput.usage`` reports it.

    Token, latency and cost figures are those of live calls (``UsageTotals`` semantics); replies
    served from the disk cache count in ``cache_hits`` and ``replayed_*``. ``cached`` is True when
    every reply came from the cache.
    """

    def __init__(self, model: ChatModel, settings: GenerationSettings) -> None:
        self._model = model
        self._settings = settings
        self._totals = UsageTotals()
        self._replies = 0
        self._cached_replies = 0

    async def ask(self, messages: Sequence[ChatMessage]) -> ChatResponse:
        """Send ``messages``; record the reply's usage, or the failure, before returning."""
        try:
            response = await self._model.complete(self._settings.request(messages))
        except ModelCallError as error:
            self._totals.add_failure(error)
            raise
        self._totals.add_response(response)
        self._replies += 1
        self._cached_replies += response.cached
        return response

    def usage(self) -> dict[str, Any]:
        report = self._totals.to_json()
        report["cached"] = self._replies > 0 and self._cached_replies == self._replies
        return report


def example_refusal(task: AgentTask, excluded: frozenset[str], agent: str) -> AgentOutput | None:
    """A refusal when ``task`` is one of the agent's in-context examples (its reference program is
    in the prompt, so a score on it would mean nothing); None otherwise."""
    if task.query_id not in excluded:
        return None
    return AgentOutput(
        program=None,
        error=(
            f"{task.query_id} is an in-context example of the {agent} agent (its reference "
            "program is in the prompt); leave it out of the evaluated tasks"
        ),
        details={"failure": "in-context-example"},
    )


def model_failure(error: ModelCallError, log: CallLog, details: dict[str, Any]) -> AgentOutput:
    """The output of a task whose model call failed for good (after the client's retries)."""
    return AgentOutput(
        program=None,
        error=f"model call failed: {error}",
        usage=log.usage(),
        details={**details, "failure": "model-call"},
    )


def extraction_failure_kind(text: str, finish_reason: str | None) -> str:
    """Why no program could be extracted: an empty reply, a reply cut off by the token limit, a
    code block that does not parse, or prose with no program at all."""
    if not text.strip():
        return "empty-reply"
    if finish_reason == "length":
        return "cut-off"
    if "```" in text:
        return "unparsable-block"
    return "no-program"


def output_from_reply(response: ChatResponse, log: CallLog, details: dict[str, Any]) -> AgentOutput:
    """The program extracted from ``response``, or ``program=None`` with the classified reason."""
    extracted: ExtractedProgram = extract_program(response.text)
    details = {**details, "extraction": extracted.source, "finish_reason": response.finish_reason}
    if extracted.program is None:
        return AgentOutput(
            program=None,
            completion=response.text,
            usage=log.usage(),
            details={
                **details,
                "failure": extraction_failure_kind(response.text, response.finish_reason),
            },
            error=extracted.reason,
        )
    return AgentOutput(
        program=extracted.program, completion=response.text, usage=log.usage(), details=details
    )
