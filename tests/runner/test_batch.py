"""No value from a candidate ends a run: every task gets its line, neighbours pass, resume works."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from assistworld.core.store import ResultsStore, ResultsWriter
from assistworld.paradigms.aspera.agents.baselines import OracleAgent, ReplayAgent
from assistworld.paradigms.aspera.grading import grade as grading
from assistworld.paradigms.aspera.grading.results import AsperaResult as TaskResult
from assistworld.paradigms.aspera.tasks.suite import load_suite
from assistworld.runner.session import RunSettings, execute_run
from tests.runner._suite import write_suite
from tests.sandbox._root import needs_root

RETURNS_SURROGATE = 'def f():\n    return "\\ud800"\n'
RAISES_SURROGATE = 'def f():\n    raise ValueError("bad \\udcff")\n'
SURROGATE_IN_TEXT = 'def f():\n    return "\ud800"\n'  # the program text itself holds one
SURROGATE_KEYS = 'def f():\n    return {"\\ud800": ["\\udfff"], "ok": "\\udc80"}\n'
SURROGATE_OPERATION = """def f():
    client = None
    for cell in add_event.__closure__ or ():
        if hasattr(cell.cell_contents, "call"):
            client = cell.cell_contents
    try:
        client.call("\\ud800op", (), {})
    except Exception as exc:
        return "refused: " + str(exc)
    return "served"
"""
HOSTILE = {
    "focus_01": RETURNS_SURROGATE,
    "focus_03": RAISES_SURROGATE,
    "focus_05": SURROGATE_OPERATION,
    "focus_07": SURROGATE_IN_TEXT,
    "focus_09": SURROGATE_KEYS,
}


def _replay_file(suite_dir: Path, path: Path) -> Path:
    """Every task's reference program, except the hostile ones."""
    lines = []
    for task in load_suite(suite_dir).tasks:
        program = HOSTILE.get(task.query_id, task.program)
        lines.append(json.dumps({"query_id": task.query_id, "program": program}))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _records(out: Path) -> list[dict[str, Any]]:
    text = (out / "results.jsonl").read_text(encoding="utf-8")
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def _check_complete_run(out: Path, ids: list[str]) -> dict[str, dict[str, Any]]:
    records = _records(out)
    assert Counter(record["query_id"] for record in records) == Counter(ids)
    by_id = {record["query_id"]: record for record in records}
    for query_id in ids:
        assert by_id[query_id]["passed"] is (query_id not in HOSTILE), by_id[query_id]
    summary = json.loads((out / "summary.json").read_text())
    assert summary["tasks"] == len(ids)
    return by_id


@needs_root
def test_lone_surrogates_from_candidates_are_recorded_escaped_and_resume_completes(
    tmp_path: Path,
) -> None:
    ids = write_suite(tmp_path / "suite", 11)
    suite = load_suite(tmp_path / "suite")
    agent = ReplayAgent(_replay_file(tmp_path / "suite", tmp_path / "programs.jsonl"))
    out = tmp_path / "run"
    report = execute_run(suite, agent, RunSettings(out_dir=out, slots=2, concurrency=2))
    assert report.ran_now == len(ids)
    by_id = _check_complete_run(out, ids)

    returned = by_id["focus_01"]["details"]["pairs"][0]["run"]["return_value"]
    assert returned == "\\ud800"
    assert by_id["focus_01"]["outcome"] == "task_completion_error"
    assert by_id["focus_03"]["outcome"] == "execution_error"
    assert by_id["focus_03"]["details"]["pairs"][0]["error_message"] == "bad \\udcff"
    assert "unlisted_op:\\ud800op" in by_id["focus_05"]["details"]["tamper_flags"]
    assert by_id["focus_07"]["outcome"] == "parse_failure"
    assert "U+D800" in by_id["focus_07"]["details"]["parse_error"]
    assert by_id["focus_07"]["details"]["program"] == 'def f():\n    return "\\ud800"\n'
    assert "\\ud800" in json.dumps(by_id["focus_09"]["details"]["pairs"][0]["run"]["return_value"])

    # a run killed after three tasks resumes and finishes every task exactly once
    results = out / "results.jsonl"
    kept = results.read_text(encoding="utf-8").splitlines(keepends=True)[:3]
    results.write_text("".join(kept), encoding="utf-8")
    resumed = execute_run(
        suite, agent, RunSettings(out_dir=out, slots=2, concurrency=2, resume=True)
    )
    assert resumed.ran_now == len(ids) - 3
    _check_complete_run(out, ids)


def test_a_task_that_cannot_be_graded_or_recorded_gets_its_error_and_the_run_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ids = write_suite(tmp_path / "suite", 4)
    real_grade, real_append = grading.grade, ResultsWriter.append

    def grade(task: Any, *args: Any) -> TaskResult:
        if task.query_id == "focus_01":
            raise RuntimeError("grader broke on \udcff")
        return real_grade(task, *args)

    def append(self: ResultsWriter, result: TaskResult) -> None:
        if result.query_id == "focus_02" and result.passed:
            raise ValueError("cannot serialise this record")
        real_append(self, result)

    monkeypatch.setattr(grading, "grade", grade)
    monkeypatch.setattr(ResultsWriter, "append", append)
    out = tmp_path / "run"
    suite = load_suite(tmp_path / "suite")
    execute_run(suite, OracleAgent.for_suite(suite), RunSettings(out_dir=out, unsafe=True))
    by_id = {result.query_id: result for result in ResultsStore(out).load()}
    assert sorted(by_id) == ids
    assert by_id["focus_00"].passed and by_id["focus_03"].passed
    assert by_id["focus_01"].outcome == "infra_error"
    assert (
        by_id["focus_01"].error
        == "could not grade this task: RuntimeError: grader broke on \\udcff"
    )
    assert by_id["focus_02"].outcome == "infra_error"
    assert by_id["focus_02"].error == (
        "could not record this task: ValueError: cannot serialise this record"
    )
