"""``assistworld run --judge-model``: the judge grades each conversation after the run, through
the loopback server (its replies scripted), cached, with its usage apart from the agent's and the
user's; summary.json gets its means and its agreement with the score; a paradigm without a judge
refuses the option."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

from assistworld.cli import app
from assistworld.core.registry import load_suite
from assistworld.llm.cache import CACHE_DIR_ENV
from assistworld.llm.loopback import LoopbackServer, Reply
from assistworld.paradigms.astra.grading.scoring.judge_reply import DIMENSIONS
from tests.paradigms.astra.test_runs import loopback_rule, write_suite

JUDGE_SYSTEM_START = "You grade how well an AI assistant"


def verdict(score: int) -> str:
    return json.dumps({name: {"score": score, "reason": f"all {score}"} for name in DIMENSIONS})


def judge_rule(body: dict[str, Any]) -> Reply:
    """The judge gives the single-turn conversation 2 everywhere and the multi-turn one 1."""
    assert (body["messages"][0]["content"] or "").startswith(JUDGE_SYSTEM_START)
    prompt = body["messages"][1]["content"]
    return Reply(text=verdict(1 if "Which meeting tomorrow?" in prompt else 2))


def run(args: list[str]) -> Any:
    return CliRunner().invoke(app, ["run", *args])


def test_a_judged_run_records_verdicts_usage_and_agreement(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(CACHE_DIR_ENV, str(tmp_path / "cache"))
    suite = write_suite(tmp_path / "suite")
    with (
        LoopbackServer(reply=loopback_rule) as server,
        LoopbackServer(reply=judge_rule, model="judge-model") as judge,
    ):
        spec = f"openai-compatible:loopback-model@{server.base_url}"
        judge_spec = f"openai-compatible:judge-model@{judge.base_url}"
        common = ["--suite", str(suite), "--agent", "tools", "--model", spec]
        plain = run([*common, "--out", str(tmp_path / "plain")])
        assert plain.exit_code == 0, plain.output
        asked = server.chat_requests
        judged = run([*common, "--judge-model", judge_spec, "--out", str(tmp_path / "judged")])
        assert judged.exit_code == 0, judged.output
        assert "the judge (openai-compatible:judge-model@" in judged.output
        assert re.search(r"task completion\s+0\.750\s+2", judged.output)  # the run's summary
        # the conversations replay from the cache; the judge is asked once per conversation
        assert server.chat_requests == asked and judge.chat_requests == 2
        again = run([*common, "--judge-model", judge_spec, "--out", str(tmp_path / "again")])
        assert again.exit_code == 0 and judge.chat_requests == 2

    plain_lines = (tmp_path / "plain" / "results.jsonl").read_text().splitlines()
    for line in map(json.loads, plain_lines):
        assert line["details"]["judge"] is None and "judge_task_completion" not in line["subscores"]
    assert "judge" not in json.loads((tmp_path / "plain" / "summary.json").read_text())
    assert "judge" not in json.loads((tmp_path / "plain" / "manifest.json").read_text())

    results = {
        r["query_id"]: r
        for r in map(json.loads, (tmp_path / "judged" / "results.jsonl").read_text().splitlines())
    }
    single, multi = results["cancel_single"], results["cancel_multi"]
    assert single["subscores"]["judge_task_completion"] == 1.0
    assert multi["subscores"]["judge_no_hallucination"] == 0.5
    assert multi["details"]["judge"]["scores"] == dict.fromkeys(DIMENSIONS, 1)
    assert multi["details"]["judge"]["reasons"]["tool_usage"] == "all 1"
    assert multi["details"]["judge"]["model"] == judge_spec
    roles = multi["details"]["usage_by_role"]
    assert set(roles) == {"assistant", "user", "judge"} and roles["judge"]["calls"] == 1
    assert "judge" not in json.dumps(multi["usage"])  # the agent's usage stays the agent's

    manifest = json.loads((tmp_path / "judged" / "manifest.json").read_text())
    assert manifest["judge"]["model"] == judge_spec and manifest["judge"]["prompt_sha256"]
    assert manifest["agent"]["model"] == spec
    summary = json.loads((tmp_path / "judged" / "summary.json").read_text())["judge"]
    assert summary["judged"] == 2 and summary["unreadable"] == 0
    assert summary["means"]["task_completion"] == {"mean": 0.75, "count": 2}
    assert summary["agreement_with_score"]["count"] == 2
    assert summary["agreement_with_score"]["note"] == "too few pairs"
    assert summary["usage"]["calls"] == 2
    cached = json.loads((tmp_path / "again" / "summary.json").read_text())["judge"]
    assert cached["usage"]["calls"] == 0 and cached["usage"]["cache_hits"] == 2
    assert cached["means"] == summary["means"]


def test_the_judge_is_refused_for_a_suite_without_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(CACHE_DIR_ENV, str(tmp_path / "cache"))
    judge = ["--judge-model", "openai-compatible:judge@http://127.0.0.1:9"]
    result = run(["--suite", "workplace", "--agent", "null", *judge, "--out", str(tmp_path)])
    assert result.exit_code == 2
    assert "workplace" in result.output and "has no judge" in result.output
    assert not (tmp_path / "results.jsonl").exists()


def test_the_bundled_suite_is_judged_with_its_records(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The oracle on two personal_demo scenarios (a related contact's birthday is read from
    YAML as a date): every verdict strict, and the judge shown the related records themselves.
    The contact is listed for this test only: the reference sends by name, never reading it."""
    monkeypatch.setenv(CACHE_DIR_ENV, str(tmp_path / "cache"))
    suite = tmp_path / "personal_demo"
    shutil.copytree(load_suite("personal_demo").path, suite)
    tunde = suite / "st_01_tell_tunde_sunday.yaml"
    data = yaml.safe_load(tunde.read_text())
    data["related_entities"] = ["c-tunde", *data["related_entities"]]
    tunde.write_text(yaml.safe_dump(data, sort_keys=False))
    prompts: list[str] = []

    def record_and_grade(body: dict[str, Any]) -> Reply:
        prompts.append(body["messages"][1]["content"])
        return Reply(text=verdict(2))

    with LoopbackServer(reply=record_and_grade, model="judge-model") as judge:
        ids = "st_04_push_dentist_back,st_01_tell_tunde_sunday"
        args = ["--suite", str(suite), "--agent", "oracle", "--tasks", ids]
        spec = f"openai-compatible:judge-model@{judge.base_url}"
        done = run([*args, "--judge-model", spec, "--out", str(tmp_path / "run")])
        assert done.exit_code == 0, done.output
    lines = (tmp_path / "run" / "results.jsonl").read_text().splitlines()
    verdicts = [json.loads(line)["details"]["judge"] for line in lines]
    assert [v["parse"] for v in verdicts] == ["strict", "strict"]
    dentist = next(p for p in prompts if "Push my dentist" in p)
    assert '"id": "ev-dentist"' in dentist and "2025-03-18" in dentist
    assert any('"id": "c-tunde"' in p for p in prompts)
