"""What the runs' paradigms add to the page (their :meth:`ParadigmReport.part` hooks): the
report sits above the paradigms, so it only places what they return.

Each paradigm gets all of its runs at once, in report order, so its sections may set them side
by side and it reads what they share (a suite) once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from assistworld.core.paradigm import ReportPart, ReportSection
from assistworld.report.rundata import RunData


@dataclass(frozen=True)
class PlacedSection:
    """A paradigm's section, under an anchor unique in the page."""

    anchor: str
    section: ReportSection


@dataclass(frozen=True)
class ParadigmParts:
    """One part per paradigm of the report's runs, and where each run sits in its part."""

    parts: Sequence[ReportPart]
    """In the order their paradigms first appear among the runs."""
    of_run: Sequence[tuple[ReportPart, int]]
    """For each run of the report: its paradigm's part and its index among that part's runs."""

    def sections(self) -> list[PlacedSection]:
        """Every part's sections, part after part; an anchor met twice gets a number."""
        placed: list[PlacedSection] = []
        seen: set[str] = set()
        for part in self.parts:
            for section in part.sections():
                anchor = section.anchor
                while anchor in seen:
                    anchor = f"{anchor}-{len(seen)}"
                seen.add(anchor)
                placed.append(PlacedSection(anchor, section))
        return placed

    def notes(self) -> list[str]:
        return [note for part in self.parts for note in part.notes()]

    def scripts(self) -> list[str]:
        return [script for part in self.parts if (script := part.page_script())]

    def styles(self) -> list[str]:
        return [style for part in self.parts if (style := part.page_style())]


def paradigm_parts(runs: Sequence[RunData]) -> ParadigmParts:
    """Ask each paradigm of ``runs`` for its part of the report."""
    grouped: dict[str, list[int]] = {}
    for index, run in enumerate(runs):
        grouped.setdefault(run.paradigm.name, []).append(index)
    parts: list[ReportPart] = []
    of_run: list[tuple[ReportPart, int] | None] = [None] * len(runs)
    for indices in grouped.values():
        hooks = runs[indices[0]].paradigm.report
        part = hooks.part([runs[index].labelled() for index in indices])
        parts.append(part)
        for position, index in enumerate(indices):
            of_run[index] = (part, position)
    return ParadigmParts(parts, [entry for entry in of_run if entry is not None])
