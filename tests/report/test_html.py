"""The HTML report: every section and plot present, data complete, self-contained, escaped."""

from __future__ import annotations

import json
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest

from assistworld.report.html import load_report, render_report, write_report
from tests.report._runs import (
    EVIL_PROGRAM_TEXT,
    EVIL_QUERY,
    manifest,
    result,
    standard_runs,
    write_run,
)


class _Page(HTMLParser):
    """Collects what the tests look at: plots, resource attributes, script blocks."""

    def __init__(self) -> None:
        super().__init__()
        self.plots: dict[str, str] = {}
        self.resource_urls: list[str] = []
        self.scripts: dict[str, str] = {}
        self.ids: list[str] = []
        self._plot: str | None = None
        self._plot_depth = 0
        self._script: str | None = None
        self.tags: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        self.tags.append(tag)
        for name in ("src", "href", "xlink:href", "action", "data"):
            if found.get(name):
                self.resource_urls.append(str(found[name]))
        if found.get("id") and tag not in ("g", "path", "clippath", "defs", "use"):
            self.ids.append(str(found["id"]))
        if tag == "figure" and found.get("data-plot"):
            self._plot = str(found["data-plot"])
            self.plots[self._plot] = ""
        if self._plot is not None:
            self.plots[self._plot] += f"<{tag}>"
        if tag == "script":
            self._script = str(found.get("id") or "inline")
            self.scripts[self._script] = ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "figure":
            self._plot = None
        if tag == "script":
            self._script = None

    def handle_data(self, data: str) -> None:
        if self._script is not None:
            self.scripts[self._script] += data
        elif self._plot is not None:
            self.plots[self._plot] += data


@pytest.fixture
def page(tmp_path: Path) -> tuple[str, _Page]:
    _, run_a, run_b = standard_runs(tmp_path)
    html = write_report([run_a, run_b], tmp_path / "out" / "report.html").read_text()
    parsed = _Page()
    parsed.feed(html)
    return html, parsed


def test_every_plot_is_present_as_a_non_empty_svg(page: tuple[str, _Page]) -> None:
    _, parsed = page
    expected = {
        "errors",
        "complexity-cyclomatic_complexity",
        "complexity-max_ast_depth",
        "complexity-distinct_primitives",
        "complexity-query_words",
        "category",
        "kind",
    }
    assert set(parsed.plots) == expected
    for name, content in parsed.plots.items():
        assert "<svg>" in content and content.count("<path>") >= 3 and "<text>" in content, name


def test_the_task_data_parses_and_holds_every_task_of_every_run(page: tuple[str, _Page]) -> None:
    _, parsed = page
    data = json.loads(parsed.scripts["report-data"])
    assert [run["label"] for run in data["runs"]] == ["model-a · cck", "model-b · ps"]
    for run in data["runs"]:
        assert sorted(task["id"] for task in run["tasks"]) == [
            "cancel_03",
            "count_02",
            "evil_04",
            "lunch_01",
        ]
    evil = next(t for t in data["runs"][0]["tasks"] if t["id"] == "evil_04")
    assert evil["query"] == EVIL_QUERY
    assert evil["page"]["program"] == EVIL_PROGRAM_TEXT


def test_nothing_is_loaded_from_the_network(page: tuple[str, _Page]) -> None:
    html, parsed = page
    for url in parsed.resource_urls:
        assert not re.match(r"\s*(https?:)?//", url, re.IGNORECASE), url
    assert not re.search(r"""(src|href)\s*=\s*["']?\s*(https?:)?//""", html, re.IGNORECASE)
    assert "@import" not in html and "url(http" not in html
    assert "default-src 'none'" in html  # the page's CSP forbids fetching anything too


def test_untrusted_text_cannot_inject_markup(page: tuple[str, _Page]) -> None:
    html, parsed = page
    assert "<b>boom" not in html
    assert "<img" not in html
    # the two JSON blocks, the page's own script, the program page's layout and the start
    assert parsed.tags.count("script") == 5
    assert "b" not in parsed.tags and "img" not in parsed.tags


def test_headline_manifest_and_flags_are_shown(page: tuple[str, _Page]) -> None:
    html, _ = page
    assert "Headline metrics" in html
    assert "25.0% (1)" in html  # run A: 1 of 4 passed
    assert "75.0% (3)" in html  # run B
    assert "return-type hint given in the prompt" in html
    assert "rlimits, landlock-abi7, seccomp" in html
    for failure in ("execution error", "handback control error", "parse failure"):
        assert failure in html


def test_program_statistics_and_primitive_selection_sections(page: tuple[str, _Page]) -> None:
    html, _ = page
    stats = html[html.index('id="program-stats"') :]
    stats = stats[: stats.index("</table>")]
    assert "reference programs" in stats and "Helper functions (total)" in stats
    assert "RequiresUserInput raises (total)" in stats
    selection = html[html.index('<section id="selection"') :]
    selection = selection[: selection.index("</section>")]
    assert "model-b · ps" in selection and "work_calendar" in selection
    assert "get_contact" in selection  # selected from a module outside the library
    assert "model-a · cck" not in selection  # run A recorded no selection


def test_a_report_without_its_suite_renders_and_says_why(tmp_path: Path) -> None:
    run = write_run(
        tmp_path / "run",
        [result("t1", "passed"), result("t2", "execution_error")],
        manifest(None, ["t1", "t2"]),
    )
    html = render_report(load_report([run]))
    assert "Reference programs of suite" in html and "/nonexistent/suite does not exist" in html
    assert 'data-plot="complexity-' not in html
    assert 'data-plot="errors"' in html and 'data-plot="category"' in html
    assert "Programs measured" in html


def test_a_run_of_the_real_runner_reports(tmp_path: Path) -> None:
    from assistworld.paradigms.aspera.agents.baselines import OracleAgent
    from assistworld.paradigms.aspera.tasks.suite import load_suite
    from assistworld.runner.session import RunSettings, execute_run
    from tests.runner._suite import write_suite

    write_suite(tmp_path / "suite", 3)
    suite = load_suite(tmp_path / "suite")
    execute_run(
        suite,
        OracleAgent.for_suite(suite),
        RunSettings(out_dir=tmp_path / "run", unsafe=True),
    )
    html = write_report([tmp_path / "run"], tmp_path / "report.html").read_text()
    assert "UNSAFE: candidate programs ran without the sandbox" in html
    assert "100.0% (3)" in html
    shutil.rmtree(tmp_path / "suite")
    assert "does not exist" in render_report(load_report([tmp_path / "run"]))


def test_no_run_directories_is_an_error() -> None:
    with pytest.raises(ValueError, match="at least one run directory"):
        load_report([])
