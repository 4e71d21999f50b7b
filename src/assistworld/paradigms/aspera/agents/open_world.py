"""What a program-suite episode serves an agent acting from outside (``--agent external``).

The agent reads the task (``get_task``) and the library's documentation as the CCK agent sees it
(``get_documentation``), tries programs against the task's first setup state as the
self-debugging agent's trial runs do (``try_program``: the same dry run, the same developer's
view of it, at most ``--dry-runs`` times), hands in a program (``submit_program``: the last one
handed in is graded by the task's evaluation programs) and ends with ``finish``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from typing import Any

from assistworld.agents.base import AgentOutput
from assistworld.core.episode import (
    EpisodeMaker,
    EpisodeTool,
    ToolReply,
    json_reply,
    object_schema,
    text_argument,
)
from assistworld.paradigms.aspera.agents.dry_run_view import (
    HARNESS_OUTCOMES,
    developer_view,
    run_record,
)
from assistworld.paradigms.aspera.agents.selfdebug import DryRunExecutor
from assistworld.paradigms.aspera.agents.view import AgentTask
from assistworld.paradigms.aspera.grading.candidate import check_candidate, strip_library_imports
from assistworld.sandbox import DryRunRequest
from assistworld.sandbox.codec import Codec

CODE = {"code": {"type": "string", "description": "a Python program against the library"}}


def documentation() -> str:
    """The whole library's documentation, as the CCK agent's full prompt shows it."""
    from assistworld.paradigms.aspera.agents.profiles import FULL

    text, _ = FULL.documentation()
    return text


class ProgramEpisode:
    """One program-writing task's episode (see the module)."""

    def __init__(self, task: AgentTask, executor: DryRunExecutor | None, max_trials: int) -> None:
        self.task = task
        self.executor = executor
        self.max_trials = max_trials
        self.program: str | None = None
        self.submissions = 0
        self.trials: list[dict[str, Any]] = []
        self._codec = Codec()

    def task_text(self) -> str:
        lines = [
            f"Request: {self.task.query}",
            "",
            "Expected: one Python program against the assistant library that does what the "
            "request asks (acting on the world through the library's functions) and returns the "
            "answer, if the request asks for one. Read the library with get_documentation.",
        ]
        if self.task.now is not None:
            lines.append(f"The world's clock reads {self.task.now.isoformat()}.")
        if self.task.return_type:
            lines.append(f"The program should return a value of type {self.task.return_type}.")
        lines += [
            "",
            f"Try a program with try_program(code) against the task's starting world (up to "
            f"{self.max_trials} times; you see what a developer would see). Hand it in with "
            "submit_program(code): the last program handed in is graded. Then call "
            "finish(answer).",
        ]
        return "\n".join(lines)

    def tools(self) -> list[EpisodeTool]:
        return [
            EpisodeTool(
                "get_documentation",
                "The documentation of the whole assistant library a program is written against.",
                object_schema({}),
                self._documentation,
            ),
            EpisodeTool(
                "try_program",
                "Run a program against the task's starting world (no grading); returns its "
                "return value, printed output and exception, as a developer would see them.",
                object_schema(CODE, ["code"]),
                self._try,
            ),
            EpisodeTool(
                "submit_program",
                "Hand in the program to grade (a later submission replaces it).",
                object_schema(CODE, ["code"]),
                self._submit,
            ),
        ]

    async def _documentation(self, arguments: Mapping[str, Any]) -> ToolReply:
        if arguments:
            return ToolReply("get_documentation takes no arguments", is_error=True)
        return ToolReply(await asyncio.to_thread(documentation))

    async def _try(self, arguments: Mapping[str, Any]) -> ToolReply:
        code = text_argument(arguments, "code")
        if isinstance(code, ToolReply):
            return code
        if len(self.trials) >= self.max_trials:
            return ToolReply(
                f"the {self.max_trials} trial runs of this task are spent; submit_program and "
                "finish",
                is_error=True,
            )
        problem = check_candidate(code).reason
        if problem is not None:
            return ToolReply(f"the program cannot run: {problem}", is_error=True)
        if self.executor is None or self.task.trial_world is None:
            return ToolReply("trial runs are not available in this episode", is_error=True)
        runnable, _ = strip_library_imports(code)
        request = DryRunRequest(
            setup_program=self.task.trial_world.setup_program,
            candidate_program=runnable,
            world_now=self.task.trial_world.now,
        )
        run = await asyncio.to_thread(self.executor.dry_run, request)
        self.trials.append(run_record(run))
        view = developer_view(run, self._codec)
        return json_reply(view, is_error=run.outcome in HARNESS_OUTCOMES)

    async def _submit(self, arguments: Mapping[str, Any]) -> ToolReply:
        code = text_argument(arguments, "code")
        if isinstance(code, ToolReply):
            return code
        self.program = code
        self.submissions += 1
        problem = check_candidate(code).reason
        if problem is not None:
            return ToolReply(
                f"handed in, but it cannot run ({problem}); submit a corrected program",
                is_error=True,
            )
        return ToolReply("handed in; the last program handed in is graded when you finish")

    async def finish(self, answer: str | None) -> AgentOutput:
        details: dict[str, Any] = {
            "submissions": self.submissions,
            "dry_runs": len(self.trials),
            "rounds": [{"round": i + 1, "kind": "dry-run", **t} for i, t in enumerate(self.trials)],
            "answer": answer,
        }
        if self.program is None:
            details["failure"] = "no-program"
        return AgentOutput(program=self.program, completion=answer, details=details)


def program_episodes(executor: DryRunExecutor | None, max_trials: int) -> EpisodeMaker:
    """The episode maker of a program suite's run."""

    def episode(view: Any) -> ProgramEpisode:
        if not isinstance(view, AgentTask):
            raise TypeError(f"a program episode is built from an AgentTask, not {type(view)}")
        return ProgramEpisode(view, executor, max_trials)

    return episode


__all__ = ["ProgramEpisode", "documentation", "program_episodes"]
