"""AppBench as a paradigm of the core: planning suites (ours, or the published data read in
place), planners, grading in every mode, metrics, audits, listing and report sections."""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.console import Console

from assistworld.agents.base import Agent, AgentOutput
from assistworld.core.agent import ActsOnWorld
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
from assistworld.paradigms.appbench.agents.names import AGENT_NAMES, EXTERNAL, MODEL_AGENT_NAMES
from assistworld.paradigms.appbench.grading.results import (
    FAILURE_CLASSES,
    PlanningResult,
    planning_metrics,
)
from assistworld.paradigms.appbench.report.hooks import PlanningReport
from assistworld.paradigms.appbench.tasks.model import AppDescription, PlanningTask
from assistworld.paradigms.appbench.tasks.suites import owns, read_apps, read_suite

if TYPE_CHECKING:
    from assistworld.core.episode import EpisodeMaker
    from assistworld.core.executor import RunExecutor
    from assistworld.core.model_clients import ModelClients
    from assistworld.paradigms.appbench.agents.options import AppBenchRunOptions
    from assistworld.paradigms.appbench.agents.view import PlanningView
    from assistworld.tools.toolset import Toolset

PUBLISHED_TODAY = datetime.datetime(2019, 3, 1)
"""The published data's dates are relative to this day (tasks there carry no clock)."""


def suite_root(task: PlanningTask) -> Path | None:
    """The suite folder a task was read from (from its ``source``), None for tasks in memory."""
    source = task.source
    for marker in ("#", ":"):
        head, found, tail = source.rpartition(marker)
        if found and tail.isdigit():
            source = head
            break
    path = Path(source)
    if path.parent.name == "tasks":
        return path.parent.parent
    if path.parent.name == "test" and path.parent.parent.name == "data":
        return path.parent.parent.parent
    return None


class AppBenchParadigm:
    """Plans of API calls across apps, scored in paper and corrected mode, and executed where
    the suite's services are simulated (tasks with a world seed and a goal)."""

    name = "appbench"
    description = "plan the API calls a request needs across apps (AppBench)"
    task_type = PlanningTask
    result_type = PlanningResult
    outcome_classes: Sequence[str] = FAILURE_CLASSES
    agent_names: Sequence[str] = AGENT_NAMES
    model_agent_names: Sequence[str] = MODEL_AGENT_NAMES
    has_judge = False
    report: ParadigmReport = PlanningReport()

    def judge(self, model: str, models: ModelClients) -> RunJudge | None:
        """No judge: a plan is graded against the gold calls."""
        return None

    @property
    def run_options(self) -> type[AppBenchRunOptions]:
        from assistworld.paradigms.appbench.agents.options import AppBenchRunOptions

        return AppBenchRunOptions

    def __init__(self) -> None:
        self._apps: dict[Path, tuple[AppDescription, ...]] = {}

    def owns(self, path: Path) -> bool:
        return owns(path)

    def load_suite(self, path: Path, name: str, *, strict: bool = True) -> Suite:
        return read_suite(path, name, strict=strict)

    def toolsets(self, suite: Suite) -> Sequence[Toolset]:
        """One toolset per simulated service the suite's apps name (APIs of two apps may
        share a name); none for the published data, whose apps are only described."""
        from assistworld.paradigms.appbench.tasks.toolsets import suite_toolsets

        return suite_toolsets(suite)

    def apps_of(self, task: PlanningTask) -> tuple[AppDescription, ...]:
        """The app descriptions of the suite ``task`` belongs to (read once per suite)."""
        root = suite_root(task)
        if root is None:
            return ()
        if root not in self._apps:
            self._apps[root] = tuple(read_apps(root)[0])
        return self._apps[root]

    def build_agent(self, request: AgentRequest) -> Agent:
        from assistworld.agents.model_requests import Decoding
        from assistworld.agents.pool import model_pool
        from assistworld.paradigms.appbench.agents.registry import build_agent

        if request.name == EXTERNAL:
            from assistworld.agents.external.setup import external_agent

            return external_agent(request, self.episodes(request))
        options = request.options_as(self.run_options)
        return build_agent(
            request.name,
            programs=request.programs,
            model=request.model,
            models=model_pool(request.models),
            suite=request.suite,
            shots=options.shots,
            decoding=Decoding(temperature=options.temperature, max_tokens=options.max_tokens),
        )

    def agent_view(self, task: PlanningTask, agent: Agent) -> PlanningView:
        from assistworld.paradigms.appbench.agents.view import PlanningView, ServiceWorld

        published = task.now is None and bool(task.raw_calls)
        acts_on_world = isinstance(agent, ActsOnWorld) and agent.acts_on_world
        acts = acts_on_world and task.world_seed is not None
        return PlanningView(
            query_id=task.query_id,
            query=task.query,
            category=task.category,
            now=PUBLISHED_TODAY if published else task.now,
            apps=self.apps_of(task),
            world=ServiceWorld(seed=task.world_seed, now=task.now) if acts else None,
        )

    def episodes(self, request: AgentRequest) -> EpisodeMaker:
        from assistworld.paradigms.appbench.agents.open_world import planning_episodes

        return planning_episodes()

    def grader(self, executor: RunExecutor) -> Grader:
        from assistworld.paradigms.appbench.grading.executed import PlanScoring
        from assistworld.paradigms.appbench.grading.grade import grade

        if not isinstance(executor, PlanScoring):
            raise TypeError(
                f"AppBench scores plans with a PlanScoring, not a {type(executor).__name__}"
            )

        def grade_one(task: Any, output: AgentOutput, agent_name: str) -> TaskResult[Any]:
            return grade(task, output, agent_name, executor)

        return grade_one

    def make_executor(self, *, unsafe: bool, slots: int, timeout: float) -> RunExecutor:
        from assistworld.paradigms.appbench.grading.executed import PlanScoring

        return PlanScoring(timeout)

    def metrics(self, results: Sequence[TaskResult[Any]]) -> RunMetrics:
        return planning_metrics(results)

    def verify(self, suite: Suite, console: Console, request: VerifyRequest) -> bool:
        from assistworld.paradigms.appbench.audit.command import run_verify

        return run_verify(suite, console, request.task_ids, request.mutants)

    def list_tasks(
        self, suite: Suite, console: Console, *, as_json: bool, summary: bool, with_programs: bool
    ) -> None:
        from assistworld.paradigms.appbench.tasks.listing import list_planning_tasks

        list_planning_tasks(suite, console, as_json=as_json, summary=summary)


def paradigm() -> AppBenchParadigm:
    """The entry point the core's registry calls."""
    return AppBenchParadigm()
