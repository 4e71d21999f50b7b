"""A self-debugging agent (beyond the ASPERA paper, which scores single trials only).

Its first turn is the CCK agent's, word for word (same system prompt, same request, same
decoding), so it shares CCK's first replies (from the reply cache, and a local model's saved
reading of the prompt) and its figure differs from CCK's only by what the rounds changed; the
first trial run's message says what trial runs are. Then it works in rounds, at most
``max_dry_runs`` of them. In a round the program either gets a trial run (a *dry run*: the task's
first setup state, the program, no evaluation) and the model reads what a developer would see,
or, when the reply held no program that can run, the model is told why. After each round the
model answers with a corrected program or with ``SUBMIT`` (offered only after a trial run). The
last program is handed in; a correction written after
the last round is handed in untried.

What the model sees is built only from the trusted side's run record
(:mod:`assistworld.paradigms.aspera.agents.dry_run_view`): never a task's evaluation programs,
reference program
or setup program text.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from assistworld.agents.base import AgentOutput
from assistworld.agents.model_requests import CallLog, Decoding
from assistworld.llm import (
    ChatMessage,
    ChatModel,
    ModelCallError,
    system_message,
    user_message,
)
from assistworld.paradigms.aspera.agents.cck import CCKAgent
from assistworld.paradigms.aspera.agents.dry_run_view import (
    HARNESS_OUTCOMES,
    developer_view,
    run_record,
)
from assistworld.paradigms.aspera.agents.examples import Example
from assistworld.paradigms.aspera.agents.extraction import ExtractedProgram, extract_program
from assistworld.paradigms.aspera.agents.guidelines import Guidelines
from assistworld.paradigms.aspera.agents.model_calls import (
    example_refusal,
)
from assistworld.paradigms.aspera.agents.profiles import FULL, PromptProfile
from assistworld.paradigms.aspera.agents.prompts import (
    SUBMIT_WORD,
)
from assistworld.paradigms.aspera.agents.view import AgentTask
from assistworld.paradigms.aspera.grading.candidate import check_candidate, strip_library_imports
from assistworld.paradigms.aspera.tasks.library import aspera_codec
from assistworld.sandbox import DryRunRequest, ProgramRun

DEFAULT_DRY_RUNS = 3
_FENCE = re.compile(r"```")
_SUBMIT = re.compile(rf"\b{SUBMIT_WORD}\b")


class DryRunExecutor(Protocol):
    """What the agent needs of an executor (``SandboxPool`` and ``InProcessExecutor`` both fit)."""

    def dry_run(self, request: DryRunRequest) -> ProgramRun: ...


@dataclass
class _Session:
    """The state of one task's conversation."""

    messages: list[ChatMessage]
    program: str | None = None
    completion: str | None = None
    problem: str | None = None
    dry_runs: int = 0
    rounds: list[dict[str, Any]] = field(default_factory=list)
    replies: list[str] = field(default_factory=list)
    stopped: str | None = None


def _is_submit(reply: str) -> bool:
    """A reply hands the program in when it says SUBMIT and holds no code block."""
    return _FENCE.search(reply) is None and _SUBMIT.search(reply) is not None


def _extract(reply: str) -> ExtractedProgram:
    """The program in ``reply``; bare text only counts when it is a runnable program, so that a
    one-word answer ("ok", "done") which happens to parse as Python is not taken for one."""
    extracted = extract_program(reply)
    if extracted.source == "whole-text" and not check_candidate(extracted.program or "").ok:
        return ExtractedProgram(None, "none", "the reply holds no Python program")
    return extracted


def _runnable_problem(program: str | None, reason: str | None) -> str | None:
    """Why ``program`` cannot be tried (None when it can)."""
    if program is None:
        return reason or "the reply holds no Python program"
    check = check_candidate(program)
    return check.reason


class SelfDebugAgent:
    """CCK plus up to ``max_dry_runs`` trial runs on the task's first setup state."""

    name = "selfdebug"
    needs_trial_world = True
    """Tells the runner to give this agent a world to try programs in."""

    def __init__(
        self,
        model: ChatModel,
        executor: DryRunExecutor,
        *,
        model_name: str,
        max_dry_runs: int = DEFAULT_DRY_RUNS,
        examples: Sequence[Example] | None = None,
        guidelines: Guidelines | None = None,
        return_type_hint: bool = False,
        generation: Decoding | None = None,
        profile: PromptProfile = FULL,
    ) -> None:
        if max_dry_runs < 1:
            raise ValueError(
                f"--dry-runs must be at least 1, got {max_dry_runs}; "
                "for no trial runs use --agent cck"
            )
        self.first_turn = CCKAgent(
            model,
            model_name=model_name,
            examples=examples,
            guidelines=guidelines,
            return_type_hint=return_type_hint,
            generation=generation,
            profile=profile,
        )
        """The CCK agent whose request is this agent's first one: one place builds it for both."""
        self.model = model
        self.executor = executor
        self.max_dry_runs = max_dry_runs
        self.prompts = self.first_turn.prompts
        self.generation = self.first_turn.generation
        """How programs are asked for: the first reply (CCK's) and after a program problem."""
        self.after_trial = (generation or Decoding()).with_grammar(profile.grammar(may_submit=True))
        """How replies to a trial run are asked for: a program, or the word that hands it in."""
        self._codec = aspera_codec()

    def excluded_task_ids(self) -> frozenset[str]:
        """Tasks that must not be scored: the in-context examples."""
        return self.first_turn.excluded_task_ids()

    def settings(self) -> dict[str, Any]:
        return {
            **self.first_turn.settings(),
            "agent": self.name,
            "max_dry_runs": self.max_dry_runs,
            "dry_run_state": (
                "the task's first setup program only; no evaluation program runs in a trial, "
                "and the model sees only the return value, printed output and exception"
            ),
            "dry_run_executor_layers": list(getattr(self.executor, "layers", [])),
        }

    async def solve(self, task: AgentTask) -> AgentOutput:
        refusal = example_refusal(task, self.excluded_task_ids(), self.name)
        if refusal is not None:
            return refusal
        log = CallLog(self.model)
        first = [system_message(self.first_turn.system_prompt)]
        session = _Session([*first, user_message(self.first_turn.user_prompt(task))])
        try:
            await self._take_reply(session, log, self.generation, first=True)
            while session.stopped is None and len(session.rounds) < self.max_dry_runs:
                await self._round(session, task, log)
            session.stopped = session.stopped or "limit"
        except ModelCallError as error:
            session.stopped = "model-call-failed"
            return self._output(session, log, error=f"model call failed: {error}")
        return self._output(session, log)

    async def _take_reply(
        self, session: _Session, log: CallLog, decoding: Decoding, *, first: bool = False
    ) -> str:
        """Ask the model and act on its reply; returns what the reply did (for the details)."""
        response = await log.complete(decoding.request(session.messages))
        reply = response.text
        session.messages.append(ChatMessage(role="assistant", content=reply))
        session.replies.append(reply)
        if not first and _is_submit(reply):
            session.stopped = "submitted"
            return "submitted"
        extracted = _extract(reply)
        if extracted.program is None:
            can_hand_in = session.program is not None and session.problem is None
            if not first and can_hand_in and _FENCE.search(reply) is None:
                session.stopped = "no-program-in-reply"  # prose only: taken as handing in
                return "no-program"
            # keep the last program (if any) to hand in; the next round reports the problem
            session.problem = _runnable_problem(None, extracted.reason)
            return "no-program"
        if not first and extracted.program == session.program:
            session.stopped = "unchanged"
            return "unchanged"
        session.program, session.completion = extracted.program, reply
        session.problem = _runnable_problem(extracted.program, None)
        return "program" if first else "revised"

    async def _round(self, session: _Session, task: AgentTask, log: CallLog) -> None:
        number = len(session.rounds) + 1
        if session.problem is not None:
            entry: dict[str, Any] = {"round": number, "kind": "program-problem"}
            entry["problem"] = session.problem
            feedback = self.prompts.program_problem(session.problem)
            decoding = self.generation
        else:
            run = await self._dry_run(task, session.program or "")
            first_trial = session.dry_runs == 0
            session.dry_runs += 1
            entry = {"round": number, "kind": "dry-run", **run_record(run)}
            if run.outcome in HARNESS_OUTCOMES:
                session.rounds.append(entry)
                session.stopped = "dry-run-unavailable"
                return
            view = developer_view(run, self._codec)
            feedback = self.prompts.dry_run_feedback(
                view, number, self.max_dry_runs, first_trial=first_trial
            )
            decoding = self.after_trial
        session.rounds.append(entry)
        session.messages.append(user_message(feedback))
        entry["reply"] = await self._take_reply(session, log, decoding)

    async def _dry_run(self, task: AgentTask, program: str) -> ProgramRun:
        if task.trial_world is None:
            raise ValueError(f"{task.query_id}: the selfdebug agent was given no trial world")
        runnable, _ = strip_library_imports(program)
        request = DryRunRequest(
            setup_program=task.trial_world.setup_program,
            candidate_program=runnable,
            world_now=task.trial_world.now,
        )
        return await asyncio.to_thread(self.executor.dry_run, request)

    def _output(self, session: _Session, log: CallLog, error: str | None = None) -> AgentOutput:
        details: dict[str, Any] = {
            "max_dry_runs": self.max_dry_runs,
            "dry_runs": session.dry_runs,
            "rounds": session.rounds,
            "stopped": session.stopped,
            "model_calls": len(session.replies),
            "replies": session.replies,
        }
        program = session.program
        if error is not None:
            # a broken conversation is not a decision to hand in: score it like CCK's failures
            details["failure"] = "model-call"
            details["last_program"] = program
            program = None
        elif program is None:
            details["failure"] = "no-program"
            error = session.problem
        return AgentOutput(
            program=program,
            completion=session.completion,
            usage=log.usage(),
            details=details,
            error=error,
        )
