"""A role's model in one conversation: the model client, and what its calls used."""

from __future__ import annotations

from typing import Any

from assistworld.llm.chat import ChatModel, ChatRequest, ChatResponse
from assistworld.llm.errors import ModelCallError
from assistworld.llm.usage import UsageTotals


class RoleModel:
    """``model`` (a shared client) as one role of one conversation: every reply or failure is
    counted here, so each role's usage is recorded apart (``UsageTotals`` semantics: replies
    from the disk cache count in ``cache_hits``, not in tokens or cost)."""

    def __init__(self, model: ChatModel, spec: str) -> None:
        self.model = model
        self.spec = spec
        self.totals = UsageTotals()
        self._replies = 0
        self._cached = 0

    async def complete(self, request: ChatRequest) -> ChatResponse:
        try:
            response = await self.model.complete(request)
        except ModelCallError as error:
            self.totals.add_failure(error)
            raise
        self.totals.add_response(response)
        self._replies += 1
        self._cached += response.cached
        return response

    def usage(self) -> dict[str, Any]:
        """The totals as JSON, with ``cached`` True when every reply came from the cache."""
        report = self.totals.to_json()
        report["cached"] = self._replies > 0 and self._cached == self._replies
        return report


def merged_usage(roles: list[RoleModel]) -> dict[str, Any]:
    """The usage of several roles added up (what the run's totals count)."""
    totals = UsageTotals()
    for role in roles:
        totals.merge(role.totals)
    report = totals.to_json()
    report["cached"] = bool(roles) and all(role.usage()["cached"] for role in roles)
    return report


__all__ = ["RoleModel", "merged_usage"]
