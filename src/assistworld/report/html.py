"""Build the self-contained HTML report of one or more runs.

The page needs nothing from the network when viewed: styles and script are inlined from the
templates next to this module, plots are inline SVG, and the per-task data is one JSON document
that the script renders a page of rows (and one task) at a time.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup

import assistworld
from assistworld.core.templates import package_templates
from assistworld.report import sections
from assistworld.report.measuring import ProgramMeasurer
from assistworld.report.paradigm_sections import paradigm_sections
from assistworld.report.references import ReferenceSet, ReferenceTask, load_references
from assistworld.report.rundata import RunData, failure_classes, label_runs, load_run
from assistworld.report.selection import library_modules_of_names
from assistworld.report.taskdata import embed_json, report_data


@dataclass
class LoadedReport:
    """The runs of a report and the reference tasks each run is scored against."""

    runs: list[RunData]
    run_suites: list[str | None]
    """Key of each run's reference set in ``reference_sets`` (None when unavailable)."""
    reference_sets: dict[str, ReferenceSet]
    reference_notes: list[str]
    measurer: ProgramMeasurer
    """Measures every program once for the whole build."""

    def references_of(self, index: int) -> Mapping[str, ReferenceTask]:
        key = self.run_suites[index]
        return self.reference_sets[key].tasks if key is not None else {}


def _suite_key(manifest: Mapping[str, Any]) -> str:
    return json.dumps(
        [manifest.get("suite_path"), manifest.get("suite"), manifest.get("suite_hash")]
    )


def load_report(run_dirs: Sequence[Path]) -> LoadedReport:
    """Read every run and, once per distinct suite, its reference tasks."""
    if not run_dirs:
        raise ValueError("give at least one run directory to report on")
    runs = [load_run(Path(path)) for path in run_dirs]
    label_runs(runs)
    measurer = ProgramMeasurer()
    by_key: dict[str, ReferenceSet] = {}
    keys: dict[str, str] = {}
    run_suites: list[str | None] = []
    notes: list[str] = []
    for run in runs:
        raw_key = _suite_key(run.manifest)
        if raw_key not in keys:
            references = load_references(run.manifest, measurer)
            keys[raw_key] = f"s{len(keys)}"
            by_key[keys[raw_key]] = references
            suite = references.suite_name or run.manifest.get("suite") or "unknown suite"
            if references.applies and not references.available:
                notes.append(
                    f"Reference programs of suite {suite!r} are not available, so plots and "
                    f"statistics that need them are left out: {references.missing_reason}"
                )
            notes.extend(references.notes)
        key = keys[raw_key]
        run_suites.append(key if by_key[key].available else None)
    return LoadedReport(runs, run_suites, by_key, notes, measurer)


def _environment() -> jinja2.Environment:
    return package_templates("assistworld.report", html=True, keep_trailing_newline=True)


def render_report(loaded: LoadedReport, *, generated_at: datetime | None = None) -> str:
    """The report page as HTML text."""
    runs = loaded.runs
    references = [loaded.references_of(index) for index in range(len(runs))]
    suites = {key: refs.tasks for key, refs in loaded.reference_sets.items() if refs.available}
    data = report_data(runs, loaded.run_suites, suites, loaded.measurer)
    complexity_plots = sections.complexity_plots(runs, references)
    context = {
        "title": "assistworld report: " + " vs ".join(run.label for run in runs),
        "version": assistworld.__version__,
        "generated_at": (generated_at or datetime.now(UTC)).isoformat(timespec="seconds"),
        "cards": sections.run_cards(runs),
        "headline": sections.headline(runs),
        "breakdowns": [(run.label, sections.breakdown(run)) for run in runs],
        "repeated_samples": sections.repeated_samples(runs),
        "usage_by_role": sections.usage_by_role(runs),
        "error_plot": sections.error_plot(runs),
        "complexity_plots": complexity_plots,
        "group_plots": sections.group_plots(runs),
        "program_stats": sections.program_statistics(runs, references, loaded.measurer),
        "selection": sections.selection_sections(runs, references, library_modules_of_names()),
        "has_selection_data": any(row.get("selected") for r in data["runs"] for row in r["tasks"]),
        "reference_notes": loaded.reference_notes,
        "references_missing": not any(references),
        "program_sections": any(refs.applies for refs in loaded.reference_sets.values()),
        "outcome_colours": sections.outcome_colours(failure_classes(runs)),
        "data_json": Markup(embed_json(data)),
        "colours_json": Markup(embed_json(sections.outcome_colours(failure_classes(runs)))),
        "svg": lambda plot: Markup(plot.svg),
        "paradigm_sections": paradigm_sections(runs),
        "trusted_html": Markup,
    }
    return _environment().get_template("page.html.j2").render(**context)


def write_report(run_dirs: Sequence[Path], out: Path) -> Path:
    """Render the report of ``run_dirs`` into ``out`` (parent folders created); returns ``out``."""
    html = render_report(load_report(run_dirs))
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(html, encoding="utf-8")
    return out
