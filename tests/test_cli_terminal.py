"""What a researcher sees at the terminal: intervals, cache counts, Ctrl-C, where reports go."""

from __future__ import annotations

import json
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from assistworld.cli import app
from assistworld.llm.loopback import LoopbackServer
from tests.runner._suite import write_suite
from tests.test_cli import PROGRAM_REPLY


def _ignoring_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@pytest.fixture
def suite_dir(tmp_path: Path) -> Path:
    write_suite(tmp_path / "suite", 4)
    return tmp_path / "suite"


def test_the_summary_has_intervals_fits_80_columns_and_counts_cached_replies(
    suite_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ASSISTWORLD_CACHE_DIR", str(tmp_path / "cache"))
    runner = CliRunner()
    with LoopbackServer(reply=PROGRAM_REPLY) as server:
        model = f"openai-compatible:loopback-model@{server.base_url}"
        common = ["run", "--suite", str(suite_dir), "--agent", "cck", "--model", model, "--unsafe"]
        first = runner.invoke(app, [*common, "--out", str(tmp_path / "a")])
        second = runner.invoke(app, [*common, "--out", str(tmp_path / "b")], env={"COLUMNS": "80"})
    assert first.exit_code == 0, first.output
    assert "model replies: 4 (0 from the cache, 4 asked now)" in first.output
    assert second.exit_code == 0, second.output
    assert "model replies: 4 (4 from the cache, 0 asked now)" in second.output
    table = second.output.split("· cck")[1].split("results in")[0]  # after the progress lines
    assert max(len(line) for line in table.splitlines()) <= 80
    assert "95% CI" in table
    assert "4.6–69.9" in table  # 1 of 4 passed: the Wilson interval, in percent


def test_ctrl_c_says_what_was_kept_and_the_command_that_resumes(tmp_path: Path) -> None:
    suite = tmp_path / "slow"
    write_suite(suite, 5, sleep=0.3)
    results = tmp_path / "runs"
    args = ["run", "--suite", str(suite), "--unsafe", "--concurrency", "1"]
    process = subprocess.Popen(
        [sys.executable, "-m", "assistworld.cli", *args],
        cwd=tmp_path,  # the default run directory goes under ./runs
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=_ignoring_sigint,  # as a shell starts it in the background: Ctrl-C still works
    )
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            found = list(results.glob("*/results.jsonl"))
            if found and len(found[0].read_text().splitlines()) >= 2:
                break
            time.sleep(0.05)
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:  # Ctrl-C did not end it: never leave it running
            process.kill()
            process.communicate()
    assert process.returncode == 130, err
    kept = len(found[0].read_text().splitlines())
    assert f"interrupted: {kept} finished tasks kept in runs/" in err
    assert "Traceback" not in err
    command = err.strip().splitlines()[-1].strip()
    assert command.startswith(f"assistworld run --suite {suite}") and command.endswith("--resume")
    resumed = subprocess.run(
        [sys.executable, "-m", "assistworld.cli", *shlex.split(command)[1:]],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert resumed.returncode == 0, resumed.stderr
    assert f"5 tasks ({5 - kept} run now, {kept} from earlier invocations)" in resumed.stdout


def test_report_writes_into_the_run_directory_by_default(
    suite_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    run_dir = tmp_path / "run"
    made = CliRunner().invoke(
        app, ["run", "--suite", str(suite_dir), "--unsafe", "--out", str(run_dir)]
    )
    assert made.exit_code == 0, made.output
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, ["report", str(run_dir)])
    assert result.exit_code == 0, result.output
    assert (run_dir / "report.html").is_file()
    assert not (tmp_path / "report.html").exists()
    assert "95% CI" in (run_dir / "report.html").read_text()
    assert json.loads((run_dir / "summary.json").read_text())["tasks"] == 4
