"""What a paradigm (a way of acting: writing programs, planning calls, calling tools) provides.

The core, the runner, the CLI and the report know paradigms only through this interface; each
paradigm lives in its own package under :mod:`assistworld.paradigms` and is found by name through
:mod:`assistworld.core.registry`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from rich.console import Console, RenderableType

from assistworld.core.agent import Agent, AgentOutput
from assistworld.core.metrics import RunMetrics
from assistworld.core.result import TaskResult
from assistworld.core.suite import Suite
from assistworld.core.task import TaskBase

if TYPE_CHECKING:  # not needed to load a suite or read a run, which most commands only do
    from assistworld.core.episode import EpisodeMaker
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
    command: str | None = None
    """``--agent external``: the program acting over MCP (``CMD ARGS``)."""
    time_limit: float | None = None
    """``--agent external``: seconds an episode may last (None: the agent's default)."""
    unsafe: bool = False
    """The run is unconfined (``--unsafe``): an external agent's process runs unconfined too."""

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
    outcome_classes: Sequence[str]
    agent_names: Sequence[str]
    model_agent_names: Sequence[str]

    @property
    def task_type(self) -> type[TaskBase]:
        """The task model the paradigm's suites hold."""
        ...

    @property
    def result_type(self) -> type[TaskResult[Any]]:
        """The typed result each line of ``results.jsonl`` is read as."""
        ...

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

    def episodes(self, request: AgentRequest) -> EpisodeMaker:
        """How an agent acting from outside (``--agent external``, ``assistworld mcp``) gets
        each task's episode: the tools that act on the task's world, and the output to grade
        when it ends. Its views come from ``agent_view`` (with the world an agent acts on)."""
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

    def toolsets(self, suite: Suite) -> Sequence[Any]:
        """The tools the suite's agents act with (``assistworld tools``): the
        ``assistworld.tools.toolset.Toolset`` of each app family its tasks use, or of each app
        where apps' tool names may repeat (AppBench's services); empty for a suite whose apps
        are only described."""
        ...

    report: ParadigmReport
    """What the paradigm adds to ``report``, ``show``, ``compare`` and ``summary.json``
    (:class:`ParadigmReport` itself for a paradigm that adds nothing)."""

    has_judge: bool
    """Whether :meth:`judge` gives a judge (``run --judge-model`` is refused where not)."""

    def judge(self, model: str, models: ModelClients) -> RunJudge | None:
        """``run --judge-model``: a model that grades the results after the run (``models`` is
        the run's model pool); None for a paradigm that has no judge, which ``run`` refuses."""
        ...


class RunJudge(Protocol):
    """Grades a run's finished results once more, with a model (:meth:`Paradigm.judge`)."""

    def settings(self) -> dict[str, Any]:
        """What the manifest records of the judge (its model string, prompt hashes)."""
        ...

    async def judge(
        self, tasks: Sequence[Any], results: Sequence[TaskResult[Any]]
    ) -> list[TaskResult[Any]]:
        """``results`` in the same order, each with this judge's verdict added; a result it has
        already judged (or cannot judge) is returned as the same object."""
        ...


@dataclass(frozen=True)
class ReportSection:
    """A section a paradigm adds to the HTML report.

    ``html`` is the section's body, rendered (and escaped) by the paradigm itself: the report
    includes it as it is. ``anchor`` is the section's id (unique in the page); ``nav``, when
    set, is the short name of the link to it in the page's navigation bar.
    """

    anchor: str
    title: str
    html: str
    nav: str = ""


@dataclass(frozen=True)
class LabelledResults:
    """One run as a paradigm's report hooks see it: the label the report gives the run, its
    results (sorted by the paradigm's task order) and its manifest."""

    label: str
    results: Sequence[TaskResult[Any]]
    manifest: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class TaskColumn:
    """A column a paradigm adds to the report's task table (between kind and tokens).

    Each row's cell is what :meth:`ReportPart.task_cells` gives under ``key``: a number (shown
    with ``digits`` decimals when set), a text, or a ``[text, number]`` pair shown as the text
    and sorted by the number; a missing cell reads as a dash.
    """

    key: str
    heading: str
    digits: int | None = None


class ReportPart:
    """What a paradigm adds to one HTML report, for the report's runs of that paradigm.

    Made once per report build by :meth:`ParadigmReport.part`, so it may keep what it read for
    the build (a suite's reference programs, measures of programs). ``run`` arguments index the
    runs it was made for. Every method's default adds nothing.
    """

    def notes(self) -> list[str]:
        """Warnings shown at the top of the page (e.g. a suite that could not be read)."""
        return []

    def sections(self) -> list[ReportSection]:
        """Sections of the page, after the neutral ones, in this order."""
        return []

    def task_columns(self) -> Sequence[TaskColumn]:
        """The columns of this paradigm's runs in the task table."""
        return ()

    def task_cells(self, run: int, result: TaskResult[Any]) -> dict[str, Any]:
        """The cells of ``result``'s row, by column key (see :class:`TaskColumn`)."""
        return {}

    def task_page(self, run: int, result: TaskResult[Any]) -> dict[str, Any] | None:
        """What ``result``'s own page shows: a JSON object whose ``layout`` names a renderer of
        :meth:`page_script`, plus optional ``query``, ``kind`` and ``program`` for the generic
        row; None for the page every paradigm gets (outcome, output, usage, details)."""
        return None

    def page_style(self) -> str:
        """CSS for what :meth:`page_script` lays out (added to the page's styles)."""
        return ""

    def page_script(self) -> str:
        """JavaScript run in the page before it renders: it may register task-page layouts with
        ``assistworldReport.layouts[name] = function (page, task, run, helpers) {...}``; it must
        put untrusted text in the DOM as text only (the helpers do)."""
        return ""


_NUMBERS = re.compile(r"(\d+)")


def natural_order(query_id: str) -> tuple[tuple[int, int | str], ...]:
    """Task ids with their numbers compared by value (``q_2`` before ``q_10``)."""
    return tuple(
        (0, int(part)) if part.isdigit() else (1, part) for part in _NUMBERS.split(query_id) if part
    )


@dataclass(frozen=True)
class ShowViews:
    """What ``assistworld show`` prints of a paradigm: ``lead`` right under the headline table,
    ``figures`` after the repeated samples (before the usage and the manifest)."""

    lead: Sequence[RenderableType] = ()
    figures: Sequence[RenderableType] = ()


class ParadigmReport:
    """The hooks through which a paradigm adds to the report, ``show``, ``compare`` and a run's
    ``summary.json``. Every one has a neutral default: a paradigm subclasses this and overrides
    what it has (or uses it as it is, adding nothing)."""

    failure_headings: Mapping[str, str] = MappingProxyType({})
    """Short two-line headings of failure classes for terminal tables (other classes are cut
    on a word boundary)."""
    failure_colours: Mapping[str, str] = MappingProxyType({})
    """A fixed colour per failure class of the paradigm, for plots and badges."""
    quiet_failure_classes: Sequence[str] = ()
    """The failure columns shown when none of a run's failures occurs (default: its first
    three classes)."""

    def summary_data(self, results: Sequence[TaskResult[Any]]) -> dict[str, Any]:
        """What the paradigm merges into a run's ``summary.json`` (and ``show`` reads)."""
        return {}

    def headline_figures(self, results: Sequence[TaskResult[Any]]) -> dict[str, str]:
        """Columns the report's headline sets beside the success, by name."""
        return {}

    def ran_programs(self, results: Sequence[TaskResult[Any]]) -> bool:
        """Whether the agent's output ran as programs (in the sandbox, unless ``--unsafe``), so
        that a run with no sandbox layer is flagged; plans and tool calls are data."""
        return False

    def show(self, summary: Mapping[str, Any]) -> ShowViews:
        """What ``show`` prints of the run beside the neutral tables; ``summary`` is
        :meth:`summary_data` of the run's results."""
        return ShowViews()

    def part(self, runs: Sequence[LabelledResults]) -> ReportPart:
        """What the paradigm adds to a report holding ``runs`` (all of its runs in the report,
        in report order)."""
        return ReportPart()

    def order_key(self, query_id: str) -> Any:
        """The key results are sorted by (the report's tables, ``compare``'s flips)."""
        return natural_order(query_id)
