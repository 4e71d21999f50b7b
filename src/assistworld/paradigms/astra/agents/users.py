"""The user side of a conversation: a simulated user (a model playing the protagonist) or a
scripted one (fixed replies, for tests and replays).

Both see only what a person would: the user's own messages and the assistant's replies, never
tool calls or their results. A user ends the conversation with an explicit signal; the reason is
recorded (``goal_met``, ``gave_up``, ``out_of_scope``), and the harness adds its own reasons
(``turn_limit`` and the rest of :data:`EndReason`), so a failure can be blamed on the agent, the
user or the environment.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from assistworld.agents.model_requests import CallLog
from assistworld.llm.chat import ChatMessage, ChatRequest, system_message
from assistworld.paradigms.astra.tasks.scenario import ScriptedTurn, UserEnd

EndReason = Literal[
    "goal_met",
    "gave_up",
    "out_of_scope",
    "turn_limit",
    "answered",
    "script_ended",
    "step_limit",
    "agent_error",
    "user_error",
    "user_repeated",
]
"""Why a conversation ended. The user's own: ``goal_met``, ``gave_up``, ``out_of_scope``. The
harness's: ``turn_limit`` (the user's turns ran out), ``answered`` (a single-turn scenario's
one reply), ``script_ended`` (a scripted user had nothing more to say), ``step_limit`` (the
assistant was cut off while still calling tools), ``agent_error`` / ``user_error`` (a role's
model failed or said nothing), ``user_repeated`` (the simulated user said a long message again
verbatim and the run ends such conversations: ``run --end-on-repeat``)."""

USER_ENDS: tuple[UserEnd, ...] = ("goal_met", "gave_up", "out_of_scope")

END_SIGNAL = re.compile(r"\[\s*END\b[\s:=_-]*([a-z_]*)\s*\]", re.IGNORECASE)
"""``[END goal_met]`` (also ``[END: gave_up]``; a bare ``[END]`` means the goal was met)."""


@dataclass(frozen=True)
class UserTurn:
    """What the user does next: say ``text`` (None: nothing), then end with ``end`` (None: go on).
    ``exhausted`` marks a scripted user with nothing left to say."""

    text: str | None
    end: UserEnd | None = None
    exhausted: bool = False


class User(Protocol):
    """The user side of one conversation (a new one per conversation: it may keep state)."""

    kind: str

    async def reply(self, conversation: Sequence[ChatMessage]) -> UserTurn:
        """The user's next turn after ``conversation`` (the whole transcript so far)."""
        ...

    def usage(self) -> dict[str, Any] | None:
        """What the user's model calls used (None for a user without a model)."""
        ...


def parse_end_signal(text: str) -> UserTurn:
    """A simulated user's reply split into its words and its end signal, if any."""
    match = END_SIGNAL.search(text)
    if match is None:
        stripped = text.strip()
        return UserTurn(stripped or None)
    reason = match.group(1).lower()
    end: UserEnd = "goal_met"
    for known in USER_ENDS:
        if reason == known:
            end = known
    words = (text[: match.start()] + text[match.end() :]).strip()
    return UserTurn(words or None, end)


class ScriptedUser:
    """Says its scripted turns in order; then has nothing more (``exhausted``)."""

    kind = "scripted"

    def __init__(self, turns: Sequence[ScriptedTurn]) -> None:
        self._turns = list(turns)
        self._next = 0

    async def reply(self, conversation: Sequence[ChatMessage]) -> UserTurn:
        if self._next >= len(self._turns):
            return UserTurn(None, exhausted=True)
        turn = self._turns[self._next]
        self._next += 1
        return UserTurn(turn.say, turn.end)

    def usage(self) -> dict[str, Any] | None:
        return None


def user_side(conversation: Sequence[ChatMessage]) -> list[ChatMessage]:
    """The conversation as the user saw it, from the user's side (their words as ``assistant``,
    the assistant's replies as ``user``), without the first query (the prompt holds it)."""
    seen: list[ChatMessage] = []
    users = 0
    for message in conversation:
        if message.role == "user":
            users += 1
            if users > 1:
                seen.append(ChatMessage(role="assistant", content=message.content))
        elif message.role == "assistant" and message.content:
            seen.append(ChatMessage(role="user", content=message.content))
    return seen


class SimulatedUser:
    """A model playing the protagonist from its goal and knowledge boundary only."""

    kind = "simulated"

    def __init__(
        self,
        model: CallLog,
        system_prompt: str,
        *,
        temperature: float | None = 0.0,
        max_tokens: int | None = 300,
    ) -> None:
        self.model = model
        self.system_prompt = system_prompt
        self.temperature = temperature
        self.max_tokens = max_tokens

    async def reply(self, conversation: Sequence[ChatMessage]) -> UserTurn:
        messages = (system_message(self.system_prompt), *user_side(conversation))
        request = ChatRequest(
            messages=messages, temperature=self.temperature, max_tokens=self.max_tokens
        )
        response = await self.model.complete(request)
        return parse_end_signal(response.text)

    def usage(self) -> dict[str, Any] | None:
        return self.model.usage()


__all__ = [
    "END_SIGNAL",
    "EndReason",
    "ScriptedUser",
    "SimulatedUser",
    "User",
    "UserTurn",
    "parse_end_signal",
    "user_side",
]
