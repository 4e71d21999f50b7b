"""One run of each paradigm, for the tests of a report that sets them side by side: the made
ASPERA run of :mod:`tests.report._runs` (run A), the AppBench oracle on three travelplans
requests and the ASTRA oracle on three personal_demo scenarios (one rewritten as a failure)."""

from __future__ import annotations

import json
from pathlib import Path

from assistworld.core.paradigm import AgentRequest
from assistworld.core.registry import get_paradigm, load_suite
from assistworld.runner.session import RunSettings, execute_run
from tests.report._runs import standard_runs


def _oracle_run(suite_name: str, out: Path, count: int) -> Path:
    suite = load_suite(suite_name)
    paradigm = get_paradigm(suite.paradigm)
    agent = paradigm.build_agent(AgentRequest(name="oracle", suite=suite))
    ids = [task.query_id for task in suite.tasks[:count]]
    execute_run(suite, agent, RunSettings(out_dir=out, concurrency=1, task_ids=ids))
    return out


def mixed_runs(folder: Path) -> tuple[Path, Path, Path]:
    """(program run, planning run, conversation run), written as ``assistworld run`` writes
    them; the conversation run's first result is an ``end_state_wrong`` failure."""
    _, program_run, _ = standard_runs(folder / "aspera")
    planning_run = _oracle_run("travelplans", folder / "appbench", 3)
    conversation_run = _oracle_run("personal_demo", folder / "astra", 3)
    path = conversation_run / "results.jsonl"
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    lines[0].update(passed=False, outcome="end_state_wrong")
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return program_run, planning_run, conversation_run
