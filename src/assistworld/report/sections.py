"""The content of each section of the HTML report, as plain data the template lays out.

Every number shown is computed here (or in the modules this calls); the template only formats.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from assistworld.core.intervals import format_interval
from assistworld.core.metrics import GroupMetrics
from assistworld.core.usage_roles import role_cells
from assistworld.report.buckets import Bucket
from assistworld.report.manifest_view import Flag, essentials, flags
from assistworld.report.plots import error_breakdown, failure_colour, group_bars, run_colour
from assistworld.report.rundata import RunData, failure_classes
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


def percent(value: float | None) -> str:
    """A share as a percentage with one decimal; an em dash for none."""
    return "—" if value is None else f"{100 * value:.1f}%"


def run_cards(runs: Sequence[RunData]) -> list[RunCard]:
    return [
        RunCard(run.label, run_colour(index), essentials(run.overview), flags(run.overview))
        for index, run in enumerate(runs)
    ]


def shown_failure_classes(runs: Sequence[RunData]) -> list[str]:
    """Failure classes that occur in some run (when none does, see
    :func:`~assistworld.report.terminal.quiet_failure_columns`)."""
    classes = failure_classes(runs)
    found = [
        name for name in classes if any(run.metrics.overall.counts.get(name, 0) for run in runs)
    ]
    return found or quiet_failure_columns(classes, quiet_classes(runs))


def quiet_classes(runs: Sequence[RunData]) -> list[str]:
    """The failure classes the runs' paradigms show when none occurs (theirs, in run order)."""
    return list(
        dict.fromkeys(name for run in runs for name in run.paradigm.report.quiet_failure_classes)
    )


def _per_task(run: RunData) -> int:
    """Records per task: the samples of ``run --samples`` (1 without)."""
    return run.metrics.samples.samples if run.metrics.samples is not None else 1


def headline_figures(run: RunData) -> dict[str, str]:
    """What the run's paradigm shows beside the success in the headline (column name to text),
    e.g. a conversation run's success where the simulated user behaved."""
    return dict(run.paradigm.report.headline_figures(run.results))


def headline(runs: Sequence[RunData]) -> Table:
    """One row per run: tasks, success with its 95 % (Wilson) interval, the figures its paradigm
    sets beside them (:func:`headline_figures`), then the rate of each failure class that
    occurs (a dash where the class is not one of the run's paradigm)."""
    classes = shown_failure_classes(runs)
    extra = [headline_figures(run) for run in runs]
    extra_names = list(dict.fromkeys(name for figures in extra for name in figures))
    header = ["run", "tasks", "success", "95% CI", *extra_names]
    header += [name.replace("_", " ") for name in classes]
    rows = []
    for run, figures in zip(runs, extra, strict=True):
        overall = run.metrics.overall
        cells = [
            run.label,
            str(overall.tasks),
            f"{percent(overall.success_rate)} ({overall.passed})",
        ]
        cells.append(format_interval(overall.passed, overall.tasks, _per_task(run)))
        cells += [figures.get(name, "—") for name in extra_names]
        own = set(run.metrics.failure_classes)
        cells += [
            f"{percent(overall.rates.get(name, 0.0))} ({overall.counts.get(name, 0)})"
            if name in own
            else "—"
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
        cells = [label, str(group.tasks), f"{percent(group.success_rate)} ({group.passed})"]
        cells.append(format_interval(group.passed, group.tasks, _per_task(run)))
        cells += [percent(group.rates.get(name, 0.0)) for name in classes]
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
            cells += [
                percent(row.pass_at_k),
                percent(row.pass_hat_k),
                percent(rates.get(row.k - 1)),
            ]
            rows.append(cells)
    return Table(header, rows) if rows else None


def error_plot(runs: Sequence[RunData]) -> Plot:
    svg = error_breakdown(
        [(run.label, run.metrics.overall) for run in runs],
        "errors",
        quiet=quiet_classes(runs),
        colours=paradigm_colours(runs),
    )
    return Plot(
        "errors",
        "Error breakdown",
        svg,
        "Share of all tasks that failed, by failure class (one bar per run); "
        "the number on top counts the failed tasks.",
    )


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


def paradigm_colours(runs: Sequence[RunData]) -> dict[str, str]:
    """The colours the runs' paradigms give their failure classes."""
    found: dict[str, str] = {}
    for run in runs:
        for name, colour in run.paradigm.report.failure_colours.items():
            found.setdefault(name, colour)
    return found


def outcome_colours(runs: Sequence[RunData]) -> dict[str, str]:
    """Colour of each outcome of the runs, for the page's badges (the same as in the plots)."""
    own = paradigm_colours(runs)
    colours = {name: failure_colour(name, own) for name in failure_classes(runs)}
    colours["passed"] = "#2e8b57"
    return colours
