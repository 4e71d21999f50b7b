"""Metrics as tables for the terminal."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path

from rich.table import Table

from assistworld.core.metrics import (
    GroupMetrics,
    RunMetrics,
)
from assistworld.core.store import SUMMARY_FILE


def _pct(value: float) -> str:
    return f"{100 * value:.1f}%"


def headline_table(metrics: RunMetrics, title: str = "Results") -> Table:
    """Success and every failure rate, overall then per category and per kind."""
    shown = [c for c in metrics.failure_classes if metrics.overall.counts.get(c, 0)] or [
        "execution_error",
        "handback_control_error",
        "task_completion_error",
    ]
    table = Table(title=title, show_lines=False)
    table.add_column("group")
    table.add_column("tasks", justify="right")
    table.add_column("success", justify="right")
    for name in shown:
        table.add_column(name.replace("_", " "), justify="right")

    def row(label: str, group: GroupMetrics, style: str | None = None) -> None:
        cells = [label, str(group.tasks), f"{_pct(group.success_rate)} ({group.passed})"]
        cells += [_pct(group.rates.get(name, 0.0)) for name in shown]
        table.add_row(*cells, style=style)

    row("all tasks", metrics.overall, style="bold")
    for name, group in metrics.by_kind.items():
        row(f"kind: {name}", group)
    for name, group in metrics.by_category.items():
        row(f"category: {name}", group)
    return table


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
            cells = [_pct(float(figures.get(metric, 0.0))) for metric in SCORE_METRICS]
            table.add_row(mode, category, *cells, style=style)
    return table


def _ordered(keys: Mapping[str, object], known: tuple[str, ...]) -> list[str]:
    """``keys`` in the order of ``known`` (summary files store keys sorted), others after."""
    first = [key for key in known if key in keys]
    return first + sorted(key for key in keys if key not in known)


def summary_scores(run_dir: Path) -> dict[str, dict[str, dict[str, float]]] | None:
    """The ``scores`` a run's ``summary.json`` holds (None when it holds none)."""
    path = run_dir / SUMMARY_FILE
    try:
        summary = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    scores = summary.get("scores") if isinstance(summary, dict) else None
    return scores if isinstance(scores, dict) and scores else None
