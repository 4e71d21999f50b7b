"""The same scripted model replies give the same answer both ways: ``assistworld run`` against
the loopback server, and ``inspect eval`` of the suite's Inspect task on Inspect's mock model
answering from the same rule. Every task of a few-task slice passes or fails alike, with the
same outcome class, and the task's metrics are the run's."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from inspect_ai import eval as inspect_eval
from inspect_ai.log import EvalLog
from inspect_ai.model import get_model
from typer.testing import CliRunner

from assistworld.cli import app
from assistworld.core.registry import load_suite
from assistworld.inspect_tasks import tasks as inspect_tasks
from assistworld.llm.loopback import LoopbackServer
from assistworld.paradigms.aspera.agents.examples import CCK_EXAMPLE_TASK_IDS

from .scripted import Rule, conversation_rule, loopback_reply, mock_outputs, plan_rule, program_rule


def _run(
    suite: str, agent: str, ids: Sequence[str], rule: Rule, out: Path, extra: Sequence[str]
) -> tuple[dict[str, tuple[bool, str]], dict[str, Any]]:
    with LoopbackServer(reply=loopback_reply(rule)) as server:
        model = f"openai-compatible:loopback-model@{server.base_url}"
        args = ["run", "--suite", suite, "--agent", agent, "--model", model, "--no-cache"]
        args += ["--tasks", ",".join(ids), "--out", str(out), *extra]
        done = CliRunner().invoke(app, args)
    assert done.exit_code == 0, done.output
    lines = (out / "results.jsonl").read_text().splitlines()
    records = [json.loads(line) for line in lines if line.strip()]
    summary = json.loads((out / "summary.json").read_text())
    return {r["query_id"]: (r["passed"], r["outcome"]) for r in records}, summary["metrics"]


def _inspect(
    make: Callable[..., Any], ids: Sequence[str], rule: Rule, logs: Path, **options: Any
) -> tuple[dict[str, tuple[bool, str]], EvalLog]:
    model = get_model("mockllm/model", custom_outputs=mock_outputs(rule), memoize=False)
    task = make(tasks=",".join(ids), **options)
    (log,) = inspect_eval(task, model=model, log_dir=str(logs), display="none")
    assert log.status == "success", log.error
    answers = {}
    for sample in log.samples or []:
        meta = sample.scores["assistworld_grader"].metadata or {}
        answers[str(sample.id)] = (bool(meta["result"]["passed"]), str(meta["outcome"]))
    return answers, log


def _metric(log: EvalLog, name: str) -> float:
    assert log.results is not None
    return float(log.results.scores[0].metrics[name].value)


def _assert_same(
    ours: dict[str, tuple[bool, str]], theirs: dict[str, tuple[bool, str]], log: EvalLog, run: Any
) -> None:
    assert theirs == ours
    assert {passed for passed, _ in ours.values()} == {True, False}  # the slice tells them apart
    assert _metric(log, "success_rate") == pytest.approx(run["overall"]["success_rate"])
    for outcome, rate in run["overall"]["rates"].items():
        assert _metric(log, outcome) == pytest.approx(rate)


def test_programs_pass_and_fail_alike(tmp_path: Path) -> None:
    suite = load_suite("workplace")
    chosen = [t for t in suite.tasks if t.query_id not in CCK_EXAMPLE_TASK_IDS][:4]
    ids = [task.query_id for task in chosen]
    rule = program_rule(chosen)
    ours, run = _run("workplace", "cck", ids, rule, tmp_path / "run", ["--unsafe"])
    theirs, log = _inspect(inspect_tasks.workplace, ids, rule, tmp_path / "logs", unsafe=True)
    _assert_same(ours, theirs, log, run)


def test_plans_pass_and_fail_alike(tmp_path: Path) -> None:
    suite = load_suite("travelplans")
    chosen = [t for t in suite.tasks if len(t.calls) > 1][:4]
    ids = [task.query_id for task in chosen]
    rule = plan_rule(chosen)
    ours, run = _run("travelplans", "hierarchical", ids, rule, tmp_path / "run", [])
    theirs, log = _inspect(inspect_tasks.travelplans, ids, rule, tmp_path / "logs")
    _assert_same(ours, theirs, log, run)


def test_conversations_pass_and_fail_alike(tmp_path: Path) -> None:
    suite = load_suite("personal_demo")
    chosen = suite.tasks[:4]
    ids = [task.query_id for task in chosen]
    rule = conversation_rule(chosen)
    extra = ["--user-model", "scripted"]
    ours, run = _run("personal_demo", "tools", ids, rule, tmp_path / "run", extra)
    theirs, log = _inspect(
        inspect_tasks.personal_demo, ids, rule, tmp_path / "logs", user_model="scripted"
    )
    _assert_same(ours, theirs, log, run)
