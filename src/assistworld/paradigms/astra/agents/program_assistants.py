"""The assistant side of a conversation, written as programs: a model that writes one program each
turn (``cck``), or fixed programs (``program-oracle``: the scenario's ``reference_program``;
``replay`` of a file's programs).

Each program acts through :class:`~assistworld.paradigms.astra.agents.program_turns.ProgramRunner`:
it
runs in the sandbox against the conversation's world, its calls go into the transcript as a
tool-calling agent's do, and what it returns (or asks, raising ``RequiresUserInput``) is the
assistant's message to the user. The model keeps its own chat apart from the transcript: the
library's documentation, the user's words, its programs and what became of them. A program that
gives the user no reply is shown to the model as a developer would see it, and the model writes
another, up to ``max_steps`` model calls a turn.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from assistworld.agents.model_requests import CallLog, Decoding
from assistworld.agents.program_extraction import PYTHON_BLOCK_GRAMMAR, extract_program
from assistworld.llm.chat import ChatMessage, system_message, user_message
from assistworld.paradigms.astra.agents.assistants import GenerationSettings
from assistworld.paradigms.astra.agents.conversation import (
    AssistantTurn,
    ConversationBrief,
    Session,
)
from assistworld.paradigms.astra.agents.program_prompts import ProgramPrompts
from assistworld.paradigms.astra.agents.program_turns import ProgramRunner, ProgramTurn


class ProgramWritingAssistant:
    """A model that writes one program per turn (see the module's documentation)."""

    kind = "cck"

    def __init__(
        self,
        model: CallLog,
        prompts: ProgramPrompts,
        runner: ProgramRunner,
        settings: GenerationSettings,
        *,
        compact: bool = False,
    ) -> None:
        self.model = model
        self.prompts = prompts
        self.runner = runner
        self.settings = settings
        self.compact = compact
        self._chat: list[ChatMessage] = []
        self._shown = 0
        """Transcript messages the model has been told about."""
        self._last: ProgramTurn | None = None
        self._records: list[dict[str, Any]] = []

    def system_prompt(self, brief: ConversationBrief) -> str | None:
        return None  # the model's own chat holds the documentation; the transcript does not

    def decoding(self) -> Decoding:
        """How the model is asked: the run's settings, held to one ```python block when compact."""
        grammar = PYTHON_BLOCK_GRAMMAR if self.compact else None
        return Decoding(self.settings.temperature, self.settings.max_tokens, grammar=grammar)

    async def respond(self, session: Session) -> AssistantTurn:
        self._chat.append(self._opening(session))
        transcript = session.transcript
        decoding = self.decoding()
        limit = self.settings.max_steps
        for step in range(1, limit + 1):
            response = await self.model.complete(decoding.request(self._chat))
            self._chat.append(ChatMessage(role="assistant", content=response.text))
            extracted = extract_program(response.text)
            if extracted.program is None:
                turn = ProgramTurn(problem=f"your reply cannot be run: {extracted.reason}")
                self._records.append({**turn.record(""), "step": step})
            else:
                turn = await self.runner.run(session, extracted.program)
                self._records.append({**turn.record(extracted.program), "step": step})
            if turn.problem is None:
                reply = turn.reply or ""
                transcript.append(ChatMessage(role="assistant", content=reply))
                self._last, self._shown = turn, len(transcript.messages)
                return AssistantTurn(reply)
            if step < limit:
                feedback = self.prompts.problem(
                    problem=turn.problem, calls=turn.calls, left=limit - step
                )
                self._chat.append(user_message(feedback))
        self._shown = len(transcript.messages)
        return AssistantTurn("", finished=False)

    def _opening(self, session: Session) -> ChatMessage:
        """What opens this turn of the model's chat: the system turn and the query at first,
        then what the last program did and what the user said since."""
        brief = session.brief
        said = [
            m.content or ""
            for m in session.transcript.messages[self._shown :]
            if m.role == "user" and m.content
        ]
        if not self._chat:
            self._chat.append(
                system_message(
                    self.prompts.system(
                        protagonist=brief.protagonist,
                        now=brief.now,
                        mode=brief.mode,
                        modules=self.runner.family.toolset.modules,
                        compact=self.compact,
                    )
                )
            )
            return user_message("\n".join(said) or brief.query)
        last = self._last
        if last is None:  # the previous turn was cut off: nothing reached the user
            return user_message("\n".join(said))
        return user_message(
            self.prompts.turn_report(
                calls=last.calls,
                reply=last.reply or "",
                handed_back=last.handed_back,
                user="\n".join(said),
            )
        )

    def usage(self) -> dict[str, Any] | None:
        return self.model.usage()

    def records(self) -> list[dict[str, Any]]:
        """Every program this assistant wrote in the conversation, with what became of it."""
        return list(self._records)


class FixedProgramAssistant:
    """Runs given programs, one per assistant turn (the reference program, a replay file's)."""

    def __init__(self, programs: Sequence[str], runner: ProgramRunner, *, kind: str) -> None:
        self.kind = kind
        self.runner = runner
        self._programs = list(programs)
        self._next = 0
        self._records: list[dict[str, Any]] = []

    def system_prompt(self, brief: ConversationBrief) -> str | None:
        return None

    async def respond(self, session: Session) -> AssistantTurn:
        if self._next >= len(self._programs):
            return AssistantTurn("", finished=False, exhausted=True)
        program = self._programs[self._next]
        self._next += 1
        turn = await self.runner.run(session, program)
        self._records.append(turn.record(program))
        if turn.problem is not None:  # no reply reaches the user; the record says why
            return AssistantTurn("")
        reply = turn.reply or ""
        session.transcript.append(ChatMessage(role="assistant", content=reply))
        return AssistantTurn(reply)

    def usage(self) -> dict[str, Any] | None:
        return None

    def records(self) -> list[dict[str, Any]]:
        """Every program run in the conversation, with what became of it."""
        return list(self._records)


__all__ = ["FixedProgramAssistant", "ProgramWritingAssistant"]
