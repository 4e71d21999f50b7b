"""``run --samples K``: every task solved K times as real model requests, results keyed by task
and sample, resume per sample, pass@k and pass^k printed, stored and reported."""

from __future__ import annotations

import itertools
import json
import threading
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from assistworld.cli import app
from assistworld.core.store import ResultsStore
from assistworld.llm.loopback import LoopbackServer
from assistworld.paradigms.aspera.agents.baselines import OracleAgent
from assistworld.paradigms.aspera.grading.results import AsperaResult
from assistworld.paradigms.aspera.tasks.suite import load_suite
from assistworld.report.rundata import load_run
from assistworld.runner.session import RunSettings, RunSetupError, execute_run
from tests.runner._suite import write_suite
from tests.test_cli import PROGRAM_REPLY

WRONG_REPLY = "```python\ndef do_nothing():\n    return None\n```"


class Alternating:
    """A server-side reply rule: the right program for focus_00 on every other request."""

    def __init__(self) -> None:
        self._count = itertools.count()
        self._lock = threading.Lock()

    def __call__(self, body: dict[str, Any]) -> str:
        with self._lock:
            number = next(self._count)
        return PROGRAM_REPLY if number % 2 == 0 else WRONG_REPLY


def _records(run_dir: Path) -> list[dict[str, Any]]:
    lines = (run_dir / "results.jsonl").read_text().splitlines()
    return [json.loads(line) for line in lines if line.strip()]


@pytest.fixture
def suite_dir(tmp_path: Path) -> Path:
    write_suite(tmp_path / "suite", 3)
    return tmp_path / "suite"


def test_a_model_run_asks_every_sample_and_reports_pass_hat_k(
    suite_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ASSISTWORLD_CACHE_DIR", str(tmp_path / "cache"))
    out = tmp_path / "run"
    with LoopbackServer(reply=Alternating()) as server:
        model = f"openai-compatible:loopback-model@{server.base_url}"
        args = ["run", "--suite", str(suite_dir), "--agent", "cck", "--model", model]
        args += ["--unsafe", "--concurrency", "1", "--samples", "3", "--out", str(out)]
        done = CliRunner().invoke(app, args)
        assert done.exit_code == 0, done.output
        assert server.chat_requests == 9  # greedy and cached, yet three real requests a task
    # samples go suite by suite: focus_00 is asked at requests 0, 3 and 6 (right, wrong, right)
    records = _records(out)
    assert Counter((r["query_id"], r["sample"]) for r in records) == {
        (f"focus_0{n}", s): 1 for n in range(3) for s in range(3)
    }
    passed = {(r["query_id"], r["sample"]) for r in records if r["passed"]}
    assert passed == {("focus_00", 0), ("focus_00", 2)}
    summary = json.loads((out / "summary.json").read_text())
    by_k = {row["k"]: row for row in summary["metrics"]["samples"]["by_k"]}
    assert by_k[1]["pass_hat_k"] == pytest.approx(2 / 9)
    assert by_k[2]["pass_hat_k"] == pytest.approx(1 / 9)
    assert by_k[3]["pass_hat_k"] == 0.0
    assert by_k[3]["pass_at_k"] == pytest.approx(1 / 3)
    assert "pass^k" in done.output
    assert "3 tasks × 3 samples (9 run now)" in done.output
    shown = CliRunner().invoke(app, ["show", str(out)])
    assert "pass^k" in shown.output and "11.1%" in shown.output
    written = CliRunner().invoke(app, ["report", str(out), "--out", str(tmp_path / "r.html")])
    assert written.exit_code == 0, written.output
    page = (tmp_path / "r.html").read_text()
    assert "Repeated samples" in page and "pass^k" in page


def test_resuming_runs_only_the_missing_samples(suite_dir: Path, tmp_path: Path) -> None:
    suite = load_suite(suite_dir)
    out = tmp_path / "run"
    first = execute_run(
        suite,
        OracleAgent.for_suite(suite),
        RunSettings(out_dir=out, unsafe=True, samples=2, concurrency=1),  # lines in order
    )
    assert first.ran_now == 6
    assert load_run(out).notes == []
    # a run stopped partway: the last two records (sample 1 of two tasks) never written
    lines = (out / "results.jsonl").read_text().splitlines(keepends=True)
    (out / "results.jsonl").write_text("".join(lines[:4]))
    assert any("1 of 3 selected tasks have all 2 samples" in n for n in load_run(out).notes)
    again = execute_run(
        suite,
        OracleAgent.for_suite(suite),
        RunSettings(out_dir=out, unsafe=True, samples=3, resume=True),
    )
    assert again.ran_now == 2 + 3  # the two lost samples, then a whole third sample
    keys = Counter((r["query_id"], r["sample"]) for r in _records(out))
    assert set(keys.values()) == {1} and len(keys) == 9
    assert again.metrics.samples is not None
    assert again.metrics.samples.samples == 3
    assert again.metrics.overall.tasks == 9
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["resumptions"][-1]["options"]["samples"] == 3


def test_a_run_without_samples_reads_and_writes_as_before(suite_dir: Path, tmp_path: Path) -> None:
    suite = load_suite(suite_dir)
    out = tmp_path / "run"
    report = execute_run(suite, OracleAgent.for_suite(suite), RunSettings(out_dir=out, unsafe=True))
    assert report.metrics.samples is None
    assert "samples" not in json.loads((out / "manifest.json").read_text())["options"]
    # a run directory written before samples existed: no sample field, read as sample 0
    old = tmp_path / "old"
    old.mkdir()
    lines = [json.dumps({k: v for k, v in r.items() if k != "sample"}) for r in _records(out)]
    (old / "results.jsonl").write_text("\n".join(lines) + "\n")
    loaded = ResultsStore(old, AsperaResult).load()
    # (the file holds results in the order tasks finished, not suite order)
    assert sorted((r.query_id, r.sample) for r in loaded) == [(f"focus_0{n}", 0) for n in range(3)]


def test_zero_samples_is_refused(tmp_path: Path) -> None:
    with pytest.raises(RunSetupError, match="--samples"):
        RunSettings(out_dir=tmp_path, samples=0)
