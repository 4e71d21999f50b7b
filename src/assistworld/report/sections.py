"""The content of each section of the HTML report, as plain data the template lays out.

Every number shown is computed here (or in the modules this calls); the template only formats.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from assistworld.core.intervals import format_interval
from assistworld.core.metrics import GroupMetrics
from assistworld.core.registry import UnknownParadigmError, get_paradigm
from assistworld.core.result import LEGACY_PARADIGM
from assistworld.core.usage_roles import role_cells
from assistworld.report.buckets import MEASURES, Bucket, success_by_bucket
from assistworld.report.manifest_view import Flag, essentials, flags
from assistworld.report.measuring import ProgramMeasurer
from assistworld.report.plots import error_breakdown, failure_colour, group_bars, run_colour
from assistworld.report.plots import success_bars as success_bars_svg
from assistworld.report.program_stats import (
    STAT_ROWS,
    format_stat,
    generated_stats,
    reference_stats,
)
from assistworld.report.references import ReferenceTask
from assistworld.report.rundata import RunData, failure_classes
from assistworld.report.selection import Counts, SelectionReport, selection_report
from assistworld.report.terminal import quiet_failure_columns


@dataclass
class Plot:
    """One inline SVG plot with its heading and a sentence on how to read it."""

    key: str
    title: str
    svg: str
    caption: str = ""


@dataclass
class RunCard:
    """A run's label, colour, manifest essentials and flags."""

    label: str
    colour: str
    essentials: list[tuple[str, str]]
    flags: list[Flag]


@dataclass
class Table:
    """A plain table: header cells and rows of cells (all text)."""

    header: list[str]
    rows: list[list[str]]
    row_classes: list[str] = field(default_factory=list)


def _pct(value: float | None) -> str:
    return "—" if value is None else f"{100 * value:.1f}%"


def run_cards(runs: Sequence[RunData]) -> list[RunCard]:
    return [
        RunCard(run.label, run_colour(index), essentials(run), flags(run))
        for index, run in enumerate(runs)
    ]


def shown_failure_classes(runs: Sequence[RunData]) -> list[str]:
    """Failure classes that occur in some run (when none does, see
    :func:`~assistworld.report.terminal.quiet_failure_columns`)."""
    classes = failure_classes(runs)
    found = [
        name for name in classes if any(run.metrics.overall.counts.get(name, 0) for run in runs)
    ]
    return found or quiet_failure_columns(classes)


def _per_task(run: RunData) -> int:
    """Records per task: the samples of ``run --samples`` (1 without)."""
    return run.metrics.samples.samples if run.metrics.samples is not None else 1


def headline_figures(run: RunData) -> dict[str, str]:
    """What the run's paradigm shows beside the success in the headline (its optional
    ``headline_figures(results)`` hook: column name to text), e.g. a conversation run's success
    where the simulated user behaved."""
    try:
        paradigm = get_paradigm(str(run.manifest.get("paradigm", LEGACY_PARADIGM)))
    except UnknownParadigmError:
        return {}
    hook = getattr(paradigm, "headline_figures", None)
    return dict(hook(run.results)) if callable(hook) else {}


def headline(runs: Sequence[RunData]) -> Table:
    """One row per run: tasks, success with its 95 % (Wilson) interval, the figures its paradigm
    sets beside them (:func:`headline_figures`), then the rate of each failure class that
    occurs."""
    classes = shown_failure_classes(runs)
    extra = [headline_figures(run) for run in runs]
    extra_names = list(dict.fromkeys(name for figures in extra for name in figures))
    header = ["run", "tasks", "success", "95% CI", *extra_names]
    header += [name.replace("_", " ") for name in classes]
    rows = []
    for run, figures in zip(runs, extra, strict=True):
        overall = run.metrics.overall
        cells = [run.label, str(overall.tasks), f"{_pct(overall.success_rate)} ({overall.passed})"]
        cells.append(format_interval(overall.passed, overall.tasks, _per_task(run)))
        cells += [figures.get(name, "—") for name in extra_names]
        cells += [
            f"{_pct(overall.rates.get(name, 0.0))} ({overall.counts.get(name, 0)})"
            for name in classes
        ]
        rows.append(cells)
    return Table(header, rows)


def usage_by_role(runs: Sequence[RunData]) -> Table | None:
    """One row per run and role that asked a model: replies asked and cached, tokens, cost
    (``unpriced`` where the role's calls have no price); None when no run asked a model."""
    header = ["run", "role", "asked", "cached", "prompt tokens", "completion tokens", "cost"]
    rows = []
    for run in runs:
        for role, usage in run.metrics.usage_by_role.items():
            rows.append([run.label, role, *role_cells(usage)])
    return Table(header, rows) if rows else None


def breakdown(run: RunData) -> Table:
    """The run's metrics per kind and per category (what ``assistworld show`` prints)."""
    classes = shown_failure_classes([run])
    header = ["group", "tasks", "success", "95% CI", *(name.replace("_", " ") for name in classes)]
    rows = []
    groups = [("all tasks", run.metrics.overall)]
    groups += [(f"kind: {k}", g) for k, g in run.metrics.by_kind.items()]
    groups += [(f"category: {k}", g) for k, g in run.metrics.by_category.items()]
    for label, group in groups:
        cells = [label, str(group.tasks), f"{_pct(group.success_rate)} ({group.passed})"]
        cells.append(format_interval(group.passed, group.tasks, _per_task(run)))
        cells += [_pct(group.rates.get(name, 0.0)) for name in classes]
        rows.append(cells)
    return Table(header, rows)


def repeated_samples(runs: Sequence[RunData]) -> Table | None:
    """pass@k and pass^k of the runs that solved each task more than once (``--samples``): one
    row per run and k; None when no run did."""
    header = ["run", "k", "tasks", "pass@k", "pass^k", "success of sample k"]
    rows = []
    for run in runs:
        samples = run.metrics.samples
        if samples is None:
            continue
        rates = {rate.sample: rate.success_rate for rate in samples.per_sample}
        for row in samples.by_k:
            cells = [run.label, str(row.k), str(row.tasks)]
            cells += [_pct(row.pass_at_k), _pct(row.pass_hat_k), _pct(rates.get(row.k - 1))]
            rows.append(cells)
    return Table(header, rows) if rows else None


def error_plot(runs: Sequence[RunData]) -> Plot:
    svg = error_breakdown([(run.label, run.metrics.overall) for run in runs], "errors")
    return Plot(
        "errors",
        "Error breakdown",
        svg,
        "Share of all tasks that failed, by failure class (one bar per run); "
        "the number on top counts the failed tasks.",
    )


def complexity_plots(
    runs: Sequence[RunData], references: Sequence[Mapping[str, ReferenceTask]]
) -> list[Plot]:
    """Success by bucket of each complexity measure, for the runs whose references are known."""
    pairs = [(run, refs) for run, refs in zip(runs, references, strict=True) if refs]
    if not pairs:
        return []
    plots = []
    for measure in MEASURES:
        xlabel = "of the query" if measure.key == "query_words" else "of the reference program"
        series = [(run.label, success_by_bucket(run.results, refs, measure)) for run, refs in pairs]
        plots.append(
            Plot(
                f"complexity-{measure.key}",
                f"Success by {measure.title.lower()}",
                success_bars_svg(measure.title, series, f"cx-{measure.key}", xlabel=xlabel),
                f"Task success per bucket of {measure.noun}; n is the bucket size.",
            )
        )
    return plots


def _buckets(groups: Mapping[str, GroupMetrics]) -> list[Bucket]:
    """The groups of a run's metrics (the paradigm's own categories and kinds) as plot buckets."""
    return [Bucket(name, group.tasks, group.passed) for name, group in sorted(groups.items())]


def group_plots(runs: Sequence[RunData]) -> list[Plot]:
    """Success by category and by kind."""
    by_category = [(run.label, _buckets(run.metrics.by_category)) for run in runs]
    by_kind = [(run.label, _buckets(run.metrics.by_kind)) for run in runs]
    return [
        Plot(
            "category",
            "Success by category",
            group_bars("Task success by category", by_category, "category"),
        ),
        Plot("kind", "Success by kind", group_bars("Task success by kind", by_kind, "kind")),
    ]


def program_statistics(
    runs: Sequence[RunData],
    references: Sequence[Mapping[str, ReferenceTask]],
    measurer: ProgramMeasurer,
) -> Table:
    """Rows of the paper's Table 5; one column for the reference programs, one per run."""
    columns = [
        generated_stats(run.results, refs, measurer)
        for run, refs in zip(runs, references, strict=True)
    ]
    header = ["statistic"]
    reference_column = None
    known = [(run, refs) for run, refs in zip(runs, references, strict=True) if refs]
    if known:
        merged: dict[str, ReferenceTask] = {}
        for _, refs in known:
            merged.update(refs)
        ids = dict.fromkeys(result.query_id for run, _ in known for result in run.results)
        reference_column = reference_stats(ids, merged)
        header.append("reference programs")
    header += [run.label for run in runs]
    rows = []
    for key, title, pattern in STAT_ROWS:
        cells = [title]
        if reference_column is not None:
            no_delta = key == "lines_delta"
            cells.append("—" if no_delta else format_stat(reference_column, key, pattern))
        cells += [format_stat(stats, key, pattern) for stats in columns]
        rows.append(cells)
    return Table(header, rows)


@dataclass
class SelectionSection:
    """One PS run's selection scores: an overall line and one table per module."""

    label: str
    tasks: int
    overall: Counts
    modules: list[tuple[str, Table]]


def _score_cells(counts: Counts) -> list[str]:
    def fmt(value: float | None) -> str:
        return "—" if value is None else f"{value:.2f}"

    return [
        fmt(counts.precision),
        fmt(counts.recall),
        fmt(counts.f1),
        str(counts.tp),
        str(counts.fp),
        str(counts.fn),
        _pct(counts.success_rate) + (f" (n={counts.used_tasks})" if counts.used_tasks else ""),
    ]


def _selection_tables(report: SelectionReport) -> list[tuple[str, Table]]:
    header = ["primitive", "precision", "recall", "F1", "TP", "FP", "FN", "success when used"]
    tables = []
    for module in report.modules:
        rows = [[name, *_score_cells(counts)] for name, counts in module.primitives]
        rows.append(["Overall", *_score_cells(module.overall)])
        classes = [""] * (len(rows) - 1) + ["total"]
        tables.append((module.module, Table(header, rows, classes)))
    return tables


def selection_sections(
    runs: Sequence[RunData],
    references: Sequence[Mapping[str, ReferenceTask]],
    module_of: Mapping[str, str],
) -> list[SelectionSection]:
    """A section for every run with selection data and references to score it against."""
    sections = []
    for run, refs in zip(runs, references, strict=True):
        report = selection_report(run.results, refs, module_of)
        if report is None:
            continue
        sections.append(
            SelectionSection(run.label, report.tasks, report.overall, _selection_tables(report))
        )
    return sections


def outcome_colours(classes: Sequence[str]) -> dict[str, str]:
    """Colour of each outcome in ``classes``, for the page's badges (the same as in the plots)."""
    colours = {name: failure_colour(name) for name in classes}
    colours["passed"] = "#2e8b57"
    return colours
