"""Metrics as tables for the terminal."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path

from rich import box
from rich.table import Table

from assistworld.core.intervals import format_interval
from assistworld.core.metrics import (
    GroupMetrics,
    RunMetrics,
)
from assistworld.core.pass_k import SampleMetrics
from assistworld.core.store import SUMMARY_FILE
from assistworld.core.usage_roles import role_cells

SHORT_CLASS_NAMES = {
    "execution_error": "exec\nerror",
    "handback_control_error": "hand-\nback",
    "task_completion_error": "incom-\nplete",
    "parse_failure": "parse\nfail",
    "timeout": "time-\nout",
}
"""Column headings (two short lines) that fit 80 columns; other failure classes show their
own name."""


PAPER_CLASSES = ("execution_error", "handback_control_error", "task_completion_error")
"""ASPERA's three failure classes: the columns shown when none of a run's failures occurs, for
paradigms that have them."""


def quiet_failure_columns(classes: Sequence[str]) -> list[str]:
    """The failure columns shown when no failure occurred: the paper's three for a paradigm that
    has them, else the paradigm's own first three (a conversation run has no hand-back column)."""
    paper = [name for name in PAPER_CLASSES if name in classes]
    return paper or list(classes[:3])


def _pct(value: float) -> str:
    return f"{100 * value:.1f}%"


def class_heading(name: str) -> str:
    """A failure class as a short column heading: a known short name, else its words on two
    lines (``end_state_wrong`` as ``end state`` over ``wrong``) so the table stays narrow."""
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


def headline_table(metrics: RunMetrics, title: str = "Results") -> Table:
    """Success with its 95 % interval and every failure rate, overall then per kind and category.

    Narrow on purpose (no vertical rules, short headings): it reads at 80 columns.
    """
    classes = metrics.failure_classes
    shown = [c for c in classes if metrics.overall.counts.get(c, 0)] or quiet_failure_columns(
        classes
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
        table.add_column(class_heading(name), justify="right", no_wrap=True)

    per_task = metrics.samples.samples if metrics.samples is not None else 1

    def row(label: str, group: GroupMetrics, style: str | None = None) -> None:
        cells = [label, str(group.tasks), str(group.passed), _pct(group.success_rate)]
        cells.append(format_interval(group.passed, group.tasks, per_task).strip("[]"))
        cells += [_pct(group.rates.get(name, 0.0)) for name in shown]
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
        cells = [str(row.k), str(row.tasks), _pct(row.pass_at_k), _pct(row.pass_hat_k)]
        table.add_row(*cells, _pct(rate.success_rate) if rate is not None else "—")
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


MILESTONE_ROWS = (
    ("mean_score", "mean S"),
    ("mean_milestones", "mean S milestones"),
    ("minefield_rate", "minefield hit rate"),
)
DIAGNOSTIC_LABELS = {
    "turns": "avg. turns",
    "milestone_similarity": "milestone similarity",
    "ir_recall": "IR recall",
    "response_quality": "response generation",
    "payload_accuracy": "payload generation",
    "qa_success": "CQA success",
    "entity_creation_success": "entity creation success",
}
"""The conversation diagnostics (ASTRA-bench's Table 5 columns) as ``show`` names them."""


def _figure(value: object, digits: int = 3) -> str:
    return f"{value:.{digits}f}" if isinstance(value, int | float) else "—"


def milestone_scores_table(scores: Mapping[str, object], title: str = "Milestones") -> Table:
    """A conversation run's ``milestone_scores`` (its summary): the mean scores, then each
    diagnostic's mean over the scenarios where it applies."""
    table = Table(title=title, box=box.SIMPLE_HEAD, pad_edge=False, title_justify="left")
    table.add_column("figure")
    table.add_column("value", justify="right")
    table.add_column("scenarios", justify="right")
    scenarios = str(scores.get("scenarios", "—"))
    for key, label in MILESTONE_ROWS:
        table.add_row(label, _figure(scores.get(key)), scenarios)
    diagnostics = scores.get("diagnostics")
    for key, label in DIAGNOSTIC_LABELS.items():
        column = diagnostics.get(key) if isinstance(diagnostics, Mapping) else None
        if isinstance(column, Mapping):
            digits = 1 if key == "turns" else 3
            table.add_row(label, _figure(column.get("mean"), digits), str(column.get("count", 0)))
    return table


def judge_table(judge: Mapping[str, object], title: str = "LLM judge") -> Table:
    """A judged run's ``judge`` summary: the mean of each aspect (score / 2) and the
    per-scenario correlation of its task completion with S."""
    models = judge.get("models")
    shown = ", ".join(map(str, models)) if isinstance(models, list) else "?"
    table = Table(
        title=f"{title} ({shown}; scores / 2)",
        box=box.SIMPLE_HEAD,
        pad_edge=False,
        title_justify="left",
    )
    table.add_column("aspect")
    table.add_column("mean", justify="right")
    table.add_column("scenarios", justify="right")
    means = judge.get("means")
    for aspect, figures in means.items() if isinstance(means, Mapping) else ():
        if isinstance(figures, Mapping):
            count = str(figures.get("count", 0))
            table.add_row(aspect.replace("_", " "), _figure(figures.get("mean")), count)
    agreement = judge.get("agreement_with_score")
    if isinstance(agreement, Mapping):
        note = agreement.get("note") or ""
        for key in ("pearson", "spearman"):
            value = _figure(agreement.get(key)) + (f" ({note})" if note else "")
            table.add_row(f"{key} with S", value, str(agreement.get("count", 0)))
    unreadable = judge.get("unreadable")
    if unreadable:
        table.add_row("unreadable replies", str(unreadable), str(judge.get("judged", "?")))
    return table


USER_FLAG_LABELS = {
    "as_assistant": "spoke as the assistant",
    "repeated": "repeated a message verbatim",
    "revealed_fact": "revealed a fact outside its boundary",
    "ended_early": "ended before any assistant action",
}
"""The simulated user's flags (a conversation run's ``user_checks``) as ``show`` names them."""


def _share(rate: object, count: object) -> str:
    return f"{_pct(rate)} of {count}" if isinstance(rate, int | float) else "—"


def user_checks_line(users: Mapping[str, object]) -> str:
    """The headline pair of a conversation run: success overall, and where the user behaved."""
    overall = _share(users.get("success"), users.get("results"))
    behaved = _share(users.get("success_user_behaved"), users.get("behaved"))
    flagged = f"{users.get('flagged', 0)} of {users.get('checked', 0)}"
    return (
        f"success {overall} · where the simulated user behaved {behaved} · "
        f"user flagged in {flagged} conversations"
    )


def user_checks_table(users: Mapping[str, object], title: str = "Simulated user") -> Table:
    """A conversation run's ``user_checks``: the success with and without the flagged users,
    then each kind of flag with its conversations."""
    table = Table(title=title, box=box.SIMPLE_HEAD, pad_edge=False, title_justify="left")
    table.add_column("figure")
    table.add_column("value", justify="right")
    table.add_column("conversations")
    table.add_row("success, all results", _share(users.get("success"), users.get("results")), "")
    behaved = _share(users.get("success_user_behaved"), users.get("behaved"))
    table.add_row("success, where the user behaved", behaved, "")
    table.add_row("user flagged", f"{users.get('flagged', 0)} of {users.get('checked', 0)}", "")
    counts, ids = users.get("by_kind"), users.get("flagged_ids")
    for kind, label in USER_FLAG_LABELS.items():
        count = counts.get(kind, 0) if isinstance(counts, Mapping) else 0
        listed = ids.get(kind, []) if isinstance(ids, Mapping) else []
        shown = ", ".join(map(str, listed[:6])) + (" …" if len(listed) > 6 else "")
        table.add_row(f"  {label}", str(count), shown)
    return table
