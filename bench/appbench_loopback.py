"""A planning run through the loopback server with injected latency, against its rounds floor.

The bench serves a stand-in model on 127.0.0.1 (``assistworld.llm.loopback``, in a child
process) whose reply rule plays a planner that knows the suite: asked to choose apps it names
the gold plan's apps, asked to plan it writes the gold plan inside prose and a code fence (so the
lenient parser is exercised). Then it runs the real command line,

    assistworld run --suite travelplans --agent hierarchical
        --model openai-compatible:loopback@URL --no-cache ...

over the whole suite (or ``--limit N`` tasks) and prints:
- the run's summary (every mode must score 100 %: the replies are the gold plans);
- the model-bound wall time of the run beside its rounds floor,
  ``ceil(tasks x calls per task / concurrency) x latency`` (hierarchical: 2 calls per task),
  and the ratio (target: within 1.15x). The model-bound wall runs from the first request the
  server received to the last reply (the last arrival plus the latency), so it holds the
  harness's work between rounds but not starting Python, importing, and loading the suite,
  which the process's wall (printed too) adds.

Run: ``python bench/appbench_loopback.py [--latency 0.3] [--concurrency 16] [--limit N]``
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import subprocess
import sys
import tempfile
import time
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from assistworld.core.registry import bundled_suites_dir
from assistworld.llm.loopback import LoopbackServer
from assistworld.paradigms.appbench.agents.baselines import gold_plan_text
from assistworld.paradigms.appbench.agents.prompts import PlannerPrompts
from assistworld.paradigms.appbench.authoring import SUITE_NAME, read_tasks
from assistworld.paradigms.appbench.tasks.suites import read_apps

CALLS_PER_TASK = 2
"""Hierarchical prompting: one call to choose the apps, one to plan."""


def _replies(suite: Path) -> tuple[str, dict[str, tuple[str, str]]]:
    """The app-selection system prompt, and per request: (apps reply, plan reply)."""
    apps = read_apps(suite)[0]
    selection = PlannerPrompts().select_apps(apps)
    by_query = {}
    for task in read_tasks(suite):
        names = list(dict.fromkeys(call.app for call in task.calls))
        plan = f"Here is the plan:\n```\n{gold_plan_text(task)}\n```"
        by_query[task.query] = ("[" + ", ".join(names) + "]", plan)
    return selection, by_query


def _serve(connection: Connection, suite: Path, latency: float) -> None:
    selection, by_query = _replies(suite)

    arrivals: list[float] = []

    def rule(body: dict[str, Any]) -> str:
        arrivals.append(time.monotonic())
        messages = body.get("messages") or []
        system = next((m.get("content") for m in messages if m.get("role") == "system"), "")
        query = next((m.get("content") for m in reversed(messages) if m.get("role") == "user"), "")
        apps, plan = by_query.get(str(query), ("[]", "I cannot help with that."))
        return apps if system == selection else plan

    with LoopbackServer(reply=rule, latency_s=latency, model="loopback") as server:
        connection.send(server.base_url)
        while connection.recv() == "count":
            first, last = (min(arrivals), max(arrivals)) if arrivals else (0.0, 0.0)
            connection.send((server.chat_requests, last - first + latency))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--suite", type=Path, default=bundled_suites_dir() / SUITE_NAME)
    parser.add_argument("--latency", type=float, default=0.3)
    parser.add_argument("--concurrency", type=int, default=16)
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--out", type=Path, default=None, help="keep the run here")
    options = parser.parse_args()
    tasks = len(read_tasks(options.suite)[: options.limit])

    here, there = multiprocessing.Pipe()
    server = multiprocessing.get_context("fork").Process(
        target=_serve, args=(there, options.suite, options.latency), daemon=True
    )
    server.start()
    base_url = here.recv()
    with tempfile.TemporaryDirectory() as scratch:
        out = options.out or Path(scratch) / "run"
        command = [
            sys.executable,
            "-c",
            "import sys; from assistworld.cli import main; sys.argv[0] = 'assistworld'; main()",
            "run",
            "--suite",
            str(options.suite),
            "--agent",
            "hierarchical",
            "--model",
            f"openai-compatible:loopback@{base_url}",
            "--no-cache",
            "--concurrency",
            str(options.concurrency),
            "--model-concurrency",
            str(options.concurrency),
            "--out",
            str(out),
            *(["--limit", str(options.limit)] if options.limit else []),
        ]
        started = time.perf_counter()
        finished = subprocess.run(command, capture_output=True, text=True, check=False)
        wall = time.perf_counter() - started
        print(finished.stdout[-6000:])
        if finished.returncode != 0:
            print(finished.stderr[-3000:])
        here.send("count")
        requests, model_wall = here.recv()
        here.send("stop")
        server.join(timeout=10)
        summary = json.loads((out / "summary.json").read_text())
    rounds = math.ceil(tasks * CALLS_PER_TASK / options.concurrency)
    floor = rounds * options.latency
    print(f"model requests served: {requests} (expected {tasks * CALLS_PER_TASK})")
    for mode, categories in summary.get("scores", {}).items():
        success = categories.get("all", {}).get("success")
        print(f"  {mode:<9} success (all): {success}")
    print(
        f"{tasks} tasks x {CALLS_PER_TASK} calls at concurrency {options.concurrency}, "
        f"latency {options.latency:.2f} s: rounds floor {rounds} x {options.latency:.2f} = "
        f"{floor:.1f} s; model-bound wall {model_wall:.1f} s; ratio {model_wall / floor:.2f}x "
        f"(target <= 1.15x); the whole process took {wall:.1f} s"
    )


if __name__ == "__main__":
    main()
