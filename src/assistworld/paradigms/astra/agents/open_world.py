"""What a conversation-suite episode serves an agent acting from outside (``--agent external``).

The conversation runs as the built-in ``tools`` agent's does (:func:`run_conversation` on a
fresh world of the scenario, the same simulated or scripted user); only the assistant side is
the external agent. Each call of a personal tool is one assistant message with that call, run
through the same path as the built-in loop's (:func:`run_calls`: validated arguments, the world's
writes, the transcript's events); ``message_user(text)`` is the assistant's reply, and returns
the user's answer (or says the user has ended the conversation); ``finish(answer)`` makes the
answer the last reply and ends the conversation. The transcript is graded by the scenario's
success conditions, milestones and minefields, as the built-in agent's is.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
from collections.abc import Mapping, Sequence
from typing import Any

from assistworld.agents.base import AgentOutput
from assistworld.agents.tool_calling import run_calls
from assistworld.core.episode import (
    EpisodeMaker,
    EpisodeTool,
    ToolReply,
    object_schema,
    text_argument,
)
from assistworld.llm.chat import ChatMessage, ChatModel, ToolCall
from assistworld.paradigms.astra.agents.conversation import (
    AssistantTurn,
    ConversationBrief,
    Session,
)
from assistworld.paradigms.astra.agents.conversation_agent import ConversationAgent
from assistworld.paradigms.astra.agents.prompts import Prompts
from assistworld.paradigms.astra.agents.roles import user_side
from assistworld.paradigms.astra.agents.users import User, UserTurn
from assistworld.paradigms.astra.tasks.worlds import Families

USER_ENDED = "the user has ended the conversation; call finish(answer)"


class BridgedAssistant:
    """The assistant side of the conversation, driven by the episode's tool calls: each
    ``respond`` opens a turn that a ``message_user`` or ``finish`` closes."""

    kind = "external"

    def __init__(self) -> None:
        self.session: Session | None = None
        self._turn: asyncio.Future[AssistantTurn] | None = None
        self._opened = asyncio.Event()

    def system_prompt(self, brief: ConversationBrief) -> str | None:
        return None

    async def respond(self, session: Session) -> AssistantTurn:
        self.session = session
        self._turn = asyncio.get_running_loop().create_future()
        self._opened.set()
        return await self._turn

    def usage(self) -> dict[str, Any] | None:
        return None

    async def open_turn(self, conversation: asyncio.Task[AgentOutput]) -> Session | None:
        """The session once the assistant has the turn; None when the conversation is over."""
        opened = asyncio.ensure_future(self._opened.wait())
        try:
            await asyncio.wait({opened, conversation}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            opened.cancel()
        return self.session if self._opened.is_set() else None

    def close_turn(self, turn: AssistantTurn) -> None:
        assert self._turn is not None
        self._opened.clear()
        self._turn.set_result(turn)


class FinishingUser:
    """The scenario's user. Once the assistant has finished, the user answers its last reply
    once more, so that an end the user signals (``goal_met``, ``gave_up``) is recorded as in a
    built-in agent's conversation; anything else the user would say goes unheard (the
    conversation is over: ``script_ended``)."""

    def __init__(self, user: User) -> None:
        self.user = user
        self.kind = user.kind
        self.finished = False

    async def reply(self, conversation: Sequence[ChatMessage]) -> UserTurn:
        turn = await self.user.reply(conversation)
        if self.finished and turn.end is None:
            return UserTurn(None, exhausted=True)
        return turn

    def usage(self) -> dict[str, Any] | None:
        return self.user.usage()


class ConversationEpisode:
    """One scenario's episode (see the module)."""

    def __init__(
        self,
        brief: ConversationBrief,
        user: User,
        families: Families,
        *,
        max_user_turns: int,
        end_on_repeat: bool,
    ) -> None:
        self.brief = brief
        self.family = families.get(brief.apps)
        self.assistant = BridgedAssistant()
        self.user = FinishingUser(user)
        self._agent = ConversationAgent(
            "external",
            lambda _: self.assistant,
            lambda _: self.user,
            described={},
            max_user_turns=max_user_turns,
            families=families,
            end_on_repeat=end_on_repeat,
        )
        self._conversation: asyncio.Task[AgentOutput] | None = None

    def _running(self) -> asyncio.Task[AgentOutput]:
        if self._conversation is None:
            self._conversation = asyncio.create_task(self._agent.solve(self.brief))
        return self._conversation

    def task_text(self) -> str:
        single = self.brief.mode == "single_turn"
        return "\n".join(
            [
                f"The user ({self.brief.protagonist}) says: {self.brief.query}",
                "",
                f"It is now {self.brief.now.isoformat()}. You act on the user's phone with its "
                "tools (contacts, calendar, email, messages, calls).",
                "Expected: do what the user asks with the tools and reply to the user. "
                + (
                    "This is a single request: your answer is the one reply; call "
                    "finish(answer) with it."
                    if single
                    else "Talk to the user with message_user(text) (it returns the user's reply); "
                    "when you are done, call finish(answer): the answer is your last reply."
                ),
            ]
        )

    def tools(self) -> list[EpisodeTool]:
        tools = [
            EpisodeTool(
                "message_user",
                "Say something to the user; returns the user's reply (or says the user has "
                "ended the conversation).",
                object_schema(
                    {"text": {"type": "string", "description": "what you say"}}, ["text"]
                ),
                self._message_user,
            )
        ]
        for definition in self.family.definitions:
            function = definition["function"]
            tools.append(
                EpisodeTool(
                    function["name"],
                    function.get("description", ""),
                    function["parameters"],
                    self._caller(function["name"]),
                )
            )
        return tools

    def _caller(self, name: str) -> Any:
        async def call(arguments: Mapping[str, Any]) -> ToolReply:
            session = await self.assistant.open_turn(self._running())
            if session is None:
                return ToolReply(USER_ENDED, is_error=True)
            transcript = session.transcript
            request = ToolCall(
                id=f"call_{secrets.token_hex(6)}",
                name=name,
                arguments=json.dumps(dict(arguments), ensure_ascii=False),
            )
            transcript.append(ChatMessage(role="assistant", content=None, tool_calls=(request,)))
            with session.world.active():
                replies = run_calls(session.toolset, [request], transcript.trajectory)
            for reply in replies:
                transcript.append(reply)
            text = str(replies[0].content or "")
            return ToolReply(text, is_error=text.startswith('{"error"'))

        return call

    async def _message_user(self, arguments: Mapping[str, Any]) -> ToolReply:
        text = text_argument(arguments, "text")
        if isinstance(text, ToolReply):
            return text
        conversation = self._running()
        session = await self.assistant.open_turn(conversation)
        if session is None:
            return ToolReply(USER_ENDED, is_error=True)
        said = len(session.transcript.messages)
        session.transcript.append(ChatMessage(role="assistant", content=text))
        self.assistant.close_turn(AssistantTurn(text))
        if await self.assistant.open_turn(conversation) is None:
            last = _user_words(session.transcript.messages[said:])
            return ToolReply(f"{last}\n[{USER_ENDED}]" if last else USER_ENDED)
        return ToolReply(_user_words(session.transcript.messages[said:]) or "")

    async def finish(self, answer: str | None) -> AgentOutput:
        conversation = self._running()
        self.user.finished = True
        if not conversation.done():
            session = await self.assistant.open_turn(conversation)
            if session is not None:
                if answer is None:  # it left without a last reply: cut off, as at the step limit
                    self.assistant.close_turn(AssistantTurn("", finished=False))
                else:
                    session.transcript.append(ChatMessage(role="assistant", content=answer))
                    self.assistant.close_turn(AssistantTurn(answer))
        output = await conversation
        details = {**output.details, "answer": answer}
        return output.model_copy(update={"details": details})

    async def abandon(self) -> None:
        if self._conversation is not None and not self._conversation.done():
            self._conversation.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._conversation


def _user_words(messages: Sequence[ChatMessage]) -> str | None:
    words = [str(m.content or "") for m in messages if m.role == "user"]
    return words[-1] if words else None


def conversation_episodes(
    user_client: ChatModel | None, *, max_user_turns: int, end_on_repeat: bool
) -> EpisodeMaker:
    """The episode maker of a conversation suite's run (the user simulated on
    ``user_client``, or scripted without one)."""
    users = user_side(user_client, Prompts())
    families = Families()

    def episode(view: Any) -> ConversationEpisode:
        if not isinstance(view, ConversationBrief):
            raise TypeError(f"a conversation episode is built from a brief, not {type(view)}")
        return ConversationEpisode(
            view,
            users(view),
            families,
            max_user_turns=max_user_turns,
            end_on_repeat=end_on_repeat,
        )

    return episode


__all__ = ["USER_ENDED", "ConversationEpisode", "conversation_episodes"]
