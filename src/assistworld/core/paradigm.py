"""What a paradigm (a way of acting: writing programs, planning calls, calling tools) provides.

The core, the runner, the CLI and the report know paradigms only through this interface; each
paradigm lives in its own package under :mod:`assistworld.paradigms` and is found by name through
:mod:`assistworld.core.registry`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from rich.console import Console

from assistworld.core.agent import Agent, AgentOutput
from assistworld.core.metrics import RunMetrics
from assistworld.core.result import TaskResult
from assistworld.core.suite import Suite
from assistworld.core.task import TaskBase

if TYPE_CHECKING:  # not needed to load a suite or read a run, which most commands only do
    from assistworld.core.executor import RunExecutor
    from assistworld.core.model_clients import ModelClients
    from assistworld.core.run_options import RunOptions

OptionsT = TypeVar("OptionsT", bound="RunOptions")


@dataclass(frozen=True)
class AgentRequest:
    """Everything a user asked about the agent: its name, model and the run options.

    A paradigm reads its own options (:meth:`options_as`) and refuses, with a clear message, an
    agent it does not have. ``models`` is the run's model pool (closed by the caller);
    ``executor`` the run's executor, for agents that make trial runs.
    """

    name: str
    model: str | None = None
    programs: Path | None = None
    options: RunOptions | None = None
    """None: every option at its default."""
    models: ModelClients | None = None
    executor: RunExecutor | None = None
    suite: Suite | None = None

    def options_as(self, kind: type[OptionsT]) -> OptionsT:
        """The options as the paradigm's own model ``kind``: the object itself when it is one;
        the common options filled into ``kind``'s defaults when only those were given (a request
        made without the command line)."""
        from assistworld.core.run_options import RunOptions

        if self.options is None:
            return kind()
        if isinstance(self.options, kind):
            return self.options
        if type(self.options) is RunOptions:
            return kind.model_validate(self.options.model_dump())
        raise TypeError(
            f"agent {self.name!r} takes {kind.__name__}, not {type(self.options).__name__}"
        )


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

    @property
    def run_options(self) -> type[RunOptions]:
        """The ``run`` options its agents read (the sampling ones every model agent reads, and
        its own: ``user_model``, ``shots``, ...); ``run`` makes a flag of each field, refuses
        any other one given for its suites, and hands ``build_agent`` the validated object."""
        ...

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

    def grader(self, executor: RunExecutor) -> Grader:
        """How one task is graded in a run that uses ``executor``."""
        ...

    def make_executor(self, *, unsafe: bool, slots: int, timeout: float) -> RunExecutor:
        """What runs candidates for this paradigm (a sandbox pool, or in-process with unsafe;
        one that runs nothing where the paradigm runs nothing untrusted)."""
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
