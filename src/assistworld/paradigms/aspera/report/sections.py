"""The ASPERA sections of the HTML report: success by the reference program's complexity (the
paper's Figure 5), generated programs against the reference ones (Table 5) and primitive
selection (Table 17), rendered here (the report includes them as given)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from markupsafe import Markup

from assistworld.core.paradigm import LabelledResults, ReportSection
from assistworld.core.templates import package_templates
from assistworld.paradigms.aspera.report.complexity_buckets import MEASURES, success_by_bucket
from assistworld.paradigms.aspera.report.measuring import ProgramMeasurer
from assistworld.paradigms.aspera.report.program_stats import (
    STAT_ROWS,
    format_stat,
    generated_stats,
    reference_stats,
)
from assistworld.paradigms.aspera.report.references import ReferenceTask
from assistworld.paradigms.aspera.report.selection import Counts, SelectionReport, selection_report
from assistworld.report.sections import Plot, Table, percent


def complexity_plots(
    runs: Sequence[LabelledResults], references: Sequence[Mapping[str, ReferenceTask]]
) -> list[Plot]:
    """Success by bucket of each complexity measure, for the runs whose references are known."""
    from assistworld.report.plots import success_bars

    pairs = [(run, refs) for run, refs in zip(runs, references, strict=True) if refs]
    if not pairs:
        return []
    plots = []
    for measure in MEASURES:
        xlabel = "of the query" if measure.key == "query_words" else "of the reference program"
        series = [(run.label, success_by_bucket(run.results, refs, measure)) for run, refs in pairs]
        plots.append(
            Plot(
                f"complexity-{measure.key}",
                f"Success by {measure.title.lower()}",
                success_bars(measure.title, series, f"cx-{measure.key}", xlabel=xlabel),
                f"Task success per bucket of {measure.noun}; n is the bucket size.",
            )
        )
    return plots


def program_statistics(
    runs: Sequence[LabelledResults],
    references: Sequence[Mapping[str, ReferenceTask]],
    measurer: ProgramMeasurer,
) -> Table:
    """Rows of the paper's Table 5; one column for the reference programs, one per run."""
    columns = [
        generated_stats(run.results, refs, measurer)
        for run, refs in zip(runs, references, strict=True)
    ]
    header = ["statistic"]
    reference_column = None
    known = [(run, refs) for run, refs in zip(runs, references, strict=True) if refs]
    if known:
        merged: dict[str, ReferenceTask] = {}
        for _, refs in known:
            merged.update(refs)
        ids = dict.fromkeys(result.query_id for run, _ in known for result in run.results)
        reference_column = reference_stats(ids, merged)
        header.append("reference programs")
    header += [run.label for run in runs]
    rows = []
    for key, title, pattern in STAT_ROWS:
        cells = [title]
        if reference_column is not None:
            no_delta = key == "lines_delta"
            cells.append("—" if no_delta else format_stat(reference_column, key, pattern))
        cells += [format_stat(stats, key, pattern) for stats in columns]
        rows.append(cells)
    return Table(header, rows)


@dataclass
class SelectionSection:
    """One PS run's selection scores: an overall line and one table per module."""

    label: str
    tasks: int
    overall: Counts
    modules: list[tuple[str, Table]]


def _score_cells(counts: Counts) -> list[str]:
    def fmt(value: float | None) -> str:
        return "—" if value is None else f"{value:.2f}"

    return [
        fmt(counts.precision),
        fmt(counts.recall),
        fmt(counts.f1),
        str(counts.tp),
        str(counts.fp),
        str(counts.fn),
        percent(counts.success_rate) + (f" (n={counts.used_tasks})" if counts.used_tasks else ""),
    ]


def _selection_tables(report: SelectionReport) -> list[tuple[str, Table]]:
    header = ["primitive", "precision", "recall", "F1", "TP", "FP", "FN", "success when used"]
    tables = []
    for module in report.modules:
        rows = [[name, *_score_cells(counts)] for name, counts in module.primitives]
        rows.append(["Overall", *_score_cells(module.overall)])
        classes = [""] * (len(rows) - 1) + ["total"]
        tables.append((module.module, Table(header, rows, classes)))
    return tables


def selection_sections(
    runs: Sequence[LabelledResults],
    references: Sequence[Mapping[str, ReferenceTask]],
    module_of: Mapping[str, str],
) -> list[SelectionSection]:
    """A section for every run with selection data and references to score it against."""
    sections = []
    for run, refs in zip(runs, references, strict=True):
        report = selection_report(run.results, refs, module_of)
        if report is None:
            continue
        sections.append(
            SelectionSection(run.label, report.tasks, report.overall, _selection_tables(report))
        )
    return sections


def _render(section: str, **context: Any) -> str:
    template = package_templates("assistworld.paradigms.aspera.report", html=True)
    return template.get_template("sections.html.j2").render(
        section=section, trusted=Markup, **context
    )


def program_sections(
    runs: Sequence[LabelledResults],
    references: Sequence[Mapping[str, ReferenceTask]],
    measurer: ProgramMeasurer,
    module_of: Mapping[str, str],
    has_selection_data: bool,
) -> list[ReportSection]:
    """The complexity plots, the program statistics and (when a run recorded a selection) the
    primitive selection, in that order."""
    plots = complexity_plots(runs, references)
    found = [
        ReportSection(
            "complexity",
            "Success by reference complexity",
            _render("complexity", complexity_plots=plots),
            nav="Complexity",
        ),
        ReportSection(
            "programs",
            "Generated programs against the reference programs",
            _render(
                "programs",
                program_stats=program_statistics(runs, references, measurer),
                references_missing=not any(references),
            ),
            nav="Programs",
        ),
    ]
    selection = selection_sections(runs, references, module_of)
    if selection or has_selection_data:
        found.append(
            ReportSection(
                "selection",
                "Primitive selection",
                _render("selection", selection=selection),
                nav="Primitive selection",
            )
        )
    return found
