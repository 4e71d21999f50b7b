"""A report of a program run, a planning run and a conversation run on one page: each run shows
its own columns, failure classes and task pages, and no other paradigm's."""

from __future__ import annotations

import io
import json
from html.parser import HTMLParser
from pathlib import Path

import pytest
from rich.console import Console

from assistworld.report.commands import show_command
from assistworld.report.html import load_report, render_report
from tests.report._mixed import mixed_runs


class _DataScript(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self._inside = False
        self.data = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._inside = tag == "script" and ("id", "report-data") in attrs

    def handle_data(self, data: str) -> None:
        if self._inside:
            self.data += data

    def handle_endtag(self, tag: str) -> None:
        self._inside = False


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, Path]:
    return mixed_runs(tmp_path_factory.mktemp("mixed"))


@pytest.fixture(scope="module")
def page(runs: tuple[Path, Path, Path]) -> str:
    return render_report(load_report(list(runs)))


def _data(page: str) -> dict[str, object]:
    parser = _DataScript()
    parser.feed(page)
    found = json.loads(parser.data)
    assert isinstance(found, dict)
    return found


def _headline(page: str) -> tuple[list[str], list[list[str]]]:
    """The headline table's header and rows, as text."""

    class Cells(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.rows: list[list[str]] = []
            self.cell: list[str] | None = None

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            if tag == "tr":
                self.rows.append([])
            elif tag in ("td", "th"):
                self.cell = []

        def handle_data(self, data: str) -> None:
            if self.cell is not None:
                self.cell.append(data)

        def handle_endtag(self, tag: str) -> None:
            if tag in ("td", "th") and self.cell is not None:
                self.rows[-1].append("".join(self.cell).strip())
                self.cell = None

    section = page[page.index('<section id="headline">') :]
    cells = Cells()
    cells.feed(section[: section.index("</table>")])
    header, *rows = cells.rows
    return header, rows


def test_each_run_has_its_own_task_table_columns(page: str) -> None:
    data = _data(page)
    runs = data["runs"]
    assert isinstance(runs, list)
    columns = [[column["heading"] for column in run["columns"]] for run in runs]
    assert columns == [["pairs passed", "ref. CC", "CC"], [], []]
    program, planning, conversation = runs
    assert all("cells" in row for row in program["tasks"])
    assert not any("cells" in row for row in planning["tasks"] + conversation["tasks"])
    # the page layouts: programs, the default one (the plan's fields), conversations
    assert {row["page"]["layout"] for row in program["tasks"]} == {"program"}
    assert not any("page" in row for row in planning["tasks"])
    assert all('"plan"' in row["details"] for row in planning["tasks"])
    assert {row["page"]["layout"] for row in conversation["tasks"]} == {"conversation"}


def test_a_failure_class_of_another_paradigm_is_a_dash_in_a_runs_headline_row(page: str) -> None:
    header, rows = _headline(page)
    program, planning, conversation = (dict(zip(header, row, strict=True)) for row in rows)
    assert conversation["end state wrong"] == "33.3% (1)"
    assert program["end state wrong"] == "—" and planning["end state wrong"] == "—"
    assert program["execution error"] == "25.0% (1)"
    assert planning["execution error"] == "—" and conversation["execution error"] == "—"


def test_each_paradigm_adds_its_own_sections_once(page: str) -> None:
    for anchor in ("complexity", "programs", "planning-scores-0", "astra-complexity"):
        assert page.count(f'id="{anchor}"') == 1, anchor
    assert '<a href="#complexity">Complexity</a>' in page
    assert '<a href="#programs">Programs</a>' in page
    # the suite of the program run is found; the others' suites are not program suites
    assert "are not available" not in page
    # the planner's plans and the oracle's tool calls ran no program: no sandbox is missing
    assert "no sandbox layer was active" not in page


def test_show_prints_each_paradigms_own_figures(runs: tuple[Path, Path, Path]) -> None:
    printed = []
    for run in runs:
        buffer = io.StringIO()
        show_command(run, Console(file=buffer, width=100, color_system=None))
        printed.append(buffer.getvalue())
    program, planning, conversation = printed
    assert "exec" in program and "Scores by mode" not in program and "Milestones" not in program
    assert "Scores by mode" in planning and "Milestones" not in planning
    assert "hand-" not in planning
    assert "Milestones" in conversation and "Scores by mode" not in conversation
    assert "hand-" not in conversation and "exec" not in conversation
