"""What the astra harness costs around the model, and how close concurrent conversations get
to the floor the model's latency sets.

1. **Harness time per agent step, model excluded.** Conversations of 4 user turns run in this
   process against an in-process model that answers at once from a script (search Tunde's text
   messages, send him one on the first turn, then reply; one write per conversation), on the
   personal apps with the bundled suite's world (Maya's phone), with a scripted user.
   Everything but the model's own time is the harness: building the world, the request with
   every tool's definition, validating and running the tool calls, the write rule, the
   transcript with the world version after each message and the patch after each write, and
   the user's turn. Printed per model call ("step") and per assistant turn; target: under 2 ms
   per step.
2. **100 multi-turn conversations against the loopback server** (0.3 s latency, scripted
   tool-call replies) through the runner (``execute_run``: results file, manifest) at
   concurrency 16, with the simulated user on the same server. Each conversation takes 12
   sequential model calls (4 assistant turns of a tool call and a reply, and 4 user replies,
   the last one ending the conversation), so the floor is ``ceil(100 / 16) * 12 * 0.3 s``;
   target: wall within 1.3x of it.

Run: ``python bench/astra_conversations.py [--conversations 100] [--concurrency 16]
[--latency 0.3] [--local 200]``
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import yaml

from assistworld.core.registry import bundled_suites_dir
from assistworld.core.suite import Suite
from assistworld.llm.chat import ChatRequest, ChatResponse, ToolCall
from assistworld.llm.loopback import LoopbackServer, Reply
from assistworld.llm.pool import ClientSettings, ModelPool
from assistworld.paradigms.astra.agents.conversation import brief_of
from assistworld.paradigms.astra.agents.registry import build_agent
from assistworld.paradigms.astra.tasks.scenario import Scenario
from assistworld.runner.session import RunSettings, execute_run

USER_TURNS = 4
NOW = "2025-03-14T08:05"


def _world() -> dict[str, Any]:
    """Maya's phone from the bundled personal_demo suite (contacts, calendar, email, messages,
    WhatsApp, calls)."""
    path = bundled_suites_dir() / "personal_demo" / "worlds" / "maya.yaml"
    data: dict[str, Any] = yaml.safe_load(path.read_text(encoding="utf-8"))
    return data


def _scenarios(count: int) -> list[Scenario]:
    base = {
        "protagonist": "Maya Okafor",
        "now": NOW,
        "apps": "personal",
        "world": _world(),
        "mode": "multi_turn",
        "query": "Text Tunde about Sunday.",
        "user_goal": "Send Tunde a few messages, one per request.",
        "success": {"answer": ["done"]},
        "user_script": [{"say": "And another one, please."}] * (USER_TURNS - 1)
        + [{"end": "goal_met"}],
    }
    return [Scenario.model_validate({**base, "query_id": f"bench_{n:03d}"}) for n in range(count)]


def _since_last_user(messages: list[Any], role_of: Any) -> list[Any]:
    tail: list[Any] = []
    for message in reversed(messages):
        if role_of(message) == "user":
            break
        tail.append(message)
    return list(reversed(tail))


class _InstantModel:
    """Answers at once: read Tunde's messages, send him one on the first turn, then reply."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.calls = 0

    async def complete(self, request: ChatRequest) -> ChatResponse:
        started = time.perf_counter()
        self.calls += 1
        tail = _since_last_user(list(request.messages), lambda m: m.role)
        turn = sum(m.role == "user" for m in request.messages)
        tools = [m for m in tail if m.role == "tool"]
        if not tools:
            search = json.dumps({"person": "Tunde"})
            reply = ChatResponse(
                tool_calls=(ToolCall(id="c1", name="search_messages", arguments=search),)
            )
        elif len(tools) == 1 and turn == 1:
            found = json.loads(tools[0].content or "{}")["result"][0]
            arguments = json.dumps({"conversation_id": found["conversation_id"], "text": "Yes!"})
            reply = ChatResponse(
                tool_calls=(ToolCall(id="c2", name="send_message", arguments=arguments),)
            )
        else:
            reply = ChatResponse(text="Done.")
        self.seconds += time.perf_counter() - started
        return reply


def harness_per_step(conversations: int) -> None:
    model = _InstantModel()
    pool = ModelPool()
    spec = "openai-compatible:instant@http://127.0.0.1:9/v1"
    pool._models[spec] = model  # an in-process model under a model string
    agent = build_agent("tools", model=spec, user_model="scripted", models=pool)
    scenarios = _scenarios(conversations)

    async def run_all() -> int:
        turns = 0
        for scenario in scenarios:
            output = await agent.solve(brief_of(scenario))
            assert output.details["end_reason"] == "goal_met", output.details["end_reason"]
            turns += output.details["assistant_turns"]
        return turns

    asyncio.run(agent.solve(brief_of(scenarios[0])))  # warm-up: tool schemas, templates
    model.seconds, model.calls = 0.0, 0
    started, cpu_started = time.perf_counter(), time.process_time()
    turns = asyncio.run(run_all())
    wall = time.perf_counter() - started
    cpu = time.process_time() - cpu_started
    harness = wall - model.seconds
    print(
        f"harness, model excluded: {conversations} conversations, {turns} assistant turns, "
        f"{model.calls} model calls in {wall:.2f} s (model {model.seconds * 1000:.1f} ms)"
    )
    print(
        f"  per step (model call): {harness / model.calls * 1000:.3f} ms   "
        f"per assistant turn: {harness / turns * 1000:.3f} ms   target: < 2 ms per step"
    )
    print(
        f"  CPU time of this process per step: {(cpu - model.seconds) / model.calls * 1000:.3f} ms"
        f"  (load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs: wall time includes "
        "waiting for a CPU)"
    )


def _loopback_rule(body: dict[str, Any]) -> Reply:
    messages = body["messages"]
    if "tools" not in body:  # the simulated user
        replies = sum(m["role"] == "assistant" for m in messages)
        return Reply(text="[END goal_met]" if replies >= USER_TURNS - 1 else "Another, please.")
    tail = _since_last_user(messages, lambda m: m["role"])
    if not any(m["role"] == "tool" for m in tail):
        search = json.dumps({"person": "Tunde"})
        return Reply(tool_calls=(ToolCall(id="c1", name="search_messages", arguments=search),))
    return Reply(text="Done.")


def _serve(latency: float) -> None:
    """The loopback server with the scripted replies, in this (child) process until killed."""
    with LoopbackServer(reply=_loopback_rule, latency_s=latency) as server:
        print(server.base_url, flush=True)
        threading.Event().wait()


def _start_server(latency: float) -> tuple[subprocess.Popen[str], str]:
    """A loopback server in a process of its own, as a model server would be (its JSON work
    does not compete with the harness for this interpreter's lock)."""
    child = subprocess.Popen(
        [sys.executable, __file__, "--serve", "--latency", str(latency)],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None
    return child, child.stdout.readline().strip()


def loopback_run(conversations: int, concurrency: int, latency: float) -> None:
    scenarios = _scenarios(conversations)
    suite = Suite(
        name="astra-bench",
        path=".",
        paradigm="astra",
        format="in-memory",
        tasks=scenarios,
        content_hash="bench",
    )
    rounds = 3 * USER_TURNS
    child, base_url = _start_server(latency)
    spec = f"openai-compatible:loopback-model@{base_url}"
    user_spec = f"openai-compatible:loopback-user@{base_url}"
    pool = ModelPool(ClientSettings(use_cache=False, concurrency=concurrency))
    try:
        agent = build_agent("tools", model=spec, user_model=user_spec, models=pool)
        with tempfile.TemporaryDirectory() as folder:
            settings = RunSettings(out_dir=Path(folder) / "run", concurrency=concurrency)
            started, cpu_started = time.perf_counter(), time.process_time()
            report = execute_run(suite, agent, settings, models=pool.describe())
            wall = time.perf_counter() - started
            cpu = time.process_time() - cpu_started
    finally:
        pool.close()
        child.terminate()
        child.wait()
    requests = int(report.metrics.usage.get("calls", 0))
    mean_latency = float(report.metrics.usage.get("latency_s", 0.0)) / max(1, requests)
    ends = {r.details.end_reason for r in report.results}
    floor = math.ceil(conversations / concurrency) * rounds * latency
    print(
        f"loopback: {conversations} conversations x {USER_TURNS} user turns, concurrency "
        f"{concurrency}, latency {latency} s: {requests} model calls, "
        f"end reasons {sorted(ends)}; load average {os.getloadavg()[0]:.1f} "
        f"on {os.cpu_count()} CPUs"
    )
    print(
        f"  wall {wall:.2f} s, rounds floor {floor:.2f} s "
        f"(ceil({conversations}/{concurrency}) x {rounds} rounds x {latency} s): "
        f"{wall / floor:.3f}x   target: within 1.3x"
    )
    print(
        f"  mean model-call latency seen by the client: {mean_latency:.3f} s; CPU time of the "
        f"harness process: {cpu:.1f} s ({cpu / max(1, requests) * 1000:.1f} ms per model call)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--conversations", type=int, default=100)
    parser.add_argument("--concurrency", type=int, default=16)
    parser.add_argument("--latency", type=float, default=0.3)
    parser.add_argument("--local", type=int, default=200, help="conversations for part 1")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        _serve(args.latency)
        return
    harness_per_step(args.local)
    loopback_run(args.conversations, args.concurrency, args.latency)


if __name__ == "__main__":
    main()
