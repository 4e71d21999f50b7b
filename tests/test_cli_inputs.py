"""Bad input to ``run``: one clear line and a non-zero exit, never a traceback or a silent
fresh start; and a run directory's files written as the user's umask says."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from assistworld.cli import app
from tests.runner._suite import write_suite


@pytest.fixture
def suite_dir(tmp_path: Path) -> Path:
    write_suite(tmp_path / "suite", 3)
    return tmp_path / "suite"


def _run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["run", "--agent", "oracle", "--unsafe", *args])
    return result.exit_code, result.output


def _one_error_line(output: str) -> str:
    """The one error line, after the line a run prints at once (what it is loading)."""
    lines = [line for line in output.splitlines() if line.strip() and ": loading " not in line]
    assert "Traceback" not in output
    assert len(lines) == 1, output
    assert lines[0].startswith("error: ")
    return lines[0]


def test_resume_without_out_is_refused(suite_dir: Path) -> None:
    code, output = _run("--suite", str(suite_dir), "--resume")
    assert code == 2
    assert "--resume needs --out DIR" in _one_error_line(output)


def test_resume_of_a_directory_that_does_not_exist_starts_nothing(
    suite_dir: Path, tmp_path: Path
) -> None:
    missing = tmp_path / "runs" / "typo"
    code, output = _run("--suite", str(suite_dir), "--out", str(missing), "--resume")
    assert code == 2
    line = _one_error_line(output)
    assert f"--resume: {missing} does not exist" in line
    assert "drop --resume" in line
    assert not missing.exists()


def test_resume_of_a_folder_that_holds_no_run_is_refused(suite_dir: Path, tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    code, output = _run("--suite", str(suite_dir), "--out", str(empty), "--resume")
    assert code == 2
    assert "holds no manifest.json" in _one_error_line(output)
    assert list(empty.iterdir()) == []


def test_out_naming_a_file_is_refused(suite_dir: Path, tmp_path: Path) -> None:
    existing = tmp_path / "notes.txt"
    existing.write_text("keep me")
    code, output = _run("--suite", str(suite_dir), "--out", str(existing))
    assert code == 2
    assert f"--out {existing} is a file" in _one_error_line(output)
    assert existing.read_text() == "keep me"


def test_out_that_cannot_be_created_is_refused() -> None:
    code, output = _run("--suite", "workplace", "--limit", "1", "--out", "/proc/nope/run")
    assert code == 2
    assert "--out /proc/nope/run: cannot create the directory" in _one_error_line(output)


def test_resuming_into_a_run_of_another_suite_names_counts_not_every_id(
    suite_dir: Path, tmp_path: Path
) -> None:
    other = tmp_path / "other"
    write_suite(other, 40)
    out = tmp_path / "run"
    assert _run("--suite", str(suite_dir), "--out", str(out))[0] == 0
    code, output = _run("--suite", str(other), "--out", str(out), "--resume")
    assert code == 2
    line = _one_error_line(output)
    assert "task_ids differs (was 3 ids, now 40" in line
    assert "and 32 more" in line, "a few ids are named, not all forty"
    assert len(line) < 1200


def test_flags_are_shown_as_flags_in_help() -> None:
    result = CliRunner().invoke(app, ["run", "--help"], env={"COLUMNS": "160"})
    assert result.exit_code == 0
    flag_lines = [
        line for line in result.output.splitlines() if "--resume" in line or "--unsafe" in line
    ]
    assert len(flag_lines) == 2
    assert all("<bool>" not in line for line in flag_lines)
    limit = next(line for line in result.output.splitlines() if "--limit" in line)
    assert " N " in limit, "options that take a value keep their value's name"


@pytest.fixture
def umask_027() -> Iterator[None]:
    old = os.umask(0o027)
    try:
        yield
    finally:
        os.umask(old)


@pytest.mark.usefixtures("umask_027")
def test_every_file_of_a_run_directory_follows_the_umask(suite_dir: Path, tmp_path: Path) -> None:
    out = tmp_path / "run"
    assert _run("--suite", str(suite_dir), "--out", str(out))[0] == 0
    modes = {path.name: path.stat().st_mode & 0o777 for path in out.iterdir()}
    assert set(modes) >= {"results.jsonl", "manifest.json", "summary.json"}
    assert set(modes.values()) == {0o640}, {name: oct(mode) for name, mode in modes.items()}


def test_the_first_line_says_what_is_being_loaded(suite_dir: Path, tmp_path: Path) -> None:
    code, output = _run("--suite", str(suite_dir), "--out", str(tmp_path / "run"))
    assert code == 0
    assert (
        output.splitlines()[0]
        == f"{suite_dir}: loading the suite, the sandbox and the oracle agent"
    )


@pytest.mark.parametrize(
    ("command", "said"),
    [
        (["report", "RUN", "--out", "/proc/nope/report.html"], "cannot create it"),
        (["report", "RUN", "--out", "DIR"], "is a folder; give a file name"),
        (["world", "generate", "--protagonist", "amara", "--out", "/proc/nope/w.json"], "cannot"),
    ],
)
def test_an_output_path_that_cannot_be_written_is_one_line(
    command: list[str], said: str, tmp_path: Path
) -> None:
    (tmp_path / "run").mkdir()
    (tmp_path / "dir").mkdir()
    named = {"RUN": str(tmp_path / "run"), "DIR": str(tmp_path / "dir")}
    result = CliRunner().invoke(app, [named.get(word, word) for word in command])
    assert result.exit_code == 2
    assert said in _one_error_line(result.output)
