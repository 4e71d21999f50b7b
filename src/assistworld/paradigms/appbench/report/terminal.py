"""What ``show`` and ``run`` print of a planning run: its scores in every mode, per category."""

from __future__ import annotations

from collections.abc import Mapping

from rich.table import Table

from assistworld.report.terminal import pct

SCORE_METRICS = ("f1_app", "f1_api", "em_app", "em_api", "success")


def mode_scores_table(
    scores: dict[str, dict[str, dict[str, float]]], title: str = "Scores by mode"
) -> Table:
    """A run summary's ``scores[mode][category][metric]`` (planning runs): one row per mode and
    category, the headline metrics as columns."""
    table = Table(title=title)
    table.add_column("mode")
    table.add_column("category")
    for metric in SCORE_METRICS:
        table.add_column(metric.replace("_", " "), justify="right")
    for mode in _ordered(scores, ("paper", "corrected", "executed")):
        categories = scores[mode]
        for category in _ordered(categories, ("ss", "sm", "ms", "mm", "all")):
            figures = categories[category]
            style = "bold" if category == "all" else None
            cells = [pct(float(figures.get(metric, 0.0))) for metric in SCORE_METRICS]
            table.add_row(mode, category, *cells, style=style)
    return table


def _ordered(keys: Mapping[str, object], known: tuple[str, ...]) -> list[str]:
    """``keys`` in the order of ``known`` (summary files store keys sorted), others after."""
    first = [key for key in known if key in keys]
    return first + sorted(key for key in keys if key not in known)


def summary_scores(summary: Mapping[str, object]) -> dict[str, dict[str, dict[str, float]]] | None:
    """The ``scores`` of a run's summary data (None when it holds none)."""
    scores = summary.get("scores")
    return scores if isinstance(scores, dict) and scores else None
