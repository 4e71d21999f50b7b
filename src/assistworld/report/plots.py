"""The report's plots, drawn with matplotlib and returned as inline SVG text (how a figure
becomes SVG, and why it is safe to inline, is in :mod:`assistworld.core.figures`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from matplotlib.axes import Axes
from matplotlib.figure import Figure

from assistworld.core.figures import RUN_COLOURS, figure_to_svg, run_colour
from assistworld.core.figures import new_figure as _new_figure
from assistworld.core.metrics import GroupMetrics
from assistworld.report.buckets import Bucket
from assistworld.report.terminal import quiet_failure_columns

FAILURE_COLOURS: tuple[tuple[str, str], ...] = (
    ("parse_failure", "#66a61e"),
    ("no_program", "#a6761d"),
    ("timeout", "#1b9e77"),
    ("resource_limit", "#e6ab02"),
    ("crashed", "#444444"),
    ("agent_crashed", "#6a3d9a"),
    ("protocol_violation", "#999999"),
    ("evaluator_error", "#1f78b4"),
    ("infra_error", "#b15928"),
)
"""A fixed colour per outcome any paradigm may have, so the same class looks the same in every
report; a paradigm adds its own classes' colours
(:attr:`~assistworld.core.paradigm.ParadigmReport.failure_colours`)."""


def failure_colour(name: str, own: Mapping[str, str] | None = None) -> str:
    """The colour of failure class ``name``: the paradigm's (``own``), else the fixed one."""
    if own and name in own:
        return own[name]
    return dict(FAILURE_COLOURS).get(name, "#bbbbbb")


def _legend_below(figure: Figure, runs: int) -> None:
    """One legend entry per run, under the plot where it cannot hide a bar."""
    if runs > 1:
        figure.legend(loc="outside lower center", ncols=min(runs, 4), fontsize=7, frameon=False)


def _percent_axis(axes: Axes, horizontal: bool = False) -> None:
    if horizontal:
        axes.set_xlim(0, 100)
        axes.set_xlabel("task success (%)")
    else:
        axes.set_ylim(0, 105)
        axes.set_ylabel("task success (%)")


def success_bars(
    title: str, series: Sequence[tuple[str, Sequence[Bucket]]], salt: str, xlabel: str = ""
) -> str:
    """Grouped vertical bars: one group per bucket, one bar per run, n under each group.

    When the runs' bucket sizes differ, each bar carries its own n.
    """
    labels = [bucket.label for bucket in series[0][1]]
    width_each = 0.8 / max(1, len(series))
    figure, axes = _new_figure(max(4.2, 0.9 * len(labels) * max(1, len(series)) ** 0.5), 3.0)
    same_n = all(
        [b.tasks for b in buckets] == [b.tasks for b in series[0][1]] for _, buckets in series
    )
    for index, (run_label, buckets) in enumerate(series):
        positions = [i + (index - (len(series) - 1) / 2) * width_each for i in range(len(labels))]
        heights = [100 * (b.success_rate or 0.0) for b in buckets]
        bars = axes.bar(
            positions, heights, width_each * 0.92, color=run_colour(index), label=run_label
        )
        for bar, bucket in zip(bars, buckets, strict=True):
            if bucket.tasks == 0:
                continue
            text = f"{bar.get_height():.0f}" + ("" if same_n else f"\nn={bucket.tasks}")
            axes.annotate(
                text,
                (bar.get_x() + bar.get_width() / 2, bar.get_height()),
                ha="center",
                va="bottom",
                fontsize=7,
            )
    ticks = [f"{label}\nn={b.tasks}" for label, b in zip(labels, series[0][1], strict=True)]
    axes.set_xticks(range(len(labels)), ticks if same_n else labels, fontsize=8)
    _percent_axis(axes)
    axes.set_title(title, fontsize=10)
    if xlabel:
        axes.set_xlabel(xlabel, fontsize=8)
    _legend_below(figure, len(series))
    return figure_to_svg(figure, salt)


def group_bars(title: str, series: Sequence[tuple[str, Sequence[Bucket]]], salt: str) -> str:
    """Horizontal grouped bars (one row per category or kind), n in each row's label."""
    names = sorted({bucket.label for _, buckets in series for bucket in buckets})
    per_run = [{b.label: b for b in buckets} for _, buckets in series]
    height_each = 0.8 / max(1, len(series))
    figure, axes = _new_figure(6.4, max(1.6, 0.32 * len(names) * max(1, len(series)) + 0.9))
    for index, (run_label, _) in enumerate(series):
        found = per_run[index]
        positions = [i + (index - (len(series) - 1) / 2) * height_each for i in range(len(names))]
        widths = [100 * (found[n].success_rate or 0.0) if n in found else 0.0 for n in names]
        bars = axes.barh(
            positions, widths, height_each * 0.9, color=run_colour(index), label=run_label
        )
        for bar, name in zip(bars, names, strict=True):
            if name in found:
                axes.annotate(
                    f" {bar.get_width():.0f}% (n={found[name].tasks})",
                    (bar.get_width(), bar.get_y() + bar.get_height() / 2),
                    va="center",
                    fontsize=7,
                )
    axes.set_yticks(range(len(names)), names, fontsize=8)
    axes.invert_yaxis()
    _percent_axis(axes, horizontal=True)
    axes.set_xlim(0, 118)
    axes.set_title(title, fontsize=10)
    _legend_below(figure, len(series))
    return figure_to_svg(figure, salt)


def error_breakdown(
    series: Sequence[tuple[str, GroupMetrics]],
    salt: str,
    *,
    quiet: Sequence[str] = (),
    colours: Mapping[str, str] | None = None,
) -> str:
    """One stacked bar per run: each failure class's share of all tasks, total errors on top;
    ``quiet`` are the classes shown when none occurs, ``colours`` the paradigms' own."""
    classes = dict.fromkeys(name for _, m in series for name in m.counts)
    occurring = [n for n in classes if any(m.counts.get(n, 0) for _, m in series)]
    shown = occurring or quiet_failure_columns(list(classes), quiet)
    figure, axes = _new_figure(max(4.2, 1.3 * len(series) + 3.2), 3.4)
    positions = list(range(len(series)))
    bottoms = [0.0] * len(series)
    for name in shown:
        heights = [100 * metrics.rates.get(name, 0.0) for _, metrics in series]
        axes.bar(
            positions,
            heights,
            0.6,
            bottom=bottoms,
            color=failure_colour(name, colours),
            label=name.replace("_", " "),
        )
        bottoms = [b + h for b, h in zip(bottoms, heights, strict=True)]
    for position, top, (_, metrics) in zip(positions, bottoms, series, strict=True):
        errors = metrics.tasks - metrics.passed
        axes.annotate(f"{errors} failed", (position, top), ha="center", va="bottom", fontsize=8)
    axes.set_xticks(positions, [label for label, _ in series], fontsize=8)
    axes.set_xlim(-0.6, len(series) - 0.4)
    axes.set_ylim(0, max(max(bottoms, default=0.0) * 1.15, 10))
    axes.set_ylabel("tasks failed (%)")
    axes.set_title("Error breakdown", fontsize=10)
    axes.legend(fontsize=7, frameon=False, loc="upper left", bbox_to_anchor=(1.0, 1.0))
    return figure_to_svg(figure, salt)


__all__ = [
    "FAILURE_COLOURS",
    "RUN_COLOURS",
    "error_breakdown",
    "failure_colour",
    "figure_to_svg",
    "group_bars",
    "run_colour",
    "success_bars",
]
