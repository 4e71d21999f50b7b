"""What a paradigm (a way of acting: writing programs, planning calls, calling tools) provides.

The core, the runner, the CLI and the report know paradigms only through this interface; each
paradigm lives in its own package under :mod:`assistworld.paradigms` and is found by name through
:mod:`assistworld.core.registry`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from rich.console import Console

from assistworld.core.agent import Agent, AgentOutput
from assistworld.core.episode import EpisodeMaker
from assistworld.core.metrics import RunMetrics
from assistworld.core.result import TaskResult
from assistworld.core.suite import Suite
from assistworld.core.task import TaskBase


@dataclass(frozen=True)
class AgentRequest:
    """Everything a user asked about the agent: its name and the options the CLI took.

    A paradigm reads the options it knows and refuses, with a clear message, an agent it does not
    have. ``models`` is the run's model pool (closed by the caller); ``executor`` the run's
    program executor, for agents that make trial runs.
    """

    name: str
    model: str | None = None
    programs: Path | None = None
    options: dict[str, Any] = field(default_factory=dict)
    models: Any = None
    executor: Any = None
    suite: Suite | None = None


@dataclass(frozen=True)
class ReportSection:
    """A section a paradigm adds to the HTML report (optional hook ``report_sections``).

    ``html`` is the section's body, rendered (and escaped) by the paradigm itself: the report
    sits above the paradigms and includes it as it is. ``anchor`` is the section's id.
    """

    anchor: str
    title: str
    html: str


class Grader(Protocol):
    """Grades one agent output for one task (pure with respect to the run: no files written)."""

    def __call__(self, task: Any, output: AgentOutput, agent_name: str) -> TaskResult[Any]: ...


@dataclass(frozen=True)
class VerifyRequest:
    """What ``assistworld verify`` was asked to do."""

    task_ids: list[str] | None = None
    mutants: bool = False
    unsafe: bool = False
    timeout: float = 30.0
    show_survivors: bool = False
    by_operator: bool = False
    """Also count each mutation operator's mutants: made, killed, equivalent, survived."""


class Paradigm(Protocol):
    """One way of acting, plugged into the core.

    ``name`` is what manifests and results record; ``result_type`` the typed result each line of
    ``results.jsonl`` is read as; ``outcome_classes`` every failure class, in report order.
    """

    name: str
    description: str
    task_type: type[TaskBase]
    result_type: type[TaskResult[Any]]
    outcome_classes: Sequence[str]
    agent_names: Sequence[str]
    model_agent_names: Sequence[str]
    run_options: Sequence[str]
    """The ``run`` options its agents read beyond the sampling ones every model agent reads
    (``user_model``, ``shots``, ...): ``run`` refuses any other one given for its suites."""

    def owns(self, path: Path) -> bool:
        """Whether the folder or file ``path`` holds a suite of this paradigm."""
        ...

    def load_suite(self, path: Path, name: str, *, strict: bool = True) -> Suite:
        """Read the suite at ``path``; every bad task is one line of ``Suite.errors``."""
        ...

    def build_agent(self, request: AgentRequest) -> Agent:
        """The agent the user asked for (a clear error if the paradigm has none by that name)."""
        ...

    def agent_view(self, task: Any, agent: Agent) -> Any:
        """What ``agent`` is handed for ``task``: the request, and only what it may know."""
        ...

    def grader(self, executor: Any) -> Grader:
        """How one task is graded in a run that uses ``executor``."""
        ...

    def episodes(self, request: AgentRequest) -> EpisodeMaker:
        """How an agent acting from outside (``--agent external``, ``assistworld mcp``) gets
        each task's episode: the tools that act on the task's world, and the output to grade
        when it ends. Its views come from ``agent_view`` (with the world an agent acts on)."""
        ...

    def make_executor(self, *, unsafe: bool, slots: int, timeout: float) -> Any:
        """What runs candidates for this paradigm (a sandbox pool, or in-process with unsafe);
        None where the paradigm runs nothing untrusted. It has ``layers`` and ``close()``."""
        ...

    def metrics(self, results: Sequence[TaskResult[Any]]) -> RunMetrics:
        """The run's metrics over all of ``results``."""
        ...

    def verify(self, suite: Suite, console: Console, request: VerifyRequest) -> bool:
        """Audit the suite (reference passes, baselines fail, mutants are rejected); print the
        findings; True when it is sound."""
        ...

    def list_tasks(
        self, suite: Suite, console: Console, *, as_json: bool, summary: bool, with_programs: bool
    ) -> None:
        """Print the suite's tasks (``assistworld tasks``)."""
        ...


@dataclass(frozen=True)
class LabelledResults:
    """One run's results under the label the report gives the run (hook
    ``report_sections_across``)."""

    label: str
    results: Sequence[TaskResult[Any]]


class RunJudge(Protocol):
    """Grades a run's finished results once more, with a model (hook ``judge``)."""

    def settings(self) -> dict[str, Any]:
        """What the manifest records of the judge (its model string, prompt hashes)."""
        ...

    async def judge(
        self, tasks: Sequence[Any], results: Sequence[TaskResult[Any]]
    ) -> list[TaskResult[Any]]:
        """``results`` in the same order, each with this judge's verdict added; a result it has
        already judged (or cannot judge) is returned as the same object."""
        ...


OPTIONAL_HOOKS = (
    "summary_data",
    "report_sections",
    "report_sections_across",
    "task_page",
    "judge",
)
"""Methods a paradigm may add: ``summary_data(results) -> dict`` (merged into a run's
``summary.json``); ``report_sections(results, suite) -> list[ReportSection]`` (sections of
the HTML report for one run; ``suite`` may be None); ``report_sections_across(runs:
Sequence[LabelledResults]) -> list[ReportSection]`` (sections that set several runs side by
side, used instead of ``report_sections`` when present); ``judge(model, models) -> RunJudge``
(``run --judge-model``: a model that grades the results after the run; ``models`` is the run's
model pool); ``headline_figures(results) -> dict[str, str]`` (columns the report's headline
sets beside the success, by name). Callers look them up with ``getattr``."""
