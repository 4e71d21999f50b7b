"""A replay run scores the tasks its file names; ids the suite lacks are an error naming them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from assistworld.cli import app
from tests.runner._suite import write_suite

PROGRAM = "def nothing():\n    return None\n"


@pytest.fixture
def suite_dir(tmp_path: Path) -> Path:
    write_suite(tmp_path / "suite", 4)
    return tmp_path / "suite"


def _programs(tmp_path: Path, ids: list[str]) -> Path:
    path = tmp_path / "programs.jsonl"
    lines = [json.dumps({"query_id": query_id, "program": PROGRAM}) for query_id in ids]
    path.write_text("\n".join(lines) + "\n")
    return path


def _replay(suite_dir: Path, programs: Path, out: Path, *extra: str) -> tuple[int, str]:
    args = ["run", "--suite", str(suite_dir), "--agent", "replay", "--programs", str(programs)]
    result = CliRunner().invoke(app, [*args, "--unsafe", "--out", str(out), *extra])
    return result.exit_code, result.output


def _scored(out: Path) -> list[str]:
    return sorted(json.loads(line)["query_id"] for line in (out / "results.jsonl").open())


def test_only_the_tasks_the_file_names_are_scored(suite_dir: Path, tmp_path: Path) -> None:
    programs = _programs(tmp_path, ["focus_02", "focus_00"])
    code, output = _replay(suite_dir, programs, tmp_path / "run")
    assert code == 0, output
    assert _scored(tmp_path / "run") == ["focus_00", "focus_02"]
    assert "2 tasks (2 run now)" in output


def test_all_tasks_scores_the_missing_ones_as_without_a_program(
    suite_dir: Path, tmp_path: Path
) -> None:
    programs = _programs(tmp_path, ["focus_01"])
    code, output = _replay(suite_dir, programs, tmp_path / "run", "--all-tasks")
    assert code == 0, output
    results = [json.loads(line) for line in (tmp_path / "run" / "results.jsonl").open()]
    assert len(results) == 4
    assert sum(r["outcome"] == "no_program" for r in results) == 3


def test_ids_the_suite_lacks_are_named_and_nothing_runs(suite_dir: Path, tmp_path: Path) -> None:
    programs = _programs(tmp_path, ["focus_01", "fokus_02", "focus_99"])
    code, output = _replay(suite_dir, programs, tmp_path / "run")
    assert code == 2
    assert "names 2 tasks that suite 'suite' does not have: fokus_02, focus_99" in output
    assert str(programs) in output
    assert not (tmp_path / "run").exists()
