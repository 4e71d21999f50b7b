"""A whole suite both ways, timed in one sitting: ``assistworld run`` against the loopback server
and ``inspect eval`` of the suite's Inspect task on Inspect's mock model, both answering from the
same scripted rule (the right answer for every other task, as in the equality tests), so the two
do the same work: the same agent, the same requests, the same grading.

Prints, per suite, each way's wall time, success rate and whether every task's pass and outcome
agree. Both run in this process, the suite loaded once before either is timed (its parsed tasks
are then in the derived cache for both); ``run`` with its default four workers, Inspect with its
default sample concurrency.

Run: ``python bench/inspect_tasks.py personal_demo travelplans``
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repository, for tests/
from inspect_ai import eval as inspect_eval
from inspect_ai.model import get_model
from tests.inspect_tasks.scripted import (
    Rule,
    conversation_rule,
    loopback_reply,
    mock_outputs,
    plan_rule,
    program_rule,
)
from typer.testing import CliRunner

from assistworld.cli import app
from assistworld.core.registry import load_suite
from assistworld.inspect_tasks.suite_task import suite_task
from assistworld.llm.loopback import LoopbackServer
from assistworld.paradigms.aspera.agents.examples import CCK_EXAMPLE_TASK_IDS

AGENTS = {"aspera": "cck", "appbench": "hierarchical", "astra": "tools"}


def _rule(paradigm: str, tasks: list[Any]) -> Rule:
    if paradigm == "aspera":
        return program_rule(tasks)
    if paradigm == "appbench":
        return plan_rule(tasks)
    return conversation_rule(tasks)


def _with_run(suite: str, agent: str, rule: Rule, out: Path, extra: list[str]) -> dict[str, Any]:
    with LoopbackServer(reply=loopback_reply(rule)) as server:
        model = f"openai-compatible:loopback-model@{server.base_url}"
        args = ["run", "--suite", suite, "--agent", agent, "--model", model, "--no-cache"]
        done = CliRunner().invoke(app, [*args, "--out", str(out), *extra])
    if done.exit_code != 0:
        raise SystemExit(done.output)
    lines = (out / "results.jsonl").read_text().splitlines()
    return {r["query_id"]: (r["passed"], r["outcome"]) for r in map(json.loads, lines) if r}


def _with_inspect(suite: str, agent: str, rule: Rule, logs: Path, **options: Any) -> dict[str, Any]:
    model = get_model("mockllm/model", custom_outputs=mock_outputs(rule), memoize=False)
    task = suite_task(suite, agent=agent, **options)
    (log,) = inspect_eval(task, model=model, log_dir=str(logs), display="none")
    if log.status != "success":
        raise SystemExit(f"{suite}: inspect eval ended {log.status}: {log.error}")
    answers = {}
    for sample in log.samples or []:
        meta = sample.scores["assistworld_grader"].metadata or {}
        answers[str(sample.id)] = (meta["result"]["passed"], meta["outcome"])
    return answers


def measure(name: str, work: Path) -> None:
    suite = load_suite(name)
    agent = AGENTS[suite.paradigm]
    tasks = [t for t in suite.tasks if t.query_id not in CCK_EXAMPLE_TASK_IDS]
    rule = _rule(suite.paradigm, tasks)
    extra, options = [], {}
    if suite.paradigm == "astra":
        extra, options = ["--user-model", "scripted"], {"options": {"user_model": "scripted"}}
    started = time.perf_counter()
    ours = _with_run(name, agent, rule, work / f"{name}-run", extra)
    run_s = time.perf_counter() - started
    started = time.perf_counter()
    theirs = _with_inspect(name, agent, rule, work / f"{name}-logs", **options)
    inspect_s = time.perf_counter() - started
    passed = sum(1 for ok, _ in ours.values() if ok)
    same = ours == theirs
    print(
        f"{name}: {len(ours)} tasks ({agent}), {passed} passed; assistworld run {run_s:.1f} s, "
        f"inspect eval {inspect_s:.1f} s ({inspect_s / run_s:.2f}x); "
        f"every pass and outcome the same: {same}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("suites", nargs="+")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as work:
        for name in args.suites:
            measure(name, Path(work))


if __name__ == "__main__":
    main()
