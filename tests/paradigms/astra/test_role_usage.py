"""Usage and cost per role (the assistant, the simulated user, the judge): in every record, summed
in the manifest and summary.json, printed by ``run`` and ``show`` and tabled in the report, each
role's cost a sum only where its calls are priced and ``unpriced`` otherwise."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from assistworld.cli import app
from assistworld.llm.cache import CACHE_DIR_ENV
from assistworld.llm.loopback import LoopbackServer
from tests.paradigms.astra.grading.test_judged_runs import judge_rule

from .test_runs import loopback_rule, write_suite


def test_a_judged_conversation_run_counts_each_role_apart(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(CACHE_DIR_ENV, str(tmp_path / "cache"))
    suite = write_suite(tmp_path / "suite")
    prices = tmp_path / "prices.toml"
    prices.write_text('["judge-model"]\nprompt = 2.0\ncompletion = 8.0\n')
    out = tmp_path / "run"
    with (
        LoopbackServer(reply=loopback_rule) as server,
        LoopbackServer(reply=judge_rule, model="judge-model") as judge,
    ):
        spec = f"openai-compatible:loopback-model@{server.base_url}"
        done = CliRunner().invoke(
            app,
            [
                "run",
                "--suite",
                str(suite),
                "--agent",
                "tools",
                "--model",
                spec,
                "--user-model",
                spec,
                "--judge-model",
                f"openai-compatible:judge-model@{judge.base_url}",
                "--prices",
                str(prices),
                "--out",
                str(out),
            ],
        )
        assert done.exit_code == 0, done.output
        asked = {"agent+user": server.chat_requests, "judge": judge.chat_requests}

    records = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    multi = next(r for r in records if r["query_id"] == "cancel_multi")
    assert set(multi["usage_by_role"]) == {"agent", "user", "judge"}
    assert multi["usage_by_role"]["user"]["calls"] >= 1
    summed = json.loads((out / "summary.json").read_text())["metrics"]["usage_by_role"]
    assert set(summed) == {"agent", "user", "judge"}
    assert summed["agent"]["calls"] + summed["user"]["calls"] == asked["agent+user"]
    assert summed["judge"]["calls"] == asked["judge"] == 2
    assert summed["judge"]["cost_usd"] > 0, "the user's price file prices the judge"
    assert summed["agent"]["cost_usd"] is None and summed["agent"]["unpriced_calls"] > 0
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["usage_by_role"] == summed
    for output in (done.output, CliRunner().invoke(app, ["show", str(out)]).output):
        assert "Model usage by role" in output
        assert re.search(r"judge\s+2\s+0\s+[\d,]+\s+[\d,]+\s+\$0\.\d{4}", output), output
        assert re.search(r"agent\s+\d+\s+0\s+.*unpriced \(\d+ calls?\)", output), output
    report = tmp_path / "report.html"
    made = CliRunner().invoke(app, ["report", str(out), "--out", str(report)])
    assert made.exit_code == 0, made.output
    page = report.read_text()
    assert "Model usage and cost by role" in page and "<td>judge</td>" in page


def test_a_bad_price_file_is_one_clear_line(tmp_path: Path) -> None:
    bad = tmp_path / "prices.json"
    bad.write_text(json.dumps({"gpt-x": {"prompt": "cheap"}}))
    done = CliRunner().invoke(
        app,
        ["run", "--suite", "personal_demo", "--agent", "oracle", "--prices", str(bad)],
    )
    assert done.exit_code == 2
    assert "'gpt-x' needs numbers 'prompt' and 'completion'" in done.output
