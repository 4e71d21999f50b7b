"""ASPERA as a paradigm of the core: how its suites load, its agents are built, its tasks graded,
its results counted and its suites audited."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.console import Console

from assistworld.agents.base import Agent, AgentOutput
from assistworld.core.metrics import RunMetrics
from assistworld.core.paradigm import (
    AgentRequest,
    Grader,
    ParadigmReport,
    RunJudge,
    VerifyRequest,
)
from assistworld.core.result import TaskResult
from assistworld.core.suite import Suite
from assistworld.paradigms.aspera.agents.names import AGENT_NAMES, EXTERNAL, MODEL_AGENT_NAMES
from assistworld.paradigms.aspera.grading.results import (
    FAILURE_CLASSES,
    AsperaResult,
    aspera_metrics,
)
from assistworld.paradigms.aspera.report.hooks import AsperaReport
from assistworld.paradigms.aspera.tasks.model import Task
from assistworld.paradigms.aspera.tasks.suite import holds_aspera_tasks, read_suite

if TYPE_CHECKING:
    from assistworld.core.episode import EpisodeMaker
    from assistworld.core.executor import RunExecutor
    from assistworld.core.model_clients import ModelClients
    from assistworld.paradigms.aspera.agents.options import AsperaRunOptions
    from assistworld.paradigms.aspera.agents.view import AgentTask
    from assistworld.sandbox import InProcessExecutor, SandboxPool
    from assistworld.tools.toolset import Toolset


class AsperaParadigm:
    """Programs written against the assistant library, graded by (setup, evaluation) pairs.

    The agents, the sandbox and the model clients are imported by the methods that use them, so
    that listing or loading a suite does not pay for them.
    """

    name = "aspera"
    description = "write one program against the assistant library (ASPERA)"
    task_type = Task
    result_type = AsperaResult
    outcome_classes: Sequence[str] = FAILURE_CLASSES
    agent_names: Sequence[str] = AGENT_NAMES
    model_agent_names: Sequence[str] = MODEL_AGENT_NAMES
    has_judge = False
    report: ParadigmReport = AsperaReport()

    def judge(self, model: str, models: ModelClients) -> RunJudge | None:
        """No judge: a program is graded by running it."""
        return None

    @property
    def run_options(self) -> type[AsperaRunOptions]:
        from assistworld.paradigms.aspera.agents.options import AsperaRunOptions

        return AsperaRunOptions

    def owns(self, path: Path) -> bool:
        return holds_aspera_tasks(path)

    def load_suite(self, path: Path, name: str, *, strict: bool = True) -> Suite:
        return read_suite(path, name, strict=strict)

    def toolsets(self, suite: Suite) -> Sequence[Toolset]:
        """The workplace library's tools: every ASPERA task is written against it."""
        from assistworld.apps import workplace

        return (workplace.toolset(),)

    def build_agent(self, request: AgentRequest) -> Agent:
        from assistworld.agents.model_requests import Decoding
        from assistworld.agents.pool import model_pool
        from assistworld.paradigms.aspera.agents.registry import build_agent

        if request.name == EXTERNAL:
            from assistworld.agents.external.setup import external_agent

            return external_agent(request, self.episodes(request))
        options = request.options_as(self.run_options)
        return build_agent(
            request.name,
            programs=request.programs,
            model=request.model,
            models=model_pool(request.models),
            executor=None if request.executor is None else _sandbox(request.executor),
            return_type_hint=options.return_type_hint,
            dry_runs=options.dry_runs,
            guidelines=options.guidelines,
            generation=Decoding(temperature=options.temperature, max_tokens=options.max_tokens),
            suite=request.suite,
            prompt=options.prompt,
        )

    def agent_view(self, task: Task, agent: Agent) -> AgentTask:
        from assistworld.paradigms.aspera.agents.prompts import reference_return_type
        from assistworld.paradigms.aspera.agents.view import AgentTask, TrialWorld

        hint = reference_return_type(task) if getattr(agent, "return_type_hint", False) else None
        trial = None
        if getattr(agent, "needs_trial_world", False):
            trial = TrialWorld(setup_program=task.state_generation_programs[0], now=task.now)
        return AgentTask(
            query_id=task.query_id,
            query=task.query,
            category=task.category,
            now=task.now,
            return_type=hint,
            trial_world=trial,
        )

    def episodes(self, request: AgentRequest) -> EpisodeMaker:
        from assistworld.paradigms.aspera.agents.open_world import program_episodes

        options = request.options_as(self.run_options)
        executor = None if request.executor is None else _sandbox(request.executor)
        return program_episodes(executor, options.dry_runs)

    def grader(self, executor: RunExecutor) -> Grader:
        from assistworld.paradigms.aspera.grading.grade import grade

        runner = _sandbox(executor)

        def grade_one(task: Any, output: AgentOutput, agent_name: str) -> TaskResult[Any]:
            return grade(task, output, runner, agent_name)

        return grade_one

    def make_executor(self, *, unsafe: bool, slots: int, timeout: float) -> RunExecutor:
        from assistworld.paradigms.aspera.grading.executors import make_executor

        return make_executor(unsafe=unsafe, slots=slots, timeout=timeout)

    def metrics(self, results: Sequence[TaskResult[Any]]) -> RunMetrics:
        return aspera_metrics(results)

    def verify(self, suite: Suite, console: Console, request: VerifyRequest) -> bool:
        from assistworld.paradigms.aspera.audit.command import run_verify

        return run_verify(
            suite,
            console,
            task_ids=request.task_ids,
            mutants=request.mutants,
            unsafe=request.unsafe,
            timeout=request.timeout,
            show_survivors=request.show_survivors,
            by_operator=request.by_operator,
        )

    def list_tasks(
        self, suite: Suite, console: Console, *, as_json: bool, summary: bool, with_programs: bool
    ) -> None:
        from assistworld.paradigms.aspera.tasks.listing import (
            render_rows,
            render_summary,
            rows_to_json,
            summarise,
            task_rows,
        )

        rows = task_rows(suite.tasks, with_programs=with_programs)
        if summary:
            summed = summarise(rows)
            if as_json:
                print(summed.model_dump_json(indent=2))
            else:
                console.print(render_summary(summed, title=f"{suite.name}: {summed.tasks} tasks"))
            return
        if as_json:
            print(rows_to_json(rows))
        else:
            console.print(
                render_rows(rows, title=f"{suite.name}: {len(rows)} tasks", width=console.width)
            )


def _sandbox(executor: RunExecutor) -> SandboxPool | InProcessExecutor:
    """The run's executor as what ASPERA's grader and trial runs need: the one
    :meth:`AsperaParadigm.make_executor` made."""
    from assistworld.sandbox import InProcessExecutor, SandboxPool

    if isinstance(executor, SandboxPool | InProcessExecutor):
        return executor
    raise TypeError(
        f"ASPERA runs programs in a SandboxPool or an InProcessExecutor, not a "
        f"{type(executor).__name__}"
    )


def paradigm() -> AsperaParadigm:
    """The entry point the core's registry calls."""
    return AsperaParadigm()
