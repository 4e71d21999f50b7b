"""One conversation: an assistant and a user take turns on a fresh world, every step recorded.

The world is built from the scenario's starting tables for this conversation alone; tool calls
run with it bound to the running task only, so conversations run concurrently in one process
never see each other's world. The :class:`~assistworld.agents.transcript.Transcript` notes the
world's version after every message and keeps each changed state compactly.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any, Protocol

from assistworld.agents.transcript import ConversationRecord, Transcript
from assistworld.llm.chat import system_message, user_message
from assistworld.llm.errors import ModelCallError
from assistworld.paradigms.astra.agents.users import EndReason, User
from assistworld.paradigms.astra.grading.user_checks import is_long_repeat
from assistworld.paradigms.astra.tasks.scenario import Mode, Scenario, ScriptedTurn
from assistworld.paradigms.astra.tasks.worlds import AppFamily
from assistworld.tools.toolset import Toolset
from assistworld.world import World

DEFAULT_MAX_USER_TURNS = 8
"""User messages a conversation may hold (the first query included) before it is cut off."""


@dataclass(frozen=True)
class ConversationBrief:
    """What a conversation is run from: the scenario less its ground truth.

    The assistant is shown only the query and the clock (through its prompt) and reaches the
    world through tools; ``user_goal``, ``knowledge_boundary`` and ``user_script`` are for the
    user side alone.
    """

    query_id: str
    query: str
    now: datetime.datetime
    protagonist: str
    mode: Mode
    apps: str
    world: dict[str, Any]
    user_goal: str | None = None
    knowledge_boundary: tuple[str, ...] = ()
    user_script: tuple[ScriptedTurn, ...] = ()


def brief_of(scenario: Scenario) -> ConversationBrief:
    """What a conversation is run from: the scenario without its ground truth."""
    return ConversationBrief(
        query_id=scenario.query_id,
        query=scenario.query,
        now=scenario.now,
        protagonist=scenario.protagonist,
        mode=scenario.mode,
        apps=scenario.apps,
        world=scenario.world,
        user_goal=scenario.user_goal,
        knowledge_boundary=tuple(scenario.knowledge_boundary),
        user_script=tuple(scenario.user_script),
    )


@dataclass
class Session:
    """A conversation in progress: its world, the tools, and the transcript so far."""

    brief: ConversationBrief
    world: World
    toolset: Toolset
    transcript: Transcript
    definitions: tuple[dict[str, Any], ...] = ()
    """The tools' OpenAI definitions (made once per app family)."""


@dataclass(frozen=True)
class AssistantTurn:
    """How an assistant turn ended: the reply to the user; ``finished`` False when it was cut
    off while still calling tools; ``exhausted`` when a replayed assistant had nothing left."""

    reply: str
    finished: bool = True
    exhausted: bool = False


class Assistant(Protocol):
    """The assistant side of one conversation."""

    kind: str

    def system_prompt(self, brief: ConversationBrief) -> str | None:
        """The system message that opens the conversation (None: none)."""
        ...

    async def respond(self, session: Session) -> AssistantTurn:
        """Act (adding every message to ``session.transcript``) until replying to the user."""
        ...

    def usage(self) -> dict[str, Any] | None:
        """What the assistant's model calls used (None without a model)."""
        ...


@dataclass
class ConversationOutcome:
    """A finished conversation: its record, why it ended, and the first error, if any."""

    record: ConversationRecord
    end_reason: EndReason
    user_turns: int
    assistant_turns: int
    error: str | None = None


async def run_conversation(
    brief: ConversationBrief,
    family: AppFamily,
    assistant: Assistant,
    user: User,
    *,
    max_user_turns: int = DEFAULT_MAX_USER_TURNS,
    end_on_repeat: bool = False,
) -> ConversationOutcome:
    """Run ``assistant`` and ``user`` on a fresh world built from ``brief``. With
    ``end_on_repeat``, a user message that says an earlier one again verbatim (a long one: see
    :func:`~assistworld.paradigms.astra.grading.user_checks.is_long_repeat`) ends the conversation
    (``user_repeated``) once recorded, instead of letting a stuck simulator run to the limit."""
    world = family.build_world(brief.world, brief.now)
    transcript = Transcript(world)
    session = Session(brief, world, family.toolset, transcript, family.definitions)
    system = assistant.system_prompt(brief)
    if system:
        transcript.append(system_message(system))
    transcript.append(user_message(brief.query))
    user_turns, assistant_turns = 1, 0
    error: str | None = None
    end: EndReason
    while True:
        try:
            turn = await assistant.respond(session)
        except ModelCallError as failure:
            end, error = "agent_error", f"the assistant's model call failed: {failure}"
            break
        if turn.exhausted:
            end = "script_ended"
            break
        assistant_turns += 1
        if not turn.finished:
            end = "step_limit"
            break
        if brief.mode == "single_turn":
            end = "answered"
            break
        if user_turns >= max_user_turns:
            end = "turn_limit"
            break
        try:
            said = await user.reply(tuple(transcript.messages))
        except ModelCallError as failure:
            end, error = "user_error", f"the user's model call failed: {failure}"
            break
        if said.exhausted:
            end = "script_ended"
            break
        if said.end is not None:  # kept in the record, so that a replay of it ends the same way
            words = f"{said.text} " if said.text else ""
            transcript.append(user_message(f"{words}[END {said.end}]"))
            user_turns += 1 if said.text else 0
            end = said.end
            break
        if not said.text:
            end, error = "user_error", "the simulated user said nothing and did not end"
            break
        earlier = [str(m.content or "") for m in transcript.messages if m.role == "user"]
        transcript.append(user_message(said.text))
        user_turns += 1
        if end_on_repeat and is_long_repeat(said.text, earlier):
            end = "user_repeated"
            break
    return ConversationOutcome(
        record=transcript.record(),
        end_reason=end,
        user_turns=user_turns,
        assistant_turns=assistant_turns,
        error=error,
    )


__all__ = [
    "DEFAULT_MAX_USER_TURNS",
    "Assistant",
    "AssistantTurn",
    "ConversationBrief",
    "ConversationOutcome",
    "Session",
    "brief_of",
    "run_conversation",
]
