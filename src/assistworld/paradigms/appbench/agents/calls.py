"""How a planner asks its model: decoding settings, and the usage of every request it made."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from assistworld.llm import (
    ChatMessage,
    ChatModel,
    ChatResponse,
    ModelCallError,
    UsageTotals,
)
from assistworld.llm.chat import ChatRequest


@dataclass(frozen=True)
class Decoding:
    """Decoding settings of every request a planner makes (greedy by default)."""

    temperature: float | None = 0.0
    max_tokens: int | None = None
    seed: int | None = None

    def describe(self) -> dict[str, Any]:
        return {"temperature": self.temperature, "max_tokens": self.max_tokens, "seed": self.seed}


class UsageLog:
    """Sends one task's requests and adds up their usage (live calls and cache hits apart)."""

    def __init__(self, model: ChatModel, decoding: Decoding) -> None:
        self._model = model
        self._decoding = decoding
        self._totals = UsageTotals()
        self._replies = 0
        self._cached = 0

    async def ask(self, messages: Sequence[ChatMessage]) -> ChatResponse:
        request = ChatRequest(
            messages=tuple(messages),
            temperature=self._decoding.temperature,
            max_tokens=self._decoding.max_tokens,
            seed=self._decoding.seed,
        )
        try:
            response = await self._model.complete(request)
        except ModelCallError as error:
            self._totals.add_failure(error)
            raise
        self._totals.add_response(response)
        self._replies += 1
        self._cached += response.cached
        return response

    def usage(self) -> dict[str, Any]:
        report = self._totals.to_json()
        report["cached"] = self._replies > 0 and self._cached == self._replies
        return report
