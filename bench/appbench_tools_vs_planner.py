"""The same planning tasks attempted by a planner and by the ``tools`` agent, in one report.

Runs the real command line twice over the same ``--limit`` tasks of ``travelplans`` (the
run's stratified sample, the same for both):

    assistworld run --suite travelplans --agent hierarchical --model M --limit N
    assistworld run --suite travelplans --agent tools        --model M --limit N

then ``assistworld report`` over both runs, and prints each run's success per mode, its model
calls and tokens per task. ``M`` is the loopback server by default, whose reply rule knows the
suite: as a planner it names the gold plan's apps and writes the gold plan; as a tool-calling
model it makes the gold plan's calls one a step, passing each dependency the value the results
it was sent hold, and finally states what the gold plan returns. Both must score 100 % in
every mode: the figures show what each way of acting costs, and that a plan made of tool calls
is graded as the planner's is. ``--model local:qwen2.5-coder-1.5b`` runs the local model instead
(slow on a CPU: use a small ``--limit``).

Run: ``python bench/appbench_tools_vs_planner.py [--limit 10] [--out DIR] [--model M]``
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import subprocess
import sys
import tempfile
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from assistworld.core.registry import bundled_suites_dir
from assistworld.llm.chat import ToolCall
from assistworld.llm.loopback import LoopbackServer, Reply
from assistworld.paradigms.appbench.agents.baselines import gold_plan_text
from assistworld.paradigms.appbench.agents.prompts import PlannerPrompts
from assistworld.paradigms.appbench.agents.service_tools import tool_name
from assistworld.paradigms.appbench.authoring import read_tasks
from assistworld.paradigms.appbench.tasks.model import ArgumentKind, PlanningTask
from assistworld.paradigms.appbench.tasks.suites import read_apps

SUITE = bundled_suites_dir() / "travelplans"
AGENTS = ("hierarchical", "tools")
_CLI = "import sys; from assistworld.cli import main; sys.argv[0] = 'assistworld'; main()"


def _record(content: str) -> dict[str, Any]:
    result = json.loads(content).get("result")
    if isinstance(result, list):
        result = result[0] if result else {}
    return result if isinstance(result, dict) else {}


def _tool_step(task: PlanningTask, messages: list[dict[str, Any]]) -> Reply:
    """The next gold call (its dependencies read from the results sent), or the answer."""
    records = [_record(m["content"]) for m in messages if m.get("role") == "tool"]
    if len(records) >= len(task.calls):
        said = [
            str(record[name])
            for call, record in zip(task.calls, records, strict=False)
            for name in call.returns
            if name in record
        ]
        return Reply(text="Done. " + "; ".join(said))
    call = task.calls[len(records)]
    arguments: dict[str, Any] = {}
    for name, argument in call.arguments.items():
        if argument.kind is ArgumentKind.LITERAL:
            arguments[name] = argument.value
        else:
            found = [r[argument.value] for r in reversed(records) if argument.value in r]
            arguments[name] = found[0] if found else argument.value
    made = ToolCall(
        id=f"call_{len(records)}",
        name=tool_name(call.app, call.api),
        arguments=json.dumps(arguments),
    )
    return Reply(tool_calls=(made,))


def _serve(connection: Connection) -> None:
    selection = PlannerPrompts().select_apps(read_apps(SUITE)[0])
    tasks = {task.query: task for task in read_tasks(SUITE)}

    def rule(body: dict[str, Any]) -> str | Reply:
        messages = body.get("messages") or []
        system = next((m.get("content") for m in messages if m.get("role") == "system"), "")
        query = next((m.get("content") for m in messages if m.get("role") == "user"), "")
        task = tasks.get(str(query))
        if task is None:
            return "I cannot help with that."
        if body.get("tools"):
            return _tool_step(task, messages)
        if system == selection:
            return "[" + ", ".join(dict.fromkeys(call.app for call in task.calls)) + "]"
        return f"Here is the plan:\n```\n{gold_plan_text(task)}\n```"

    with LoopbackServer(reply=rule, model="loopback") as server:
        connection.send(server.base_url)
        connection.recv()


def _run(agent: str, model: str, limit: int, out: Path) -> None:
    command = [
        sys.executable, "-c", _CLI, "run", "--suite", str(SUITE), "--agent", agent,
        "--model", model, "--no-cache", "--limit", str(limit), "--out", str(out),
    ]  # fmt: skip
    finished = subprocess.run(command, capture_output=True, text=True, check=False)
    if finished.returncode != 0:
        print(finished.stdout[-3000:], finished.stderr[-3000:])
        raise SystemExit(f"the {agent} run failed")


def _figures(out: Path) -> str:
    records = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    summary = json.loads((out / "summary.json").read_text())
    success = {
        mode: categories.get("all", {}).get("success")
        for mode, categories in summary.get("scores", {}).items()
    }
    agent = [r.get("details", {}).get("agent_details") or {} for r in records]
    calls = sum(len(details.get("tool_calls") or []) for details in agent)
    refused = sum(int(details.get("refused_calls") or 0) for details in agent)
    usage = [r.get("usage") or {} for r in records]
    requests = sum(int(u.get("requests") or u.get("calls") or 0) for u in usage)
    tokens = sum(int(u.get("input_tokens") or u.get("prompt_tokens") or 0) for u in usage)
    return (
        f"{len(records)} tasks; success {success}; model requests {requests / len(records):.1f} "
        f"per task, prompt tokens {tokens / len(records):.0f} per task, tool calls {calls} "
        f"({refused} refused)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=10)
    parser.add_argument("--model", default=None, help="default: the loopback server")
    parser.add_argument("--out", type=Path, default=None, help="keep both runs and the report")
    options = parser.parse_args()
    here, there = multiprocessing.Pipe()
    server = None
    if options.model is None:
        server = multiprocessing.get_context("fork").Process(
            target=_serve, args=(there,), daemon=True
        )
        server.start()
        model = f"openai-compatible:loopback@{here.recv()}"
    else:
        model = options.model
    with tempfile.TemporaryDirectory() as scratch:
        root = options.out or Path(scratch)
        runs = [root / agent for agent in AGENTS]
        for agent, out in zip(AGENTS, runs, strict=True):
            _run(agent, model, options.limit, out)
            print(f"{agent:<13} {_figures(out)}")
        report = root / "report.html"
        command = [sys.executable, "-c", _CLI, "report", *map(str, runs), "--out", str(report)]
        subprocess.run(command, check=True, capture_output=True)
        print(f"one report of both runs: {report} ({report.stat().st_size // 1024} KiB)")
    if server is not None:
        here.send("stop")
        server.join(timeout=10)


if __name__ == "__main__":
    main()
