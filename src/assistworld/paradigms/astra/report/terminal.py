"""What ``show`` and ``run`` print of a conversation run: the milestone figures, the simulated
user's flags and the LLM judge's means (read from the run's summary data, :mod:`.summary`)."""

from __future__ import annotations

from collections.abc import Mapping

from rich import box
from rich.table import Table

from assistworld.report.terminal import pct

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
    return f"{pct(rate)} of {count}" if isinstance(rate, int | float) else "—"


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
