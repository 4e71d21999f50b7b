"""One program acting in a conversation: run in the sandbox against the conversation's world, its
tool calls written into the transcript as a tool-calling agent's are, its return value the reply.

The program runs against a copy of the conversation's world (sent whole to the sandbox, which
records every library call it serves). Its calls are then written into the transcript the way the
tool-calling loop writes a model's: one assistant message per call, answered by a ``tool``
message, each run again through the toolset's JSON path on the conversation's own world, so the
world after every message, the events, the milestones, payload accuracy and IR recall read the same
for both kinds of agent. The world the sandbox gave back is the authority: when the calls run again
do not leave the same world (the run made more calls than a run record keeps, or a call took a
value the JSON path reads differently), the conversation's world is set to the sandbox's and the
turn says so (``world_replaced``).

How the program ended decides the turn: a return value is the reply to the user (text as it is;
another value as Python prints it); ``RequiresUserInput`` asks the user its message; anything else
(a parse failure, an exception, a limit, returning None) is a ``problem``, shown to the program's
author as a developer would see it.
"""

from __future__ import annotations

import asyncio
import json
import pprint
from dataclasses import dataclass, field
from typing import Any

from assistworld.agents.developer_view import clip, developer_view
from assistworld.agents.program_rules import check_candidate, library_roots, strip_library_imports
from assistworld.agents.tool_calling import run_calls
from assistworld.llm.chat import ChatMessage, ToolCall
from assistworld.paradigms.astra.agents.conversation import Session
from assistworld.paradigms.astra.agents.program_executor import ProgramExecutor
from assistworld.paradigms.astra.tasks.worlds import AppFamily
from assistworld.sandbox import ProgramLibrary, ProgramRun, RunOutcome
from assistworld.sandbox.codec import Codec, CodecError
from assistworld.tools.events import ToolEvent
from assistworld.world import WorldState

HAND_BACK = "RequiresUserInput"
"""The exception a program raises to ask the user (its message is the question)."""
RETURNED_NONE = (
    "the program returned None; return the reply to the user as a string (or raise "
    "RequiresUserInput with a question for the user)"
)


@dataclass
class ProgramTurn:
    """What running one program in a conversation came to (see the module's documentation)."""

    reply: str | None = None
    """What to tell the user: the return value, or the hand-back question; None on a problem."""
    handed_back: bool = False
    problem: str | None = None
    """Why the program did not give a reply, as its author should read it (None: it did)."""
    run: ProgramRun | None = None
    calls: list[ToolEvent] = field(default_factory=list)
    """The calls written into the transcript for this program, in order."""
    world_replaced: bool = False
    imports_removed: int = 0

    def record(self, program: str) -> dict[str, Any]:
        """What a result keeps of this turn (for the report; the model never sees it)."""
        run = self.run
        return {
            "program": program,
            "outcome": run.outcome.value if run is not None else "not_run",
            "exception_type": run.exception_type if run is not None else None,
            "problem": clip(self.problem, 1000) if self.problem else None,
            "handed_back": self.handed_back,
            "tool_calls": len(self.calls),
            "omitted_calls": run.tool_calls.omitted if run is not None else 0,
            "world_replaced": self.world_replaced,
            "imports_removed": self.imports_removed,
            "seconds": round(run.seconds, 4) if run is not None else 0.0,
        }


class ProgramRunner:
    """Runs programs written against one app family's library in conversations of that family."""

    def __init__(self, executor: ProgramExecutor, family: AppFamily) -> None:
        self.executor = executor
        self.family = family
        library = ProgramLibrary.of(family.toolset)
        self._roots = library_roots(library.modules)
        self._codec = Codec(library.value_types())

    async def run(self, session: Session, program: str) -> ProgramTurn:
        """Run ``program`` in ``session`` (see the module's documentation)."""
        check = check_candidate(program, self._roots)
        if not check.ok:
            return ProgramTurn(problem=f"the program cannot be run: {check.reason}")
        runnable, removed = strip_library_imports(program, self._roots)
        world = session.world.to_data()
        done = await asyncio.to_thread(self.executor.run, self.family, world, runnable)
        turn = ProgramTurn(run=done.run, imports_removed=removed)
        if done.world is not None:
            turn.calls, turn.world_replaced = self._write_calls(session, done.run, done.world)
        self._conclude(turn, done.run)
        return turn

    def _write_calls(
        self, session: Session, run: ProgramRun, after: dict[str, Any]
    ) -> tuple[list[ToolEvent], bool]:
        transcript = session.transcript
        written = len(transcript.trajectory.events)
        with session.world.active():
            for event in run.tool_calls.events:
                number = len(transcript.messages)
                call = ToolCall(
                    id=f"program_{number}_{event.tool}",
                    name=event.tool,
                    arguments=json.dumps(event.arguments, ensure_ascii=False),
                )
                transcript.append(ChatMessage(role="assistant", content=None, tool_calls=(call,)))
                for reply in run_calls(session.toolset, [call], transcript.trajectory):
                    transcript.append(reply)
        expected = WorldState.from_data(after, self.family.tables)
        replaced = session.world.live_state() != expected
        if replaced:
            session.world.restore(expected)
        return list(transcript.trajectory.events[written:]), replaced

    def _conclude(self, turn: ProgramTurn, run: ProgramRun) -> None:
        if run.outcome is RunOutcome.completed:
            turn.reply = self._reply(run.return_value)
            if turn.reply is None:
                turn.problem = RETURNED_NONE
            return
        if run.outcome is RunOutcome.agent_exception and run.exception_type == HAND_BACK:
            turn.reply, turn.handed_back = run.exception_message or "", True
            return
        view = developer_view(run, self._codec)
        parts = [view["summary"]]
        for heading, key in (
            ("Traceback", "traceback"),
            ("Printed output", "stdout"),
            ("Printed to standard error", "stderr"),
        ):
            if view[key]:
                parts.append(f"{heading}:\n```\n{view[key]}\n```")
        turn.problem = "\n\n".join(parts)

    def _reply(self, encoded: Any) -> str | None:
        try:
            value = self._codec.decode(encoded)
        except CodecError:
            return json.dumps(encoded, ensure_ascii=False)
        if value is None:
            return None
        return value if isinstance(value, str) else pprint.pformat(value, width=100)


__all__ = ["HAND_BACK", "RETURNED_NONE", "ProgramRunner", "ProgramTurn"]
