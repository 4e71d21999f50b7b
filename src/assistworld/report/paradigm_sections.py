"""Sections a run's paradigm renders itself (its optional ``report_sections`` hook): the report
sits above the paradigms, so it only places what they return."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from assistworld.core.paradigm import LabelledResults, ReportSection
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
    """Every section the runs' paradigms add: a paradigm with ``report_sections_across`` gets
    all its runs at once (its sections set them side by side, ``run_label`` empty); else each
    run is passed to ``report_sections`` in turn (none for paradigms without either hook)."""
    placed: list[PlacedSection] = []
    across: dict[str, tuple[Any, list[LabelledResults]]] = {}
    for index, run in enumerate(runs):
        name = str(run.manifest.get("paradigm", LEGACY_PARADIGM))
        try:
            paradigm = get_paradigm(name)
        except UnknownParadigmError:
            continue
        together = getattr(paradigm, "report_sections_across", None)
        if callable(together):
            across.setdefault(name, (together, []))[1].append(
                LabelledResults(run.label, run.results)
            )
            continue
        hook = getattr(paradigm, "report_sections", None)
        if not callable(hook):
            continue
        for section in hook(run.results, None):
            placed.append(PlacedSection(run.label, f"{section.anchor}-{index}", section))
    for together, labelled in across.values():
        for section in together(labelled):
            placed.append(PlacedSection("", section.anchor, section))
    return placed
