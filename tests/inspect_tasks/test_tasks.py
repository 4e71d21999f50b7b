"""``inspect eval assistworld/<suite>``, as a user types it after installing the extra: Inspect
finds our tasks through the package's entry point, runs each bundled suite (a few samples, the
mock model, the oracle agent: the mock model's default reply would need a token encoding that
Inspect downloads) to the end, and its log holds our samples, outcomes and records."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from importlib.metadata import entry_points
from pathlib import Path

import pytest
from inspect_ai.log import EvalLog, list_eval_logs, read_eval_log

from assistworld.core.registry import bundled_suites, load_suite

ROOT = Path(__file__).resolve().parents[2]
SUITES = ("workplace", "travelplans", "personal_demo", "lifelines")


def _entry_point_dir(where: Path) -> Path:
    """A distribution's metadata declaring pyproject's ``inspect_ai`` entry point, for a checkout
    whose installed metadata predates it (an installed package declares the same one)."""
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())
    entries = declared["project"]["entry-points"]["inspect_ai"]
    info = where / "assistworld_inspect_entry-0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: assistworld-inspect-entry\n")
    lines = "".join(f"{name} = {target}\n" for name, target in entries.items())
    (info / "entry_points.txt").write_text("[inspect_ai]\n" + lines)
    return where


def _inspect_eval(tmp_path: Path, *args: str) -> list[EvalLog]:
    env = dict(os.environ)
    installed = {entry.name for entry in entry_points(group="inspect_ai")}
    # Installed (pip install -e .[inspect]), the project is found with its own entry point;
    # a tree run from source gets a copy of the entry point and its src on the path.
    added = [] if "assistworld" in installed else [str(_entry_point_dir(tmp_path / "meta"))]
    if added:
        added.append(str(ROOT / "src"))
    paths = [*added, env.get("PYTHONPATH")]
    env["PYTHONPATH"] = os.pathsep.join(p for p in paths if p)
    logs = tmp_path / "logs"
    command = [sys.executable, "-m", "inspect_ai", "eval", *args, "--log-dir", str(logs)]
    done = subprocess.run(
        [*command, "--display", "none"], env=env, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return [read_eval_log(info) for info in list_eval_logs(str(logs))]


def test_every_bundled_suite_runs_to_the_end_and_logs_our_records(tmp_path: Path) -> None:
    assert {suite.name for suite in bundled_suites()} == set(SUITES)
    names = [f"assistworld/{suite}" for suite in SUITES]
    logs = _inspect_eval(
        tmp_path, *names, "--model", "mockllm/model", "--limit", "2", "-T", "agent=oracle"
    )
    by_suite = {log.eval.task_args.get("suite") or log.eval.metadata["suite"]: log for log in logs}
    assert sorted(by_suite) == sorted(SUITES)
    for name, log in by_suite.items():
        assert log.status == "success", (name, log.error)
        suite = load_suite(name)
        assert log.eval.metadata is not None
        assert log.eval.metadata["paradigm"] == suite.paradigm
        assert log.eval.metadata["suite_content_hash"] == suite.content_hash
        assert log.samples is not None and len(log.samples) == 2
        for sample in log.samples:
            task = suite.get(str(sample.id))
            assert sample.metadata["category"] == task.category
            score = sample.scores["assistworld_grader"]
            assert score.value == "C"  # the oracle passes every task
            assert score.metadata is not None
            assert score.metadata["outcome"] == "passed"
            record = score.metadata["result"]
            assert record["query_id"] == task.query_id and record["agent"] == "oracle"
            assert record["details"]  # what a task page shows
        assert log.results is not None
        assert log.results.scores[0].metrics["success_rate"].value == 1.0


def test_a_suite_by_path(tmp_path: Path) -> None:
    path = next(suite.path for suite in bundled_suites() if suite.name == "personal_demo")
    (log,) = _inspect_eval(
        tmp_path,
        "assistworld/suite",
        "--model",
        "mockllm/model",
        "-T",
        f"suite={path}",
        "-T",
        "agent=null",
        "--limit",
        "1",
    )
    assert log.status == "success"
    assert log.samples is not None
    assert log.samples[0].scores["assistworld_grader"].value == "I"


def test_an_agent_of_another_paradigm_is_refused_naming_the_suites_it_serves() -> None:
    from assistworld.inspect_tasks.suite_run import InspectTaskError
    from assistworld.inspect_tasks.tasks import any_suite

    with pytest.raises(InspectTaskError) as refused:
        any_suite("workplace", agent="hierarchical")
    assert "suite 'workplace' is an aspera suite" in str(refused.value)
    assert "appbench: travelplans" in str(refused.value)
    assert "-T agent=NAME" in str(refused.value)


def test_an_option_the_suite_does_not_read_is_refused() -> None:
    from assistworld.inspect_tasks.suite_run import InspectTaskError
    from assistworld.inspect_tasks.tasks import any_suite

    with pytest.raises(InspectTaskError, match="--shots: suite 'workplace' is an aspera suite"):
        any_suite("workplace", shots=2)
