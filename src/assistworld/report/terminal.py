"""Metrics as tables for the terminal."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich import box
from rich.table import Table

from assistworld.core.intervals import format_interval
from assistworld.core.metrics import (
    GroupMetrics,
    RunMetrics,
)
from assistworld.core.paradigm import ParadigmReport
from assistworld.core.pass_k import SampleMetrics
from assistworld.core.usage_roles import role_cells

SHORT_CLASS_NAMES = {
    "parse_failure": "parse\nfail",
    "timeout": "time-\nout",
}
"""Column headings (two short lines) of outcomes every paradigm may have; a paradigm names its
own (:attr:`~assistworld.core.paradigm.ParadigmReport.failure_headings`), other failure
classes are cut on a word boundary."""

NEUTRAL = ParadigmReport()
"""The hooks of a paradigm that adds nothing (tables of a run whose paradigm is unknown)."""


def quiet_failure_columns(classes: Sequence[str], quiet: Sequence[str] = ()) -> list[str]:
    """The failure columns shown when no failure occurred: the paradigm's own choice
    (``quiet``, those of them in ``classes``), else its first three classes."""
    chosen = [name for name in quiet if name in classes]
    return chosen or list(classes[:3])


def pct(value: float) -> str:
    """A share as a percentage with one decimal."""
    return f"{100 * value:.1f}%"


def class_heading(name: str, headings: Mapping[str, str] | None = None) -> str:
    """A failure class as a short column heading: the paradigm's own (``headings``) or a known
    short name, else its words on two lines (``end_state_wrong`` as ``end state`` over
    ``wrong``) so the table stays narrow."""
    if headings and name in headings:
        return headings[name]
    if name in SHORT_CLASS_NAMES:
        return SHORT_CLASS_NAMES[name]
    words = name.split("_")
    if len(words) < 2:
        return name
    cut = min(
        range(1, len(words)),
        key=lambda i: max(len(" ".join(words[:i])), len(" ".join(words[i:]))),
    )
    return " ".join(words[:cut]) + "\n" + " ".join(words[cut:])


def headline_table(
    metrics: RunMetrics, title: str = "Results", hooks: ParadigmReport = NEUTRAL
) -> Table:
    """Success with its 95 % interval and every failure rate, overall then per kind and category;
    ``hooks`` (the run's paradigm's) name the failure columns.

    Narrow on purpose (no vertical rules, short headings): it reads at 80 columns.
    """
    classes = metrics.failure_classes
    shown = [c for c in classes if metrics.overall.counts.get(c, 0)] or quiet_failure_columns(
        classes, hooks.quiet_failure_classes
    )
    table = Table(
        title=title, show_lines=False, box=box.SIMPLE_HEAD, pad_edge=False, collapse_padding=True
    )
    table.add_column("group", no_wrap=True, overflow="ellipsis")
    table.add_column("tasks", justify="right", no_wrap=True)
    table.add_column("pass", justify="right", no_wrap=True)
    table.add_column("success", justify="right", no_wrap=True)
    table.add_column("95% CI", justify="right", no_wrap=True)
    for name in shown:
        table.add_column(class_heading(name, hooks.failure_headings), justify="right", no_wrap=True)

    per_task = metrics.samples.samples if metrics.samples is not None else 1

    def row(label: str, group: GroupMetrics, style: str | None = None) -> None:
        cells = [label, str(group.tasks), str(group.passed), pct(group.success_rate)]
        cells.append(format_interval(group.passed, group.tasks, per_task).strip("[]"))
        cells += [pct(group.rates.get(name, 0.0)) for name in shown]
        table.add_row(*cells, style=style)

    row("all tasks", metrics.overall, style="bold")
    for heading, groups in (("kind", metrics.by_kind), ("category", metrics.by_category)):
        if groups:
            table.add_row(f"by {heading}", style="dim")
        for name, group in groups.items():
            row(name, group)
    return table


def samples_table(samples: SampleMetrics, title: str = "Repeated samples") -> Table:
    """One row per k: pass@k (some of k samples of a task pass), pass^k (all k pass), and the
    success rate of the k-th sample (their mean is pass@1)."""
    table = Table(title=title, box=box.SIMPLE_HEAD, pad_edge=False, collapse_padding=True)
    for heading in ("k", "tasks", "pass@k", "pass^k", "sample k"):
        table.add_column(heading, justify="right", no_wrap=True)
    rates = {rate.sample: rate for rate in samples.per_sample}
    for row in samples.by_k:
        rate = rates.get(row.k - 1)
        cells = [str(row.k), str(row.tasks), pct(row.pass_at_k), pct(row.pass_hat_k)]
        table.add_row(*cells, pct(rate.success_rate) if rate is not None else "—")
    return table


def role_usage_table(
    by_role: Mapping[str, Mapping[str, object]], title: str = "Model usage by role"
) -> Table:
    """One row per role that asked a model: replies asked and from the cache, tokens, cost
    (``unpriced`` where a role's calls have no price, never a total that leaves them out)."""
    table = Table(title=title, box=box.SIMPLE_HEAD, pad_edge=False, collapse_padding=True)
    for heading in ("role", "asked", "cached", "prompt tok.", "completion tok.", "cost"):
        table.add_column(heading, justify="left" if heading == "role" else "right", no_wrap=True)
    for role, usage in by_role.items():
        table.add_row(role, *role_cells(usage))
    return table
