"""ASPERA's part of the report, ``show`` and ``compare`` (the hooks of
:class:`~assistworld.core.paradigm.ParadigmReport`): its failure classes' headings and colours,
the suite's reference programs read once per report, the program sections, the task table's
program columns and the program layout of a task's page."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from pydantic import BaseModel

from assistworld.core.paradigm import (
    LabelledResults,
    ParadigmReport,
    ReportPart,
    ReportSection,
    TaskColumn,
)
from assistworld.core.result import TaskResult
from assistworld.core.templates import package_templates
from assistworld.paradigms.aspera.report.measuring import ProgramMeasurer
from assistworld.paradigms.aspera.report.references import (
    ReferenceSet,
    ReferenceTask,
    load_references,
)
from assistworld.paradigms.aspera.report.selection import agent_details_of, read_selection
from assistworld.paradigms.aspera.report.task_page import task_cells, task_page
from assistworld.paradigms.aspera.tasks.asperbench import natural_key
from assistworld.report.taskdata import DETAILS_CHARS, clip

COLUMNS = (
    TaskColumn("pairs", "pairs passed"),
    TaskColumn("refcc", "ref. CC"),
    TaskColumn("cc", "CC"),
)
"""The task table's columns of a program run: (setup, evaluation) pairs passed, and the
cyclomatic complexity of the reference and of the candidate program."""

_SELECTION_KEYS = ("selected_primitives", "selection", "primitive_selection")
_ON_THE_PAGE = frozenset(
    {
        "program",
        "agent_details",
        "pairs",
        "kind",
        "parse_error",
        "library_imports_removed",
        "tamper_flags",
    }
)


def _suite_key(manifest: Mapping[str, Any]) -> str:
    return json.dumps(
        [manifest.get("suite_path"), manifest.get("suite"), manifest.get("suite_hash")]
    )


def holds(details: Any, name: str) -> bool:
    """Whether a result's details (typed, or read as plain data) hold a non-empty ``name``."""
    if isinstance(details, Mapping):
        return bool(details.get(name))
    return bool(getattr(details, name, None))


def details_text(result: TaskResult[Any]) -> str | None:
    """The agent's own details (its selection left out: the page shows it apart) and any field
    of the result's details the page has no place for, as indented JSON."""
    details = {
        key: value for key, value in agent_details_of(result).items() if key not in _SELECTION_KEYS
    }
    if isinstance(result.details, BaseModel):
        dumped = result.details.model_dump(mode="json", exclude=set(_ON_THE_PAGE))
        details.update({k: v for k, v in dumped.items() if v not in (None, "", [], {})})
    return clip(json.dumps(details, default=str, indent=1), DETAILS_CHARS) if details else None


class AsperaReportPart(ReportPart):
    """One report's ASPERA runs, their suites' reference programs read once per suite and every
    program measured once (:class:`ProgramMeasurer`)."""

    def __init__(self, runs: Sequence[LabelledResults]) -> None:
        self.runs = runs
        self.measurer = ProgramMeasurer()
        by_key: dict[str, ReferenceSet] = {}
        self._notes: list[str] = []
        self.references: list[Mapping[str, ReferenceTask]] = []
        for run in runs:
            key = _suite_key(run.manifest)
            if key not in by_key:
                found = by_key[key] = load_references(run.manifest, self.measurer)
                suite = found.suite_name or run.manifest.get("suite") or "unknown suite"
                if not found.available:
                    self._notes.append(
                        f"Reference programs of suite {suite!r} are not available, so plots and "
                        f"statistics that need them are left out: {found.missing_reason}"
                    )
                self._notes.extend(found.notes)
            self.references.append(by_key[key].tasks)

    def notes(self) -> list[str]:
        return list(self._notes)

    def sections(self) -> list[ReportSection]:
        from assistworld.paradigms.aspera.report.sections import program_sections
        from assistworld.paradigms.aspera.report.selection import library_modules_of_names

        selected = any(
            read_selection(agent_details_of(result)) is not None
            for run in self.runs
            for result in run.results
        )
        return program_sections(
            self.runs, self.references, self.measurer, library_modules_of_names(), selected
        )

    def task_columns(self) -> Sequence[TaskColumn]:
        return COLUMNS

    def task_cells(self, run: int, result: TaskResult[Any]) -> dict[str, Any]:
        return task_cells(result, self.references[run].get(result.query_id), self.measurer)

    def task_page(self, run: int, result: TaskResult[Any]) -> dict[str, Any] | None:
        page = task_page(result, self.references[run].get(result.query_id), self.measurer)
        details = details_text(result)
        if details is not None:
            page["details"] = details
        return page

    def page_style(self) -> str:
        templates = package_templates("assistworld.paradigms.aspera.report")
        return templates.get_template("task_page.css.j2").render()

    def page_script(self) -> str:
        templates = package_templates("assistworld.paradigms.aspera.report")
        return templates.get_template("task_page.js.j2").render()


class AsperaReport(ParadigmReport):
    """ASPERA's hooks: its three failure classes head the terminal tables when none occurs."""

    failure_headings: Mapping[str, str] = MappingProxyType(
        {
            "execution_error": "exec\nerror",
            "handback_control_error": "hand-\nback",
            "task_completion_error": "incom-\nplete",
        }
    )
    failure_colours: Mapping[str, str] = MappingProxyType(
        {
            "execution_error": "#d95f02",
            "handback_control_error": "#7570b3",
            "task_completion_error": "#e7298a",
        }
    )
    quiet_failure_classes: Sequence[str] = (
        "execution_error",
        "handback_control_error",
        "task_completion_error",
    )

    def part(self, runs: Sequence[LabelledResults]) -> ReportPart:
        return AsperaReportPart(runs)

    def ran_programs(self, results: Sequence[TaskResult[Any]]) -> bool:
        return any(holds(result.details, "program") for result in results)

    def order_key(self, query_id: str) -> Any:
        return natural_key(query_id)
