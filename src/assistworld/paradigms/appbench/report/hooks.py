"""AppBench's part of the report, ``show`` and ``summary.json`` (the hooks of
:class:`~assistworld.core.paradigm.ParadigmReport`): the planning scores, argument errors and
graph shapes of each run."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from types import MappingProxyType
from typing import Any

from assistworld.core.paradigm import (
    LabelledResults,
    ParadigmReport,
    ReportPart,
    ReportSection,
    ShowViews,
)
from assistworld.core.result import TaskResult


class PlanningReportPart(ReportPart):
    """The planning sections of each run in turn (a run's anchors numbered, its label in the
    titles when the report holds several planning runs)."""

    def __init__(self, runs: Sequence[LabelledResults]) -> None:
        self.runs = runs

    def sections(self) -> list[ReportSection]:
        from assistworld.paradigms.appbench.report.sections import planning_sections

        placed = []
        for index, run in enumerate(self.runs):
            for section in planning_sections(run.results, None):
                title = f"{section.title} · {run.label}" if len(self.runs) > 1 else section.title
                placed.append(replace(section, anchor=f"{section.anchor}-{index}", title=title))
        return placed


class PlanningReport(ParadigmReport):
    """AppBench's hooks."""

    failure_colours: Mapping[str, str] = MappingProxyType(
        {
            "wrong_apps": "#e41a1c",
            "wrong_apis": "#ff7f00",
            "wrong_arguments": "#984ea3",
            "wrong_order": "#377eb8",
        }
    )

    def summary_data(self, results: Sequence[TaskResult[Any]]) -> dict[str, Any]:
        """``scores[mode][category][metric]``, the error analysis and the shape breakdown."""
        from assistworld.paradigms.appbench.grading.results import summary_data

        return summary_data(results)

    def show(self, summary: Mapping[str, Any]) -> ShowViews:
        from assistworld.paradigms.appbench.report.terminal import (
            mode_scores_table,
            summary_scores,
        )

        scores = summary_scores(summary)
        return ShowViews(figures=() if scores is None else (mode_scores_table(scores),))

    def part(self, runs: Sequence[LabelledResults]) -> ReportPart:
        return PlanningReportPart(runs)
