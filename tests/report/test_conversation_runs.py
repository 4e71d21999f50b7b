"""report and show on a conversation (astra) run: a result without a program renders, and the
headline table shows the paradigm's own failure classes, not ASPERA's."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from assistworld.core.paradigm import AgentRequest
from assistworld.core.registry import get_paradigm, load_suite
from assistworld.report import sections
from assistworld.report.commands import report_command, show_command
from assistworld.report.rundata import load_run
from assistworld.report.terminal import class_heading, quiet_failure_columns
from assistworld.runner.session import RunSettings, execute_run


@pytest.fixture(scope="module")
def astra_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The oracle on three personal_demo scenarios, written as ``assistworld run`` writes it;
    one result is then rewritten as a failure so the table has a non-zero class."""
    out = tmp_path_factory.mktemp("astra") / "run"
    suite = load_suite("personal_demo")
    agent = get_paradigm("astra").build_agent(AgentRequest(name="oracle", suite=suite))
    ids = [task.query_id for task in suite.tasks[:3]]
    execute_run(suite, agent, RunSettings(out_dir=out, concurrency=1, task_ids=ids))
    path = out / "results.jsonl"
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    lines[0].update(passed=False, outcome="end_state_wrong")
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return out


def test_report_renders_an_astra_run(astra_run: Path) -> None:
    out = report_command([astra_run], astra_run / "report.html")
    page = out.read_text()
    assert page.startswith("<!DOCTYPE html>")
    assert "end state wrong" in page
    assert "handback control error" not in page


def test_an_astra_report_leaves_out_what_only_program_runs_have(astra_run: Path) -> None:
    page = report_command([astra_run], astra_run / "report.html").read_text()
    # no reference programs to miss, no sandbox to miss (the oracle's calls are data)
    assert "are not available" not in page and "no sandbox layer" not in page
    assert 'id="complexity"' not in page and 'id="programs"' not in page
    assert 'href="#programs"' not in page


def test_the_kind_plot_groups_by_the_paradigms_own_kinds(
    astra_run: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn: dict[str, Any] = {}
    monkeypatch.setattr(
        sections, "group_bars", lambda title, series, key: drawn.setdefault(key, series)
    )
    sections.group_plots([load_run(astra_run)])
    [(_, buckets)] = drawn["kind"]
    assert {bucket.label for bucket in buckets} <= {"single_turn", "multi_turn"}
    assert sum(bucket.tasks for bucket in buckets) == 3


def test_show_lists_the_astra_failure_classes(astra_run: Path) -> None:
    buffer = io.StringIO()
    show_command(astra_run, Console(file=buffer, width=80, color_system=None))
    text = buffer.getvalue()
    assert "all tasks" in text and "end state" in text and "wrong" in text
    assert "hand-" not in text and "exec" not in text
    assert max(len(line.rstrip()) for line in text.splitlines()) <= 80


def test_quiet_columns_are_the_paradigms_choice_else_its_first_three() -> None:
    hooks = get_paradigm("aspera").report
    aspera = ["timeout", "execution_error", "handback_control_error", "task_completion_error"]
    assert quiet_failure_columns(aspera, hooks.quiet_failure_classes) == aspera[1:]
    astra = ["end_state_wrong", "answer_incomplete", "no_reply", "step_limit"]
    assert (
        quiet_failure_columns(astra, get_paradigm("astra").report.quiet_failure_classes)
        == (astra[:3])
    )
    assert class_heading("end_state_wrong") == "end state\nwrong"
    assert class_heading("execution_error", hooks.failure_headings) == "exec\nerror"
    assert class_heading("execution_error") == "execution\nerror"  # no paradigm's headings
