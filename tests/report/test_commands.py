"""The report, show and compare commands as a user runs them."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console

from assistworld.report.commands import REFUSED, compare_command, report_command, show_command
from assistworld.report.rundata import RunDirError
from tests.report._runs import manifest, result, standard_runs, write_run


def _console() -> tuple[Console, io.StringIO]:
    buffer = io.StringIO()
    return Console(file=buffer, width=160, color_system=None), buffer


def test_report_command_writes_the_file_and_returns_its_path(tmp_path: Path) -> None:
    _, run_a, run_b = standard_runs(tmp_path)
    out = report_command([run_a, run_b], tmp_path / "deep" / "report.html")
    assert out == tmp_path / "deep" / "report.html"
    assert out.read_text().startswith("<!DOCTYPE html>")


def test_report_command_on_a_missing_directory_names_it(tmp_path: Path) -> None:
    with pytest.raises(RunDirError, match="nowhere does not exist"):
        report_command([tmp_path / "nowhere"], tmp_path / "r.html")


def test_show_prints_the_headline_table_and_manifest_essentials(tmp_path: Path) -> None:
    run = write_run(
        tmp_path / "run",
        [result("a", "passed"), result("b", "execution_error")],
        manifest(None, ["a", "b", "c"], unsafe=True),
    )
    console, buffer = _console()
    show_command(run, console)
    text = buffer.getvalue()
    assert "all tasks" in text and "50.0%" in text and "exec" in text
    assert "9.5–90.5" in text  # 1 of 2 passed, with its 95 % Wilson interval
    assert "model-a" in text and "rlimits, landlock-abi7, seccomp" in text
    assert "UNSAFE: candidate programs ran without the sandbox" in text
    assert "incomplete run: 2 of 3" in text


def test_compare_lists_the_flipped_tasks_with_outcomes(tmp_path: Path) -> None:
    _, run_a, run_b = standard_runs(tmp_path)
    console, buffer = _console()
    assert compare_command(run_a, run_b, console) == 0
    text = buffer.getvalue()
    assert "passed in A, failed in B" in text and "failed in A, passed in B" in text
    broke = text[text.index("passed in A, failed in B") : text.index("failed in A, passed in B")]
    assert "lunch_01" in broke and "task_completion_error" in broke
    fixed = text[text.index("failed in A, passed in B") :]
    for query_id, outcome in (
        ("count_02", "execution_error"),
        ("cancel_03", "handback_control_error"),
        ("evil_04", "parse_failure"),
    ):
        assert query_id in fixed and outcome in fixed
    assert "4 common tasks · success A 25.0% (1) → B 75.0% (3)" in text


def test_compare_refuses_runs_graded_differently(tmp_path: Path) -> None:
    first = write_run(tmp_path / "one", [result("a", "passed")], manifest(None, ["a"]))
    second = write_run(
        tmp_path / "two", [result("a", "passed")], manifest(None, ["a"], unsafe=True)
    )
    console, buffer = _console()
    assert compare_command(first, second, console) == REFUSED
    text = buffer.getvalue()
    assert "cannot compare" in text and "unsafe differs: false vs true" in text


def test_compare_refuses_a_run_without_manifest(tmp_path: Path) -> None:
    first = write_run(tmp_path / "one", [result("a", "passed")], manifest(None, ["a"]))
    second = write_run(tmp_path / "two", [result("a", "passed")], None)
    console, buffer = _console()
    assert compare_command(first, second, console) == REFUSED
    assert "no manifest in" in buffer.getvalue()


def test_compare_refuses_a_missing_run(tmp_path: Path) -> None:
    first = write_run(tmp_path / "one", [result("a", "passed")], manifest(None, ["a"]))
    console, buffer = _console()
    assert compare_command(first, tmp_path / "gone", console) == REFUSED
    assert "gone does not exist" in buffer.getvalue()


def test_compare_over_different_task_lists_says_what_was_left_out(tmp_path: Path) -> None:
    first = write_run(
        tmp_path / "one", [result("a", "passed"), result("b", "passed")], manifest(None, ["a", "b"])
    )
    second = write_run(tmp_path / "two", [result("a", "timeout")], manifest(None, ["a"]))
    console, buffer = _console()
    assert compare_command(first, second, console) == 0
    text = buffer.getvalue()
    assert "1 common tasks" in text
    assert "left out: 1 tasks only in A" in text and "0 only in B" in text


def test_report_command_without_matplotlib_says_how_to_install_it(tmp_path: Path) -> None:
    # In a fresh interpreter where importing matplotlib fails, as it does without the extra.
    _, run_a, _ = standard_runs(tmp_path)
    script = (
        "import sys; sys.modules['matplotlib'] = None\n"
        "from pathlib import Path\n"
        "from assistworld.report.commands import report_command\n"
        "from assistworld.report.rundata import RunDirError\n"
        "try:\n"
        f"    report_command([Path({str(run_a)!r})], Path({str(tmp_path / 'r.html')!r}))\n"
        "except RunDirError as error:\n"
        "    print(error)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=True
    )
    assert "pip install 'assistworld[report]'" in done.stdout
    assert not (tmp_path / "r.html").exists()
