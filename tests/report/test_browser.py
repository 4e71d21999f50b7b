"""The report in a real browser: offline, no errors, plots drawn, filters and task pages working.

Needs Debian's Chromium (``apt-get install -y chromium``); skipped when it is not installed.
Screenshots are saved in the test's tmp dir, and copied to ``$ASSISTWORLD_ARTEFACTS`` when set.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from assistworld.report.html import write_report
from tests.report._runs import EVIL_QUERY, manifest, result, standard_runs, write_run
from tests.report.browser_driver import Chromium, find_chromium, launch

pytestmark = pytest.mark.skipif(
    find_chromium() is None,
    reason="headless Chromium is not installed (Debian: apt-get install -y chromium)",
)

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@pytest.fixture
def browser() -> Iterator[Chromium]:
    with launch() as chromium:
        yield chromium


def _open(browser: Chromium, report: Path) -> None:
    browser.navigate(report.as_uri())
    browser.wait_for("window.__reportReady === true")


def _choose(browser: Chromium, select_id: str, value: str) -> None:
    browser.evaluate(
        f"(function () {{ var s = document.getElementById({json.dumps(select_id)});"
        f" s.value = {json.dumps(value)}; s.dispatchEvent(new Event('change')); }})()"
    )


def _rows(browser: Chromium) -> list[str]:
    rows = browser.evaluate(
        "Array.from(document.querySelectorAll('#task-rows tr.task-row'))"
        ".map(function (r) { return r.getAttribute('data-id'); })"
    )
    assert isinstance(rows, list)
    return [str(row) for row in rows]


def _save(browser: Chromium, path: Path, full_page: bool = False) -> Path:
    browser.screenshot(path, full_page=full_page)
    artefacts = os.environ.get("ASSISTWORLD_ARTEFACTS")
    if artefacts:
        Path(artefacts).mkdir(parents=True, exist_ok=True)
        shutil.copy(path, Path(artefacts) / path.name)
    return path


def test_report_loads_offline_draws_plots_filters_and_opens_tasks(
    tmp_path: Path, browser: Chromium
) -> None:
    _, run_a, run_b = standard_runs(tmp_path)
    report = write_report([run_a, run_b], tmp_path / "report.html")
    _open(browser, report)

    # only the file itself was requested, and nothing went wrong
    assert browser.events.requests == [report.as_uri()]
    assert browser.events.console_errors == []

    plots = browser.evaluate(
        "Array.from(document.querySelectorAll('figure.plot')).map(function (f) {"
        " var svg = f.querySelector('svg'); var box = svg ? svg.getBoundingClientRect() : null;"
        " return {name: f.getAttribute('data-plot'), width: box ? box.width : 0,"
        " height: box ? box.height : 0, shapes: svg ? svg.querySelectorAll('path').length : 0,"
        " texts: svg ? svg.querySelectorAll('text').length : 0}; })"
    )
    assert len(plots) == 7
    for plot in plots:
        assert plot["width"] > 100 and plot["height"] > 100, plot
        assert plot["shapes"] > 3 and plot["texts"] > 3, plot

    # the table: all four tasks of run A, then filtered
    assert _rows(browser) == ["cancel_03", "count_02", "evil_04", "lunch_01"]
    _choose(browser, "filter-outcome", "passed")
    assert _rows(browser) == ["lunch_01"]
    assert browser.evaluate("document.getElementById('task-count').textContent") == (
        "1 of 4 tasks match"
    )
    _choose(browser, "filter-outcome", "__failed")
    _choose(browser, "filter-category", "conditional")
    assert _rows(browser) == ["cancel_03", "evil_04"]
    _choose(browser, "filter-run", "1")  # run B: filters that still apply are kept
    assert _rows(browser) == []
    _choose(browser, "filter-outcome", "passed")
    assert _rows(browser) == ["cancel_03", "evil_04"]
    _save(browser, tmp_path / "report-top.png")

    # a task page, opened from the table; the query's markup is shown as text
    browser.evaluate("document.querySelector('#task-rows tr[data-id=\"evil_04\"] a').click()")
    browser.wait_for("document.getElementById('task-title') !== null")
    assert browser.evaluate("document.getElementById('task-title').textContent") == "evil_04"
    assert browser.evaluate("document.getElementById('report-main').hidden") is True
    assert browser.evaluate("document.querySelector('#task-page blockquote').textContent") == (
        EVIL_QUERY
    )
    assert browser.evaluate("document.querySelectorAll('#task-page b, #task-page img').length") == 0
    assert browser.evaluate("document.querySelectorAll('#task-page pre').length") >= 2
    task_text = browser.evaluate("document.getElementById('task-page').textContent")
    assert "Primitive selection" in task_text and "Other runs" in task_text
    shot = _save(browser, tmp_path / "report-task.png", full_page=True)
    assert shot.read_bytes().startswith(PNG_SIGNATURE)

    # back to the report
    browser.evaluate("history.back()")
    browser.wait_for("document.getElementById('report-main').hidden === false")
    assert browser.events.console_errors == []
    assert browser.events.requests == [report.as_uri()]


def test_a_long_table_is_paged(tmp_path: Path, browser: Chromium) -> None:
    ids = [f"task_{n:03d}" for n in range(120)]
    run = write_run(
        tmp_path / "run",
        [result(i, "passed" if n % 3 else "timeout") for n, i in enumerate(ids)],
        manifest(None, ids),
    )
    report = write_report([run], tmp_path / "report.html")
    _open(browser, report)
    assert len(_rows(browser)) == 50
    assert browser.evaluate("document.getElementById('page-info').textContent") == "page 1 of 3"
    browser.evaluate("document.getElementById('page-next').click()")
    browser.evaluate("document.getElementById('page-next').click()")
    assert _rows(browser) == ids[100:]
    _choose(browser, "filter-outcome", "timeout")
    assert len(_rows(browser)) == 40
    assert browser.evaluate("document.getElementById('page-info').textContent") == "page 1 of 1"
    assert browser.events.console_errors == []


def test_each_sample_of_a_task_is_a_row_with_its_own_page(
    tmp_path: Path, browser: Chromium
) -> None:
    run = write_run(
        tmp_path / "run",
        [result("a", "passed"), result("a", "timeout", sample=1), result("b", "passed")],
        manifest(None, ["a", "b"], options={"samples": 2}),
    )
    report = write_report([run], tmp_path / "report.html")
    _open(browser, report)
    assert _rows(browser) == ["a", "a#1", "b"]
    browser.evaluate("document.querySelector('#task-rows tr[data-id=\"a#1\"] a').click()")
    browser.wait_for("document.getElementById('task-title') !== null")
    assert browser.evaluate("document.getElementById('task-title').textContent") == "a#1"
    assert "timeout" in str(browser.evaluate("document.getElementById('task-page').textContent"))
    assert browser.events.console_errors == []


def _headings(browser: Chromium) -> list[str]:
    found = browser.evaluate(
        "Array.from(document.querySelectorAll('#task-head th'))"
        ".map(function (th) { return th.textContent; })"
    )
    assert isinstance(found, list)
    return [str(heading) for heading in found]


def test_runs_of_three_paradigms_each_show_their_own_columns_and_pages(
    tmp_path: Path, browser: Chromium
) -> None:
    from tests.report._mixed import mixed_runs

    runs = mixed_runs(tmp_path / "runs")
    report = write_report(list(runs), tmp_path / "mixed.html")
    _open(browser, report)
    assert browser.events.console_errors == []
    neutral = ["task", "outcome", "category", "kind", "tokens", "latency (s)", "query"]
    program_columns = [*neutral[:4], "pairs passed", "ref. CC", "CC", *neutral[4:]]
    assert _headings(browser) == program_columns
    _save(browser, tmp_path / "mixed-top.png", full_page=True)

    _choose(browser, "filter-run", "1")  # the planning run: no program columns
    assert _headings(browser) == neutral
    assert len(_rows(browser)) == 3
    browser.evaluate("document.querySelector('#task-rows tr.task-row a').click()")
    browser.wait_for("document.getElementById('task-title') !== null")
    text = str(browser.evaluate("document.getElementById('task-page').textContent"))
    assert "plan" in text and "Outcome per (setup, evaluation) pair" not in text
    assert "Reference program" not in text and "Conversation" not in text
    _save(browser, tmp_path / "mixed-planning-task.png", full_page=True)
    browser.evaluate("history.back()")
    browser.wait_for("document.getElementById('report-main').hidden === false")

    _choose(browser, "filter-run", "2")  # the conversation run: no program columns either
    assert _headings(browser) == neutral
    cells = browser.evaluate("document.querySelector('#task-rows tr.task-row').children.length")
    assert cells == len(neutral)
    browser.evaluate("document.querySelector('#task-rows tr.task-row a').click()")
    browser.wait_for("document.getElementById('task-title') !== null")
    text = str(browser.evaluate("document.getElementById('task-page').textContent"))
    assert "Conversation (tool calls" in text and "Candidate program" not in text
    _save(browser, tmp_path / "mixed-conversation-task.png", full_page=True)
    browser.evaluate("history.back()")
    browser.wait_for("document.getElementById('report-main').hidden === false")

    _choose(browser, "filter-run", "0")  # back to the program run: its columns return
    assert _headings(browser) == program_columns
    browser.evaluate("document.querySelector('#task-rows tr[data-id=\"count_02\"] a').click()")
    browser.wait_for("document.getElementById('task-title') !== null")
    text = str(browser.evaluate("document.getElementById('task-page').textContent"))
    assert "Outcome per (setup, evaluation) pair" in text and "Reference program" in text
    assert browser.events.console_errors == []
    assert browser.events.requests == [report.as_uri()]
