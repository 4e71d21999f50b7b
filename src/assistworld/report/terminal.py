"""Metrics as tables for the terminal."""

from __future__ import annotations

from rich.table import Table

from assistworld.core.metrics import (
    GroupMetrics,
    RunMetrics,
)


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
