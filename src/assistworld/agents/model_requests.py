"""How a model-driven agent of any paradigm asks its model: the decoding settings of every
request, and the log that adds up what one task's requests cost."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from assistworld.core.sampling import current_sample
from assistworld.llm import (
    ChatMessage,
    ChatModel,
    ChatRequest,
    ChatResponse,
    ModelCallError,
    UsageTotals,
)


@dataclass(frozen=True)
class Decoding:
    """Decoding settings of every request an agent makes. Greedy by default, as in the papers."""

    temperature: float | None = 0.0
    max_tokens: int | None = None
    seed: int | None = None
    grammar: str | None = None
    """A GBNF grammar the local model's replies must follow (other models ignore it)."""

    def request(self, messages: Sequence[ChatMessage]) -> ChatRequest:
        """The chat request of ``messages`` with these settings."""
        return ChatRequest(
            messages=tuple(messages),
            temperature=self.temperature,
            max_tokens=self.max_tokens,
            seed=self.seed,
            grammar=self.grammar,
        )

    def with_grammar(self, grammar: str | None) -> Decoding:
        """These settings with replies held to ``grammar`` (None: free text)."""
        return Decoding(self.temperature, self.max_tokens, self.seed, grammar)

    def describe(self) -> dict[str, Any]:
        """The settings as a run records them."""
        return {"temperature": self.temperature, "max_tokens": self.max_tokens, "seed": self.seed}


class CallLog:
    """The usage of every call one ``solve`` made, as ``AgentOutput.usage`` reports it.

    Token, latency and cost figures are those of live calls (``UsageTotals`` semantics); replies
    served from the disk cache count in ``cache_hits`` and ``replayed_*``. ``cached`` is True when
    every reply came from the cache.

    A log is itself a chat model (:meth:`complete`), so it can stand for ``model`` wherever a
    caller builds its own requests: astra gives each role of a conversation its own log.
    """

    def __init__(self, model: ChatModel, decoding: Decoding | None = None) -> None:
        self._model = model
        self._decoding = decoding if decoding is not None else Decoding()
        self._totals = UsageTotals()
        self._replies = 0
        self._cached_replies = 0

    async def ask(self, messages: Sequence[ChatMessage]) -> ChatResponse:
        """Send ``messages``; record the reply's usage, or the failure, before returning."""
        return await self.complete(self._decoding.request(messages))

    async def complete(self, request: ChatRequest) -> ChatResponse:
        """Send ``request`` (marked with the sample being solved, see
        :mod:`assistworld.core.sampling`); record the reply's usage, or the failure, before
        returning."""
        sample = current_sample()
        if sample and request.sample is None:
            request = request.model_copy(update={"sample": sample})
        try:
            response = await self._model.complete(request)
        except ModelCallError as error:
            self._totals.add_failure(error)
            raise
        self._totals.add_response(response)
        self._replies += 1
        self._cached_replies += response.cached
        return response

    def usage(self) -> dict[str, Any]:
        """The totals so far, with ``cached``: whether every reply came from the cache."""
        report = self._totals.to_json()
        report["cached"] = self._replies > 0 and self._cached_replies == self._replies
        return report


__all__ = ["CallLog", "Decoding"]
