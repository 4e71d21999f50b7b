"""The astra report's plots (matplotlib, as inline SVG: see :mod:`assistworld.core.figures`):
success per complexity level as grouped bars, one panel per axis and one bar per run, and the
judge's task completion against the score S, one point per scenario.

Importing this module needs matplotlib (the ``report`` extra); :mod:`.report` says so on the
page when it is missing.
"""

from __future__ import annotations

from collections.abc import Sequence

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from assistworld.core.figures import figure_to_svg, new_figure, run_colour
from assistworld.paradigms.astra.report.tables import AXES, LEVELS, Cell

LEVEL_LABELS = {"low": "low", "moderate": "mod.", "high": "high"}


def tier_bars(series: Sequence[tuple[str, dict[str, dict[str, Cell]]]], salt: str) -> str:
    """One panel per complexity axis: a group of bars per level, one bar per run (success in
    percent, with the number of scenarios under each bar)."""
    figure = Figure(figsize=(min(10.0, 3.2 * len(AXES) + 0.6 * len(series)), 3.2))
    figure.set_layout_engine("constrained")
    FigureCanvasAgg(figure)
    panels = figure.subplots(1, len(AXES), sharey=True)
    width = 0.8 / max(1, len(series))
    for panel, axis in zip(panels, AXES, strict=True):
        panel.spines[["top", "right"]].set_visible(False)
        for index, (label, table) in enumerate(series):
            offset = (index - (len(series) - 1) / 2) * width
            cells = [table[axis][level] for level in LEVELS]
            bars = panel.bar(
                [i + offset for i in range(len(LEVELS))],
                [100 * (c.success or 0.0) for c in cells],
                width * 0.92,
                color=run_colour(index),
                label=label if axis == AXES[0] else None,
            )
            for bar, found in zip(bars, cells, strict=True):
                text = f"n={found.count}" if found.count else "none"
                panel.annotate(
                    text,
                    (bar.get_x() + bar.get_width() / 2, bar.get_height()),
                    ha="center",
                    va="bottom",
                    fontsize=6.5,
                )
        panel.set_xticks(range(len(LEVELS)), [LEVEL_LABELS[level] for level in LEVELS])
        panel.set_title(axis, fontsize=10)
        panel.set_ylim(0, 110)
    panels[0].set_ylabel("success (%)")
    if len(series) > 1:
        figure.legend(loc="outside lower center", ncols=min(len(series), 4), fontsize=7)
    return figure_to_svg(figure, salt)


def judge_scatter(series: Sequence[tuple[str, Sequence[tuple[float, float]]]], salt: str) -> str:
    """One point per judged scenario: S across, the judge's task completion (over 2) up; the
    judge gives 0, 1 or 2, so points are spread a little up and down (always the same way) to
    show how many share a value."""
    figure, axes = new_figure(5.2, 3.6)
    for index, (label, points) in enumerate(series):
        spread = [((i % 7) - 3) * 0.012 for i in range(len(points))]
        axes.scatter(
            [s for s, _ in points],
            [j + d for (_, j), d in zip(points, spread, strict=True)],
            s=18,
            alpha=0.65,
            color=run_colour(index),
            label=f"{label} (n={len(points)})",
        )
    axes.plot([0, 1], [0, 1], color="#999999", linewidth=0.8, linestyle="--")
    axes.set_xlim(-0.05, 1.05)
    axes.set_ylim(-0.1, 1.1)
    axes.set_yticks([0, 0.5, 1], ["0", "1", "2"])
    axes.set_xlabel("score S (milestones)")
    axes.set_ylabel("judge: task completion (0-2)")
    axes.legend(fontsize=7, frameon=False, loc="upper left")
    return figure_to_svg(figure, salt)


__all__ = ["judge_scatter", "tier_bars"]
