"""The astra sections of the HTML report, rendered here (the report includes them as given):
the ASTRA-bench paper's Table 4 (success and mean S per complexity level on each axis), Table 5
(the capability breakdown), Table S3 (the stress conditions), a per-language table when the
runs hold translations, and the judge's figures when they were judged, with two plots; first,
when a simulated user played, its failures (:mod:`.user_report`). Several
runs are set side by side, one column group per run.

Every figure is computed by :mod:`.tables` from the results; hovering over a cell lists the
scenarios it was computed from.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

from assistworld.core.paradigm import LabelledResults, ReportSection
from assistworld.paradigms.astra.grading.scoring.agreement import ranking
from assistworld.paradigms.astra.grading.scoring.judge_reply import DIMENSIONS
from assistworld.paradigms.astra.report.tables import (
    AXES,
    CAPABILITY_LABELS,
    LEVELS,
    STRESS_CONDITIONS,
    Cell,
    Mean,
    by_complexity,
    by_language,
    by_stress,
    capabilities,
    cell,
    details_of,
    has_translations,
    judge_figures,
    judge_mean,
    judge_of,
)
from assistworld.paradigms.astra.report.user_report import user_section

PLOTS_MISSING = (
    "Plots left out: they are drawn with matplotlib, which is not installed "
    "(pip install 'assistworld[report]')."
)


@dataclass(frozen=True)
class Td:
    """A table cell: its text, and the scenarios behind it (shown when hovered)."""

    text: str
    ids: Sequence[str] = ()

    def html(self) -> str:
        if not self.ids:
            return f"<td>{escape(self.text)}</td>"
        title = f"{len(self.ids)} scenarios: " + ", ".join(self.ids)
        return f'<td title="{escape(title)}">{escape(self.text)}</td>'


def _table(header: Sequence[str], rows: Sequence[Sequence[Td]], note: str = "") -> str:
    head = "".join(f"<th>{escape(cell)}</th>" for cell in header)
    body = "".join("<tr>" + "".join(cell.html() for cell in row) + "</tr>" for row in rows)
    help_text = f'<p class="help">{escape(note)}</p>' if note else ""
    return (
        f'{help_text}<table class="data compact astra"><thead><tr>{head}</tr></thead>'
        f"<tbody>{body}</tbody></table>"
    )


def _rate(value: float | None) -> str:
    return "—" if value is None else f"{100 * value:.1f}%"


def _number(value: float | None, digits: int = 3) -> str:
    return "—" if value is None else f"{value:.{digits}f}"


def _signed(value: float | None) -> str:
    return "—" if value is None else f"{value:+.3f}"


def _points_change(value: float | None) -> str:
    return "—" if value is None else f"{100 * value:+.1f} pts"


def _success(found: Cell) -> str:
    return f"{_rate(found.success)} ({found.passed})" if found.count else "—"


def _cell_tds(found: Cell) -> list[Td]:
    return [
        Td(str(found.count), found.ids),
        Td(_success(found), found.ids),
        Td(_number(found.mean_score), found.ids),
    ]


def _mean_td(mean: Mean, digits: int = 3) -> Td:
    shown = _number(mean.value, digits)
    return Td(f"{shown} (n={mean.count})" if mean.value is not None else shown, mean.ids)


def _judge_td(found: Mean, base: Mean) -> Td:
    """A judge mean, with its change against the scenarios with neither condition."""
    td = _mean_td(found)
    if found is base or found.value is None or base.value is None:
        return td
    return Td(f"{td.text}, Δ {found.value - base.value:+.3f}", td.ids)


def complexity_section(runs: Sequence[LabelledResults]) -> ReportSection:
    """Table 4: a row for all scenarios, then one per level on each axis; every run's n,
    success and mean S (and the judge's task completion, the paper's figure, when judged)."""
    tables = [(run.label, by_complexity(run.results)) for run in runs]
    judged = any(judge_of(r) is not None for run in runs for r in run.results)
    header = ["axis", "level"]
    for label, _ in tables:
        header += [f"{label}: n", f"{label}: success", f"{label}: mean S"]
        header += [f"{label}: judge" for _ in range(judged)]
    by_id = [{r.query_id: r for r in run.results} for run in runs]

    def tds(index: int, found: Cell) -> list[Td]:
        shown = _cell_tds(found)
        if judged:
            group = [by_id[index][query_id] for query_id in found.ids]
            shown.append(_mean_td(judge_mean(group, "task_completion")))
        return shown

    rows = [[Td("all"), Td("all levels")]]
    for index, run in enumerate(runs):
        rows[0] += tds(index, cell(run.results))
    for axis in AXES:
        for level in LEVELS:
            row = [Td(axis), Td(level)]
            for index, (_, table) in enumerate(tables):
                row += tds(index, table[axis][level])
            rows.append(row)
    note = (
        "Each scenario counts once on every axis, at its level there. Success: share of the "
        "scenarios passed (every success condition met, no minefield hit); S: the milestone "
        "score (the share of conditions met where a scenario has no milestones)."
        + (" Judge: its task completion over 2 (the paper's Table 4 figure)." if judged else "")
        + " Hover over a cell for its scenarios."
    )
    html = _table(header, rows, note) + _plot(lambda plots: plots.tier_bars(tables, "tiers"))
    return ReportSection("astra-complexity", "Success by complexity tier (ASTRA Table 4)", html)


def capability_section(runs: Sequence[LabelledResults]) -> ReportSection:
    """Table 5: one row per run, a column per capability."""
    header = ["run", *CAPABILITY_LABELS.values()]
    rows = []
    for run in runs:
        columns = capabilities(run.results)
        row = [Td(run.label)]
        for name in CAPABILITY_LABELS:
            row.append(_mean_td(columns[name], 1 if name == "turns" else 3))
        rows.append(row)
    note = (
        "Over the scenarios with milestones, each column over those where it applies (n). "
        "Turns: assistant messages. IR recall: share of the related records a read returned. "
        "Response gen.: share of the required facts said. Payload gen.: write calls against "
        "the milestones' writes. CQA / entity creation: S on question-answering / "
        "entity-creating scenarios."
    )
    return ReportSection(
        "astra-capabilities", "Capability breakdown (ASTRA Table 5)", _table(header, rows, note)
    )


STRESS_LABELS = {
    "neither": "neither",
    "misinformation": "misinformation",
    "insufficient_context": "insufficient context",
}


def stress_section(runs: Sequence[LabelledResults]) -> ReportSection:
    """Table S3: per run, each stress condition against neither (with the judge's task
    completion and no-hallucination means when judged)."""
    judged = any(judge_of(r) is not None for run in runs for r in run.results)
    header = ["run", "condition", "n", "success", "Δ success", "mean S", "Δ S"]
    if judged:
        header += ["judge: completion", "judge: no halluc."]
    rows = []
    for run in runs:
        table = by_stress(run.results)
        base = table["neither"].cell
        for condition in STRESS_CONDITIONS:
            row_data = table[condition]
            found = row_data.cell
            change = condition != "neither" and found.count and base.count
            row = [
                Td(run.label),
                Td(STRESS_LABELS[condition]),
                Td(str(found.count), found.ids),
                Td(_success(found), found.ids),
                Td(_points_change((found.success or 0) - (base.success or 0)) if change else ""),
                Td(_number(found.mean_score), found.ids),
                Td(_signed((found.mean_score or 0) - (base.mean_score or 0)) if change else ""),
            ]
            if judged:
                row += [
                    _judge_td(row_data.judge_completion, table["neither"].judge_completion),
                    _judge_td(
                        row_data.judge_no_hallucination, table["neither"].judge_no_hallucination
                    ),
                ]
            rows.append(row)
    note = (
        "Δ: the condition's figure minus that of the scenarios with neither condition. A "
        "scenario flagged with both conditions counts under both."
        + (" Judge columns: its score over 2." if judged else "")
    )
    return ReportSection(
        "astra-stress", "Stress conditions (ASTRA Table S3)", _table(header, rows, note)
    )


def language_section(runs: Sequence[LabelledResults]) -> ReportSection:
    """Per language; for translations, success on the same scenarios in their original
    language beside it."""
    header = ["run", "language", "n", "success", "mean S", "pairs", "original", "translated", "Δ"]
    rows = []
    for run in runs:
        for language, row_data in by_language(run.results).items():
            found = row_data.cell
            pairs = [translated for _, translated in row_data.pairs]
            originals = row_data.original
            translated = row_data.translated
            rows.append(
                [
                    Td(run.label),
                    Td(language),
                    Td(str(found.count), found.ids),
                    Td(_success(found), found.ids),
                    Td(_number(found.mean_score), found.ids),
                    Td(str(len(pairs)) if pairs else "", pairs),
                    Td(
                        _rate(originals.success) if originals else "",
                        originals.ids if originals else (),
                    ),
                    Td(_rate(translated.success) if translated else "", pairs),
                    Td(_points_change(row_data.success_change) if pairs else ""),
                ]
            )
    note = (
        "Pairs: translations whose original scenario has a result in the same run; original / "
        "translated: success on those pairs in each language; Δ: translated minus original."
    )
    return ReportSection("astra-languages", "By language", _table(header, rows, note))


def judge_section(runs: Sequence[LabelledResults]) -> ReportSection | None:
    """The judge's mean per aspect, its agreement with S, and (with several runs) whether it
    ranks the runs as the milestones do; None when no run was judged."""
    figures = [(run, judge_figures(run.results)) for run in runs]
    judged = [(run, found) for run, found in figures if found is not None]
    if not judged:
        return None
    aspects = [aspect.replace("_", " ") for aspect in DIMENSIONS]
    header = ["run", "judge", "judged", "unreadable", *aspects, "Pearson r", "Spearman ρ"]
    rows = []
    for run, found in judged:
        agreement = found.agreement
        rows.append(
            [
                Td(run.label),
                Td(", ".join(found.models)),
                Td(str(len(found.judged)), found.judged),
                Td(str(len(found.unreadable)), found.unreadable),
                *(_mean_td(found.aspects[aspect]) for aspect in DIMENSIONS),
                Td(_number(agreement.pearson) + (f" ({agreement.note})" if agreement.note else "")),
                Td(_number(agreement.spearman) + f" (n={agreement.count})"),
            ]
        )
    note = (
        "Judge scores over 2 (0-2 per aspect, shown in [0, 1]). Correlation: per scenario, the "
        "judge's task completion against the score S."
    )
    html = (
        _table(header, rows, note)
        + _ranking_html(judged)
        + _plot(
            lambda plots: plots.judge_scatter(
                [(run.label, _points(run)) for run, _ in judged], "judge-scatter"
            )
        )
    )
    return ReportSection("astra-judge", "LLM judge against the milestones", html)


def _points(run: LabelledResults) -> list[tuple[float, float]]:
    points = []
    for result in run.results:
        verdict = judge_of(result)
        score = verdict.scores.get("task_completion") if verdict is not None else None
        if score is not None:
            points.append((result.score, score / 2))
    return points


def _ranking_html(judged: Sequence[tuple[LabelledResults, Any]]) -> str:
    if len(judged) < 2:
        return ""
    by_judge: dict[str, list[float | None]] = {}
    by_score: dict[str, list[float]] = {}
    for run, _ in judged:
        points = _points(run)
        by_judge[run.label] = [j for _, j in points]
        by_score[run.label] = [s for s, _ in points]
    order = ranking(by_judge, by_score)
    verdict = "the same order" if order.same_order else "different orders"
    tau = _number(order.kendall_tau)
    return (
        '<p class="help">Ranking of the runs, best first, over the scenarios the judge scored: '
        f"by the judge: {escape(' > '.join(order.by_judge))}; by the milestones (mean S): "
        f"{escape(' > '.join(order.by_milestones))}: <strong>{verdict}</strong> "
        f"(Kendall τ {tau}).</p>"
    )


def _plot(draw: Any) -> str:
    """``draw(plots_module)`` as a figure, or a note when matplotlib is missing."""
    try:
        from assistworld.paradigms.astra.report import plots as report_plots
    except ModuleNotFoundError as error:
        if error.name and error.name.split(".")[0] == "matplotlib":
            return f'<p class="missing">{escape(PLOTS_MISSING)}</p>'
        raise
    return f'<figure class="plot">{draw(report_plots)}</figure>'


def report_sections(runs: Sequence[LabelledResults]) -> list[ReportSection]:
    """Every astra section for ``runs`` (none when no run has a conversation result)."""
    shown = [run for run in runs if any(details_of(r) is not None for r in run.results)]
    if not shown:
        return []
    users = user_section(shown)
    sections = [users] if users is not None else []
    sections += [complexity_section(shown), capability_section(shown), stress_section(shown)]
    if any(has_translations(run.results) for run in shown):
        sections.append(language_section(shown))
    judge = judge_section(shown)
    if judge is not None:
        sections.append(judge)
    return sections


__all__ = [
    "capability_section",
    "complexity_section",
    "judge_section",
    "language_section",
    "report_sections",
    "stress_section",
]
