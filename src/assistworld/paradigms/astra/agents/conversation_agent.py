"""The agent every astra agent is: it plays one whole conversation per scenario, an assistant
side against a user side, on a fresh world, and hands the recorded conversation to the grader.

Each agent of :mod:`.registry` and :mod:`.program_agents` is one of these, told how to make the
two sides for a scenario; each role's usage is recorded apart.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from assistworld.agents.base import AgentOutput
from assistworld.core.errors import UserError
from assistworld.llm.usage import UsageTotals
from assistworld.paradigms.astra.agents.conversation import (
    DEFAULT_MAX_USER_TURNS,
    Assistant,
    ConversationBrief,
    run_conversation,
)
from assistworld.paradigms.astra.agents.users import User
from assistworld.paradigms.astra.tasks.worlds import Families


class UnknownAgentError(UserError, ValueError):
    """The requested agent does not exist or lacks an option it needs."""


class NoConversation(Exception):
    """This agent has no conversation to offer for a scenario (a replay file without it)."""


AssistantFor = Callable[[ConversationBrief], Assistant]
UserFor = Callable[[ConversationBrief], User]


class ConversationAgent:
    """Runs one conversation per scenario (see the module's documentation)."""

    def __init__(
        self,
        name: str,
        assistant_for: AssistantFor,
        user_for: UserFor,
        *,
        described: Mapping[str, Any],
        max_user_turns: int = DEFAULT_MAX_USER_TURNS,
        families: Families | None = None,
        end_on_repeat: bool = False,
    ) -> None:
        self.name = name
        self._assistant_for = assistant_for
        self._user_for = user_for
        self._described = dict(described)
        self.max_user_turns = max_user_turns
        self.end_on_repeat = end_on_repeat
        """End a conversation when the user repeats a long message verbatim (recorded)."""
        self.families = families or Families()
        """Shared with whoever builds many agents (an audit): a family's tool schemas are slow
        to make."""

    def settings(self) -> dict[str, Any]:
        return {
            "name": self.name,
            **self._described,
            "max_user_turns": self.max_user_turns,
            "end_on_repeat": self.end_on_repeat,
        }

    async def solve(self, task: Any) -> AgentOutput:
        brief: ConversationBrief = task
        try:
            assistant = self._assistant_for(brief)
            user = self._user_for(brief)
        except NoConversation as missing:
            return AgentOutput(error=str(missing), details={"failure": "missing"})
        outcome = await run_conversation(
            brief,
            self.families.get(brief.apps),
            assistant,
            user,
            max_user_turns=self.max_user_turns,
            end_on_repeat=self.end_on_repeat,
        )
        by_role = {"assistant": assistant.usage(), "user": user.usage()}
        replies = outcome.record.replies()
        records = getattr(assistant, "records", None)
        programs = {"programs": records()} if callable(records) else {}
        return AgentOutput(
            conversation=outcome.record.model_dump(mode="json"),
            completion=replies[-1] if replies else None,
            usage=_merged(by_role),
            usage_by_role={
                role: usage
                for role, usage in (("agent", by_role["assistant"]), ("user", by_role["user"]))
                if usage
            },
            error=outcome.error,
            details={
                "end_reason": outcome.end_reason,
                "user_turns": outcome.user_turns,
                "assistant_turns": outcome.assistant_turns,
                "roles": {"assistant": assistant.kind, "user": user.kind},
                "usage_by_role": {k: v for k, v in by_role.items() if v is not None},
                **programs,
            },
        )


def _merged(by_role: Mapping[str, dict[str, Any] | None]) -> dict[str, Any]:
    used = [usage for usage in by_role.values() if usage is not None]
    if not used:
        return {}
    totals = UsageTotals()
    for usage in used:
        totals.merge(UsageTotals.from_json(usage))
    report = totals.to_json()
    report["cached"] = all(bool(usage.get("cached")) for usage in used)
    return report


__all__ = [
    "AssistantFor",
    "ConversationAgent",
    "NoConversation",
    "UnknownAgentError",
    "UserFor",
]
