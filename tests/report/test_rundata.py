"""Reading run directories: results sorted, metrics recomputed, clear errors for bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from assistworld.report.rundata import RunDirError, label_runs, load_run
from tests.report._runs import manifest, result, write_run


def test_load_run_sorts_results_by_id_with_numbers_by_value(tmp_path: Path) -> None:
    run = write_run(
        tmp_path / "run",
        [result("t10", "passed"), result("t2", "execution_error"), result("t1", "passed")],
        manifest(None, ["t1", "t2", "t10"]),
    )
    loaded = load_run(run)
    assert [r.query_id for r in loaded.results] == ["t1", "t2", "t10"]
    assert loaded.metrics.overall.passed == 2
    assert loaded.metrics.overall.counts["execution_error"] == 1
    assert loaded.label == "model-a · cck"
    assert loaded.notes == []


def test_metrics_come_from_the_results_not_a_stale_summary(tmp_path: Path) -> None:
    run = write_run(tmp_path / "run", [result("t1", "passed")], manifest(None, ["t1"]))
    (run / "summary.json").write_text(json.dumps({"metrics": {"bogus": 1}}))
    assert load_run(run).metrics.overall.success_rate == 1.0


def test_an_interrupted_run_is_reported_as_incomplete(tmp_path: Path) -> None:
    run = write_run(tmp_path / "run", [result("t1", "passed")], manifest(None, ["t1", "t2", "t3"]))
    notes = load_run(run).notes
    assert any("incomplete run: 1 of 3" in note for note in notes)


def test_results_outside_the_manifest_task_list_are_left_out(tmp_path: Path) -> None:
    run = write_run(
        tmp_path / "run",
        [result("t1", "passed"), result("stray", "execution_error")],
        manifest(None, ["t1"]),
    )
    loaded = load_run(run)
    assert [r.query_id for r in loaded.results] == ["t1"]
    assert any("outside the manifest" in note for note in loaded.notes)


def test_a_run_without_manifest_still_loads_and_says_so(tmp_path: Path) -> None:
    run = write_run(tmp_path / "run", [result("t1", "passed", agent="oracle")], None)
    loaded = load_run(run)
    assert loaded.manifest == {}
    assert loaded.agent_name == "oracle"
    assert any("no manifest.json" in note for note in loaded.notes)


def test_a_missing_run_directory_is_named(tmp_path: Path) -> None:
    with pytest.raises(RunDirError, match=r"absent does not exist; pass a directory written by"):
        load_run(tmp_path / "absent")


def test_a_file_instead_of_a_run_directory_is_named(tmp_path: Path) -> None:
    (tmp_path / "file.txt").write_text("x")
    with pytest.raises(RunDirError, match="is a file"):
        load_run(tmp_path / "file.txt")


def test_a_directory_without_results_is_named(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    with pytest.raises(RunDirError, match=r"has no results\.jsonl"):
        load_run(tmp_path / "empty")


def test_a_manifest_that_is_not_json_is_named(tmp_path: Path) -> None:
    run = write_run(tmp_path / "run", [result("t1", "passed")], None)
    (run / "manifest.json").write_text("{not json")
    with pytest.raises(RunDirError, match=r"manifest\.json is not valid JSON"):
        load_run(run)


def test_labels_of_runs_that_would_clash_get_their_directory_name(tmp_path: Path) -> None:
    first = write_run(tmp_path / "one", [result("t1", "passed")], manifest(None, ["t1"]))
    second = write_run(tmp_path / "two", [result("t1", "passed")], manifest(None, ["t1"]))
    runs = [load_run(first), load_run(second)]
    label_runs(runs)
    assert [run.label for run in runs] == ["model-a · cck (one)", "model-a · cck (two)"]
