"""ASTRA's part of the report, ``show`` and ``summary.json`` (the hooks of
:class:`~assistworld.core.paradigm.ParadigmReport`): the milestone and judge figures, the
success where the simulated user behaved, the paper's tables (the runs side by side) and the
conversation layout of a scenario's page."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
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
from assistworld.core.templates import package_templates

LAYOUT = "conversation"
"""The name the page's script renders a scenario's page by (``templates/task_page.js.j2``)."""


class ConversationReportPart(ReportPart):
    """The astra runs of one report."""

    def __init__(self, runs: Sequence[LabelledResults]) -> None:
        self.runs = runs

    def sections(self) -> list[ReportSection]:
        from assistworld.paradigms.astra.report.sections import report_sections

        return report_sections(self.runs)

    def task_page(self, run: int, result: TaskResult[Any]) -> dict[str, Any] | None:
        from assistworld.paradigms.astra.report.task_page import task_page

        return {"layout": LAYOUT, **task_page(result)}

    def page_style(self) -> str:
        templates = package_templates("assistworld.paradigms.astra.report")
        return templates.get_template("task_page.css.j2").render()

    def page_script(self) -> str:
        templates = package_templates("assistworld.paradigms.astra.report")
        return templates.get_template("task_page.js.j2").render()


class ConversationReport(ParadigmReport):
    """ASTRA's hooks."""

    failure_colours: Mapping[str, str] = MappingProxyType(
        {
            "end_state_wrong": "#e41a1c",
            "minefield_hit": "#984ea3",
            "answer_incomplete": "#ff7f00",
            "no_reply": "#a65628",
            "step_limit": "#f781bf",
            "agent_error": "#377eb8",
            "user_error": "#4daf4a",
            "no_conversation": "#8dd3c7",
        }
    )

    def summary_data(self, results: Sequence[TaskResult[Any]]) -> dict[str, Any]:
        """The milestone scores aggregated (see :mod:`.summary`)."""
        from assistworld.paradigms.astra.report.summary import summary_data

        return summary_data(results)

    def headline_figures(self, results: Sequence[TaskResult[Any]]) -> dict[str, str]:
        """Beside the headline success: the success where the simulated user behaved."""
        from assistworld.paradigms.astra.report.user_figures import headline_figures

        return headline_figures(results)

    def show(self, summary: Mapping[str, Any]) -> ShowViews:
        """Under the headline, the success where the user behaved; then the milestone figures,
        the simulated user's and the judge's when it was judged."""
        from assistworld.paradigms.astra.report.summary_keys import (
            JUDGE_KEY,
            SUMMARY_KEY,
            USER_CHECKS_KEY,
        )
        from assistworld.paradigms.astra.report.terminal import (
            judge_table,
            milestone_scores_table,
            user_checks_line,
            user_checks_table,
        )

        users = summary.get(USER_CHECKS_KEY)
        milestones = summary.get(SUMMARY_KEY)
        judge = summary.get(JUDGE_KEY)
        lead = [user_checks_line(users)] if isinstance(users, dict) else []
        figures: list[Any] = []
        if isinstance(milestones, dict):
            figures.append(milestone_scores_table(milestones))
        if isinstance(users, dict):
            figures.append(user_checks_table(users))
        if isinstance(judge, dict):
            figures.append(judge_table(judge))
        return ShowViews(lead=lead, figures=figures)

    def part(self, runs: Sequence[LabelledResults]) -> ReportPart:
        return ConversationReportPart(runs)

    def ran_programs(self, results: Sequence[TaskResult[Any]]) -> bool:
        """A program-writing assistant's programs ran against the conversation's world."""
        for result in results:
            details = result.details
            found = details.get("programs") if isinstance(details, Mapping) else None
            if found or getattr(details, "programs", None):
                return True
        return False
