"""The report's simulated-user section: per run, the success overall next to the success where
the user behaved, then every kind of user failure with its conversations listed, each a link to
its page and the evidence shown when hovered (see :mod:`.user_checks`)."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from urllib.parse import quote

from assistworld.core.paradigm import LabelledResults, ReportSection
from assistworld.paradigms.astra.grading.user_checks import FLAG_KINDS, MIN_REPEAT_WORDS
from assistworld.paradigms.astra.report.user_figures import user_checks_of, user_summary

FLAG_TITLES = {
    "as_assistant": "spoke as the assistant",
    "repeated": "repeated a message verbatim",
    "revealed_fact": "revealed a fact outside its knowledge boundary",
    "ended_early": "ended before any assistant action",
}

NOTE = (
    "A simulated user is checked in every conversation it played: speaking as the assistant "
    "(naming a tool, offering help, answering its own request), saying a message of at least "
    f"{MIN_REPEAT_WORDS} words again verbatim, stating a fact of the success conditions that "
    "its knowledge boundary does not hold before the assistant said it, or ending before the "
    "assistant called any tool. Where the user behaved: every result whose user raised no flag "
    "(single-turn and scripted conversations included)."
)


def _rate(value: object, count: object) -> str:
    return f"{100 * value:.1f}% of {count}" if isinstance(value, int | float) else "—"


def _links(index: int, run: LabelledResults, kind: str) -> str:
    items = []
    for result in run.results:
        found = user_checks_of(result)
        if found is None or kind not in found.kinds:
            continue
        key = f"{result.query_id}#{result.sample}" if result.sample else result.query_id
        evidence = "; ".join(f.evidence for f in found.flags if f.kind == kind)
        href = f"#task/{index}/{quote(key, safe='')}"
        items.append(
            f'<a href="{escape(href)}" title="{escape(evidence)}">{escape(key)}</a>'
            f" ({'passed' if result.passed else escape(result.outcome)})"
        )
    return ", ".join(items) or "—"


def user_section(runs: Sequence[LabelledResults]) -> ReportSection | None:
    """The section (None when no run had a simulated user)."""
    rows = []
    for index, run in enumerate(runs):
        figures = user_summary(run.results)
        if figures is None:
            continue
        label = escape(run.label)
        checked_behaved = figures["checked"] - figures["flagged"]
        rows.append(
            f"<tr><td>{label}</td><td>{figures['flagged']} of {figures['checked']}</td>"
            f"<td>{_rate(figures['success'], figures['results'])}</td>"
            f"<td><strong>{_rate(figures['success_user_behaved'], figures['behaved'])}</strong>"
            f"</td><td>{_rate(figures['success_checked'], figures['checked'])}</td>"
            f"<td>{_rate(figures['success_checked_behaved'], checked_behaved)}</td></tr>"
        )
        for kind in FLAG_KINDS:
            count = figures["by_kind"][kind]
            listed = f" — {_links(index, run, kind)}" if count else ""
            rows.append(
                f'<tr><td></td><td colspan="5">{escape(FLAG_TITLES[kind])}: {count}{listed}'
                "</td></tr>"
            )
    if not rows:
        return None
    head = "".join(
        f"<th>{escape(name)}</th>"
        for name in (
            "run",
            "user flagged",
            "success",
            "success, user behaved",
            "success, simulated user",
            "success, simulated user behaved",
        )
    )
    html = (
        f'<p class="help">{escape(NOTE)}</p><table class="data compact astra">'
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )
    return ReportSection("astra-user", "Simulated-user failures", html)


__all__ = ["FLAG_TITLES", "user_section"]
