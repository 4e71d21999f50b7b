"""Build the self-contained HTML report of one or more runs.

The page needs nothing from the network when viewed: styles and script are inlined from the
templates next to this module, plots are inline SVG, and the per-task data is one JSON document
that the script renders a page of rows (and one task) at a time.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import jinja2
from markupsafe import Markup

import assistworld
from assistworld.core.templates import package_templates
from assistworld.report import sections
from assistworld.report.paradigm_sections import ParadigmParts, paradigm_parts
from assistworld.report.rundata import RunData, label_runs, load_run
from assistworld.report.taskdata import embed_json, report_data


@dataclass
class LoadedReport:
    """The runs of a report and what their paradigms add to it (read once per build)."""

    runs: list[RunData]
    parts: ParadigmParts


def load_report(run_dirs: Sequence[Path]) -> LoadedReport:
    """Read every run and ask each of their paradigms for its part of the report."""
    if not run_dirs:
        raise ValueError("give at least one run directory to report on")
    runs = [load_run(Path(path)) for path in run_dirs]
    label_runs(runs)
    return LoadedReport(runs, paradigm_parts(runs))


def _environment() -> jinja2.Environment:
    return package_templates("assistworld.report", html=True, keep_trailing_newline=True)


def render_report(loaded: LoadedReport, *, generated_at: datetime | None = None) -> str:
    """The report page as HTML text."""
    runs = loaded.runs
    data = report_data(runs, loaded.parts.of_run)
    colours = sections.outcome_colours(runs)
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
        "group_plots": sections.group_plots(runs),
        "paradigm_notes": loaded.parts.notes(),
        "paradigm_sections": loaded.parts.sections(),
        "paradigm_scripts": loaded.parts.scripts(),
        "paradigm_styles": loaded.parts.styles(),
        "outcome_colours": colours,
        "data_json": Markup(embed_json(data)),
        "colours_json": Markup(embed_json(colours)),
        "svg": lambda plot: Markup(plot.svg),
        "trusted_html": Markup,
    }
    return _environment().get_template("page.html.j2").render(**context)


def write_report(run_dirs: Sequence[Path], out: Path) -> Path:
    """Render the report of ``run_dirs`` into ``out`` (parent folders created); returns ``out``."""
    html = render_report(load_report(run_dirs))
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(html, encoding="utf-8")
    return out
