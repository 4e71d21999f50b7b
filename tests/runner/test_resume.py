"""Runs survive being killed: a resumed run finishes every task exactly once."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

from tests.runner._suite import write_suite
from tests.sandbox._root import needs_root


def _cli(*args: str) -> list[str]:
    return [sys.executable, "-m", "assistworld.cli", *args]


def _lines(path: Path) -> list[str]:
    if not path.exists():
        return []
    return [line for line in path.read_text().splitlines() if line.strip()]


@needs_root
def test_a_run_killed_halfway_resumes_without_repeating_or_losing_tasks(tmp_path: Path) -> None:
    ids = write_suite(tmp_path / "suite", 12, sleep=0.25)
    out = tmp_path / "run"
    results = out / "results.jsonl"
    args = ["run", "--suite", str(tmp_path / "suite"), "--agent", "oracle", "--out", str(out)]
    process = subprocess.Popen(
        _cli(*args, "--concurrency", "1"),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    deadline = time.monotonic() + 120
    while len(_lines(results)) < 4 and time.monotonic() < deadline and process.poll() is None:
        time.sleep(0.05)
    os.killpg(process.pid, signal.SIGKILL)  # the orchestrator and every process it started
    process.wait()
    finished_before = len(_lines(results))
    assert 4 <= finished_before < len(ids), "the kill must land halfway through the run"

    refused = subprocess.run(_cli(*args), capture_output=True, text=True, timeout=120)
    assert refused.returncode == 2
    assert "--resume" in refused.stderr

    resumed = subprocess.run(_cli(*args, "--resume"), capture_output=True, text=True, timeout=300)
    assert resumed.returncode == 0, resumed.stderr
    records = [json.loads(line) for line in _lines(results)]
    counts = Counter(record["query_id"] for record in records)
    assert sorted(counts) == sorted(ids)
    assert set(counts.values()) == {1}
    assert all(record["passed"] for record in records)
    summary = json.loads((out / "summary.json").read_text())
    assert summary["tasks"] == len(ids)
    assert summary["metrics"]["overall"]["success_rate"] == 1.0


def test_a_run_whose_manifest_has_the_old_options_resumes_and_shows(tmp_path: Path) -> None:
    """Manifests written before each paradigm declared its options recorded
    ``return_type_hint`` for every paradigm; such a run still continues and reads."""
    from typer.testing import CliRunner

    from assistworld.cli import app

    out = tmp_path / "run"
    args = ["run", "--suite", "personal_demo", "--agent", "oracle", "--out", str(out),
            "--tasks", "st_05_which_pitch,st_02_nursery_quote"]  # fmt: skip
    assert CliRunner().invoke(app, args).exit_code == 0
    manifest = json.loads((out / "manifest.json").read_text())
    manifest["options"] = {"return_type_hint": False, "cache": True}
    (out / "manifest.json").write_text(json.dumps(manifest))
    (out / "results.jsonl").write_text(_lines(out / "results.jsonl")[0] + "\n")

    resumed = CliRunner().invoke(app, [*args, "--resume"])
    assert resumed.exit_code == 0, resumed.output
    assert "1 run now, 1 from earlier invocations" in resumed.output
    assert len(_lines(out / "results.jsonl")) == 2
    stored = json.loads((out / "manifest.json").read_text())
    assert stored["options"] == {"return_type_hint": False, "cache": True}
    assert stored["resumptions"][-1]["options"] == {"cache": True}
    shown = CliRunner().invoke(app, ["show", str(out)])
    assert shown.exit_code == 0 and "return_type_hint" in shown.output
