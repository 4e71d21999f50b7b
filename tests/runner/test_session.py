"""Running a suite through the session layer: results, manifest, summary and refusals."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from assistworld.paradigms.aspera.agents.baselines import NullAgent, OracleAgent
from assistworld.paradigms.aspera.tasks.suite import load_suite
from assistworld.runner.session import RunSettings, RunSetupError, execute_run
from tests.runner._suite import write_suite


@pytest.fixture
def suite_dir(tmp_path: Path) -> Path:
    write_suite(tmp_path / "suite", 4)
    return tmp_path / "suite"


def test_oracle_run_writes_one_result_per_task_a_manifest_and_a_summary(
    suite_dir: Path, tmp_path: Path
) -> None:
    suite = load_suite(suite_dir)
    out = tmp_path / "run"
    report = execute_run(suite, OracleAgent.for_suite(suite), RunSettings(out_dir=out, unsafe=True))
    assert report.metrics.overall.success_rate == 1.0
    lines = (out / "results.jsonl").read_text().splitlines()
    assert len(lines) == 4
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["suite_hash"] == suite.content_hash
    assert manifest["unsafe"] is True
    assert manifest["sandbox_layers"] == ["unsafe-in-process"]
    assert manifest["agent"] == {"agent": "oracle"}
    assert json.loads((out / "summary.json").read_text())["tasks"] == 4


def test_the_manifest_records_what_the_models_chose_during_the_run(
    suite_dir: Path, tmp_path: Path
) -> None:
    suite = load_suite(suite_dir)
    out = tmp_path / "run"
    chosen = {"decode_threads": "chosen when the model loads"}
    seen_at_start: list[object] = []

    def describe() -> dict[str, object]:
        return {"local:m": dict(chosen)}

    def started(total: int, done: int, passed: int) -> None:
        seen_at_start.append(json.loads((out / "manifest.json").read_text())["models"])
        chosen["decode_threads"] = 2  # as a local model does when it loads

    execute_run(
        suite,
        OracleAgent.for_suite(suite),
        RunSettings(out_dir=out, unsafe=True),
        models=describe,
        on_start=started,
    )
    assert seen_at_start == [{"local:m": {"decode_threads": "chosen when the model loads"}}]
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["models"] == {"local:m": {"decode_threads": 2}}


def test_null_agent_fails_every_task_with_a_task_completion_error(
    suite_dir: Path, tmp_path: Path
) -> None:
    report = execute_run(
        load_suite(suite_dir), NullAgent(), RunSettings(out_dir=tmp_path / "run", unsafe=True)
    )
    assert report.metrics.overall.passed == 0
    assert report.metrics.overall.counts["task_completion_error"] == 4
    assert set(report.metrics.by_category) == {"even", "odd"}


def test_limit_and_task_selection(suite_dir: Path, tmp_path: Path) -> None:
    suite = load_suite(suite_dir)
    report = execute_run(
        suite,
        OracleAgent.for_suite(suite),
        RunSettings(out_dir=tmp_path / "a", unsafe=True, limit=2, seed=7),
    )
    sampled = [r.query_id for r in report.results]
    assert len(sampled) == 2 and set(sampled) < {f"focus_0{i}" for i in range(4)}
    assert sampled == sorted(sampled), "a sample keeps the suite's order"
    manifest = json.loads((tmp_path / "a" / "manifest.json").read_text())
    assert manifest["task_ids"] == sampled
    assert manifest["options"]["sample"] == {"limit": 2, "seed": 7}
    again = execute_run(
        suite,
        OracleAgent.for_suite(suite),
        RunSettings(out_dir=tmp_path / "a2", unsafe=True, limit=2, seed=7),
    )
    assert [r.query_id for r in again.results] == sampled, "the same seed, the same tasks"
    report = execute_run(
        suite,
        OracleAgent.for_suite(suite),
        RunSettings(out_dir=tmp_path / "b", unsafe=True, task_ids=["focus_03"]),
    )
    assert [r.query_id for r in report.results] == ["focus_03"]
    with pytest.raises(RunSetupError, match="does not have: nope"):
        execute_run(
            suite,
            OracleAgent.for_suite(suite),
            RunSettings(out_dir=tmp_path / "c", unsafe=True, task_ids=["nope"]),
        )


def test_resume_refuses_a_different_agent(suite_dir: Path, tmp_path: Path) -> None:
    suite = load_suite(suite_dir)
    out = tmp_path / "run"
    execute_run(suite, OracleAgent.for_suite(suite), RunSettings(out_dir=out, unsafe=True, limit=2))
    with pytest.raises(RunSetupError, match="agent differs"):
        execute_run(suite, NullAgent(), RunSettings(out_dir=out, unsafe=True, limit=2, resume=True))
    with pytest.raises(RunSetupError, match="already holds a run"):
        execute_run(
            suite, OracleAgent.for_suite(suite), RunSettings(out_dir=out, unsafe=True, limit=2)
        )


def test_each_resumption_is_recorded_and_the_first_start_kept(
    suite_dir: Path, tmp_path: Path
) -> None:
    suite = load_suite(suite_dir)
    out = tmp_path / "run"
    settings = RunSettings(out_dir=out, unsafe=True, limit=2)
    execute_run(suite, OracleAgent.for_suite(suite), settings)
    first = json.loads((out / "manifest.json").read_text())
    for _ in range(2):
        execute_run(
            suite,
            OracleAgent.for_suite(suite),
            RunSettings(out_dir=out, unsafe=True, limit=2, resume=True),
        )
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["created_at"] == first["created_at"]
    assert len(manifest["resumptions"]) == 2
    assert set(manifest["resumptions"][0]) == {
        "created_at",
        "git_revision",
        "assistworld_version",
        "models",
        "sandbox_layers",
        "options",
    }
    assert manifest["resumptions"][1]["sandbox_layers"] == ["unsafe-in-process"]
    assert "usage" in manifest


def test_a_resumed_run_reports_its_earlier_results_at_the_start(
    suite_dir: Path, tmp_path: Path
) -> None:
    suite = load_suite(suite_dir)
    out = tmp_path / "run"
    execute_run(suite, OracleAgent.for_suite(suite), RunSettings(out_dir=out, unsafe=True))
    results = out / "results.jsonl"
    kept = sorted(results.read_text().splitlines())[:2]  # as if killed after two tasks
    results.write_text("".join(line + "\n" for line in kept))
    starts: list[tuple[int, int, int]] = []
    finished: list[str] = []
    execute_run(
        suite,
        OracleAgent.for_suite(suite),
        RunSettings(out_dir=out, unsafe=True, resume=True),
        on_start=lambda total, done, passed: starts.append((total, done, passed)),
        on_result=lambda result: finished.append(result.query_id),
    )
    assert starts == [(4, 2, 2)]
    assert len(finished) == 2
    assert len(results.read_text().splitlines()) == 4
