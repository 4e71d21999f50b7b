"""Sections a run's paradigm renders itself (its optional ``report_sections`` hook): the report
sits above the paradigms, so it only places what they return."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from assistworld.core.paradigm import ReportSection
from assistworld.core.registry import UnknownParadigmError, get_paradigm
from assistworld.core.result import LEGACY_PARADIGM
from assistworld.report.rundata import RunData


@dataclass(frozen=True)
class PlacedSection:
    """A paradigm's section for one run, with an anchor unique in the page."""

    run_label: str
    anchor: str
    section: ReportSection


def paradigm_sections(runs: Sequence[RunData]) -> list[PlacedSection]:
    """Every section the runs' paradigms add, run by run (none for paradigms without the hook)."""
    placed: list[PlacedSection] = []
    for index, run in enumerate(runs):
        try:
            paradigm = get_paradigm(str(run.manifest.get("paradigm", LEGACY_PARADIGM)))
        except UnknownParadigmError:
            continue
        hook = getattr(paradigm, "report_sections", None)
        if not callable(hook):
            continue
        for section in hook(run.results, None):
            placed.append(PlacedSection(run.label, f"{section.anchor}-{index}", section))
    return placed
