"""The ``report``, ``show`` and ``compare`` commands, as plain functions the CLI registers.

Each takes paths and a console and does no argument parsing. Bad input raises
:class:`~assistworld.report.rundata.RunDirError` (a ``ValueError``) with a message naming the
path and the fix, except in ``compare_command``, which prints the reason and returns exit code 2.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.table import Table

from assistworld.core.paradigm import Paradigm, ShowViews
from assistworld.core.result import TaskResult
from assistworld.report.manifest_view import essentials, flags
from assistworld.report.rundata import RunData, RunDirError, RunOverview, load_run
from assistworld.report.summary_file import read_shown_run
from assistworld.report.terminal import headline_table, role_usage_table, samples_table

if TYPE_CHECKING:
    from assistworld.report.compare import Comparison, Flip

REFUSED = 2
"""Exit code of ``compare`` when the runs cannot be compared (or cannot be read)."""

_SEVERITY_STYLE = {"danger": "bold white on red", "warn": "yellow", "info": "cyan"}


def report_command(run_dirs: list[Path], out: Path) -> Path:
    """Write the HTML report of ``run_dirs`` to ``out``; returns the path written.

    Needs matplotlib (the ``report`` extra); without it, raises a ``RunDirError`` saying how to
    install it.
    """
    try:
        from assistworld.report.html import write_report
    except ModuleNotFoundError as error:
        if error.name and error.name.split(".")[0] == "matplotlib":
            raise RunDirError(
                "the HTML report draws its plots with matplotlib, which is not installed; "
                "install it with `pip install 'assistworld[report]'`"
            ) from None
        raise
    return write_report(run_dirs, out)


def print_manifest(run: RunOverview, console: Console) -> None:
    """The manifest essentials, then every flag a reader must not miss."""
    table = Table(show_header=False, box=None, pad_edge=False)
    table.add_column(style="dim")
    table.add_column()
    for key, value in essentials(run):
        table.add_row(key, value)
    console.print(table)
    for flag in flags(run):
        console.print(f"[{_SEVERITY_STYLE[flag.severity]}]{flag.text}[/]", highlight=False)


def show_command(run_dir: Path, console: Console, *, from_records: bool = False) -> None:
    """Print a run's headline metrics, its paradigm's figures and its manifest essentials.

    The figures come from ``summary.json`` while it was computed from the files the directory
    holds, else from the records (``from_records`` forces that): see
    :mod:`assistworld.report.summary_file`.
    """
    run = read_shown_run(run_dir, from_records=from_records)
    title = f"{run.overview.manifest.get('suite') or run_dir.name} · {run.label}"
    hooks = run.paradigm.report
    console.print(headline_table(run.metrics, title=title, hooks=hooks))
    views = hooks.show(run.summary_data)
    for line in views.lead:
        console.print(line, highlight=False)
    if run.metrics.samples is not None:
        console.print(samples_table(run.metrics.samples))
    print_paradigm_figures(views, console)
    if run.metrics.usage_by_role:
        console.print(role_usage_table(run.metrics.usage_by_role))
    print_manifest(run.overview, console)


def paradigm_views(paradigm: Paradigm, results: list[TaskResult[Any]]) -> ShowViews:
    """What the run's paradigm prints of ``results`` (its ``show`` hook on their summary data)."""
    return paradigm.report.show(paradigm.report.summary_data(results))


def print_paradigm_figures(views: ShowViews, console: Console) -> None:
    """The figures a paradigm prints after the neutral tables (a planning run's scores by mode,
    a conversation run's milestones, simulated user and judge)."""
    for figure in views.figures:
        console.print(figure)


def _flip_table(title: str, flips: list[Flip], label_a: str, label_b: str) -> Table:
    table = Table(title=title, title_justify="left")
    table.add_column("task")
    table.add_column("category")
    table.add_column(label_a)
    table.add_column(label_b)
    for flip in flips:
        table.add_row(flip.label, flip.category or "", flip.outcome_a, flip.outcome_b)
    return table


def _print_comparison(comparison: Comparison, a: RunData, b: RunData, console: Console) -> None:
    label_a, label_b = f"A: {a.label}", f"B: {b.label}"
    if comparison.broke:
        console.print(_flip_table("passed in A, failed in B", comparison.broke, label_a, label_b))
    if comparison.fixed:
        console.print(_flip_table("failed in A, passed in B", comparison.fixed, label_a, label_b))
    common = comparison.common

    def rate(passed: int) -> str:
        return f"{100 * passed / common:.1f}%" if common else "—"

    console.print(
        f"{common} common tasks · success A {rate(comparison.passed_a)} ({comparison.passed_a}) "
        f"→ B {rate(comparison.passed_b)} ({comparison.passed_b}) · "
        f"{len(comparison.broke)} passed→failed, {len(comparison.fixed)} failed→passed, "
        f"{comparison.changed_failure} failed in both with a different outcome",
        highlight=False,
    )
    if comparison.only_a or comparison.only_b:
        console.print(
            f"[yellow]left out: {comparison.only_a} tasks only in A ({a.path}), "
            f"{comparison.only_b} only in B ({b.path})[/]",
            highlight=False,
        )


def compare_command(run_a: Path, run_b: Path, console: Console) -> int:
    """Print the tasks that flipped between two runs; exit code 0, or 2 when they do not compare."""
    from assistworld.report.compare import compare_runs, grading_conflicts

    try:
        a, b = load_run(run_a), load_run(run_b)
    except RunDirError as error:
        console.print(f"[bold red]cannot compare:[/] {error}", highlight=False)
        return REFUSED
    missing = [str(run.path) for run in (a, b) if not run.manifest]
    if missing:
        console.print(
            f"[bold red]cannot compare:[/] no manifest in {', '.join(missing)}, so there is no "
            "telling whether both runs were graded the same way",
            highlight=False,
        )
        return REFUSED
    conflicts = grading_conflicts(a.manifest, b.manifest)
    if conflicts:
        console.print(
            "[bold red]cannot compare:[/] the runs were graded differently, so a flip would not "
            "mean the agent changed:",
            highlight=False,
        )
        for conflict in conflicts:
            console.print(f"  - {conflict}", highlight=False)
        return REFUSED
    if a.label == b.label:
        a.label, b.label = f"{a.label} ({a.path.name})", f"{b.label} ({b.path.name})"
    _print_comparison(compare_runs(a, b), a, b, console)
    return 0
