"""The paradigm end to end: a run writes scores[mode][category][metric], verify audits gold and
empty plans, tasks --summary lists Table 2, the report gets the planning sections."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from rich.console import Console

from assistworld.core.paradigm import LabelledResults, VerifyRequest
from assistworld.core.registry import load_suite, resolve_suite
from assistworld.paradigms.appbench.agents.baselines import NullAgent, OracleAgent
from assistworld.paradigms.appbench.paradigm import AppBenchParadigm
from assistworld.runner.session import RunSettings, execute_run
from tests.paradigms.appbench.published_copy import write_copy
from tests.paradigms.appbench.tasks.test_suites import write_suite


@pytest.fixture()
def suite_dir(tmp_path: Path) -> Path:
    return write_suite(tmp_path / "plans")


def test_suite_json_routes_to_appbench_and_the_view_holds_no_gold(suite_dir: Path) -> None:
    _, _, paradigm, _ = resolve_suite(suite_dir)
    assert paradigm.name == "appbench"
    suite = load_suite(suite_dir)
    view = paradigm.agent_view(suite.tasks[0], NullAgent())
    dumped = view.model_dump_json()
    assert view.apps[0].name == "Lodging"
    assert "Lumen" not in dumped and "'" not in view.query


def test_oracle_run_scores_every_mode_and_category(suite_dir: Path, tmp_path: Path) -> None:
    suite = load_suite(suite_dir)
    report = execute_run(suite, OracleAgent.for_suite(suite), RunSettings(out_dir=tmp_path / "r"))
    assert all(result.passed for result in report.results)
    summary = json.loads((tmp_path / "r" / "summary.json").read_text(encoding="utf-8"))
    scores = summary["scores"]
    assert set(scores) == {"paper", "corrected"}
    assert set(scores["corrected"]) == {"ss", "sm", "all"}
    assert scores["corrected"]["all"]["success"] == 1.0
    assert scores["paper"]["ss"]["f1_api"] == 1.0
    assert "error_analysis" in summary and "by_shape" in summary
    line = (tmp_path / "r" / "results.jsonl").read_text(encoding="utf-8").splitlines()[0]
    details = json.loads(line)["details"]
    assert details["outcomes"]["corrected"]["calls"][0]["matched"] == ["town"]


def test_null_run_fails_every_task(suite_dir: Path, tmp_path: Path) -> None:
    suite = load_suite(suite_dir)
    report = execute_run(suite, NullAgent(), RunSettings(out_dir=tmp_path / "n"))
    assert {result.outcome for result in report.results} == {"parse_failure"}
    assert report.metrics.overall.success_rate == 0.0


def test_verify_and_summary_on_the_published_layout(tmp_path: Path) -> None:
    root = write_copy(tmp_path / "AppBench")
    paradigm = AppBenchParadigm()
    suite = paradigm.load_suite(root, "AppBench", strict=False)
    console = Console(record=True, width=200)
    sound = paradigm.verify(suite, console, VerifyRequest())
    text = console.export_text()
    assert not sound  # sm-0 depends on a variable no call returns: the gold itself is broken
    assert "gold plan fails sm-0 in corrected mode" in text and "monday_date" in text
    paradigm.list_tasks(suite, console, as_json=False, summary=True, with_programs=False)
    text = console.export_text()
    assert "Table 2" in text and "duplicate instruction" in text


def test_report_sections_render_escaped_html(suite_dir: Path, tmp_path: Path) -> None:
    suite = load_suite(suite_dir)
    report = execute_run(suite, OracleAgent.for_suite(suite), RunSettings(out_dir=tmp_path / "r"))
    part = AppBenchParadigm().report.part([LabelledResults("oracle", report.results)])
    sections = part.sections()
    assert [s.anchor for s in sections] == [
        "planning-scores-0",
        "planning-errors-0",
        "planning-shapes-0",
    ]
    assert "corrected Success" in sections[0].html and "100.0" in sections[0].html


def test_the_html_report_places_the_planning_sections(suite_dir: Path, tmp_path: Path) -> None:
    from assistworld.report.html import write_report

    suite = load_suite(suite_dir)
    execute_run(suite, OracleAgent.for_suite(suite), RunSettings(out_dir=tmp_path / "r"))
    page = write_report([tmp_path / "r"], tmp_path / "report.html").read_text(encoding="utf-8")
    assert 'id="planning-scores-0"' in page and "AppBench Table 4" in page
    assert "findroom" in page  # the plan and the per-call matches are in the task data


def test_show_prints_the_scores_of_every_mode(suite_dir: Path, tmp_path: Path) -> None:
    from assistworld.report.commands import show_command

    suite = load_suite(suite_dir)
    execute_run(suite, OracleAgent.for_suite(suite), RunSettings(out_dir=tmp_path / "r"))
    console = Console(record=True, width=160)
    show_command(tmp_path / "r", console)
    text = console.export_text()
    assert "Scores by mode" in text
    rows = [line for line in text.splitlines() if "│ all " in line and "tasks" not in line]
    assert [row.split("│")[1].strip() for row in rows] == ["paper", "corrected"]


def test_published_tasks_are_shown_the_papers_day(tmp_path: Path) -> None:
    root = write_copy(tmp_path / "AppBench")
    paradigm = AppBenchParadigm()
    suite = paradigm.load_suite(root, "AppBench", strict=False)
    view = paradigm.agent_view(suite.tasks[0], NullAgent())
    assert view.now is not None and view.now.date().isoformat() == "2019-03-01"
    assert [app.name for app in view.apps] == ["Lodging", "Forecast"]
