"""Milestone scoring time per conversation, and LLM-judge throughput through the loopback server.

Scoring: synthetic scenarios the bench builds itself: a world of three tables (60 contacts, a
message log, a nested calendar), a conversation of 40 messages (user turns, read calls with
their results, one write every few turns, replies), and 10 milestones in a random DAG (tool
calls, added and updated rows with graded and binary measures, value reuse, replies by ROUGE-L)
plus 2 minefields. Half of the conversations are perturbed (a wrong value, a stray write) so the
guardrails and the search meet failures too. Prints p50 / p95 / max milliseconds per scenario,
reading the conversation (message parsing, which tables each message changed) included
(target: p95 under 50 ms).

Judge: ``--judge-calls`` conversations judged through the loopback server (scripted JSON
replies), ``--judge-concurrency`` requests at a time: without the cache, filling it, and
replayed from it; prints conversations per second.

Run: ``python bench/astra_scoring.py [--scenarios 200] [--judge-calls 200]``
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import tempfile
import time
from typing import Any

from pydantic import BaseModel

from assistworld.llm import ResponseCache
from assistworld.llm.loopback import LoopbackServer
from assistworld.llm.openai_compatible import OpenAICompatibleModel
from assistworld.paradigms.astra.grading.scoring.conversation import Conversation
from assistworld.paradigms.astra.grading.scoring.judge import Judge, JudgeInputs
from assistworld.paradigms.astra.grading.scoring.judge_reply import DIMENSIONS
from assistworld.paradigms.astra.grading.scoring.score import score_conversation
from assistworld.paradigms.astra.grading.scoring.spec import ScoringSpec, load_scoring_spec
from assistworld.world import World, WorldState, keyed, nested


class Contact(BaseModel):
    name: str
    phone: str
    city: str


class Text(BaseModel):
    to: str
    body: str


class Event(BaseModel):
    title: str
    hour: int


CONTACTS = keyed("contacts", Contact)
TEXTS = keyed("texts", Text)
EVENTS = nested("events", Event)
WORDS = [
    "meet",
    "lunch",
    "tomorrow",
    "late",
    "sorry",
    "call",
    "back",
    "dinner",
    "friday",
    "train",
    "office",
    "park",
]


def build_scenario(seed: int) -> tuple[Conversation, ScoringSpec]:
    rng = random.Random(seed)
    world = World(tables=(CONTACTS, TEXTS, EVENTS))
    contacts = world.table(CONTACTS)
    for k in range(60):
        contacts[f"c{k}"] = Contact(name=f"Person {k}", phone=f"+1 555 {k:04d}", city="Leeds")
    world.table(EVENTS)["me"] = {
        f"e{k}": Event(title=f"event {k}", hour=9 + k % 8) for k in range(20)
    }
    initial = world.snapshot()
    messages: list[dict[str, Any]] = []
    states: list[WorldState] = []
    perturbed = seed % 2 == 1
    milestones: list[dict[str, Any]] = []
    calls = 0

    def add(message: dict[str, Any]) -> int:
        messages.append(message)
        states.append(world.snapshot())
        return len(messages) - 1

    def call(tool: str, arguments: dict[str, Any], result: Any) -> None:
        nonlocal calls
        calls += 1
        function = {"name": tool, "arguments": json.dumps(arguments)}
        add(
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [{"id": f"c{calls}", "type": "function", "function": function}],
            }
        )
        add({"role": "tool", "tool_call_id": f"c{calls}", "content": json.dumps(result)})

    turn = 0
    while len(messages) < 36:
        turn += 1
        who = rng.randrange(60)
        body = " ".join(rng.choice(WORDS) for _ in range(6))
        add({"role": "user", "content": f"text person {who}: {body}"})
        found = {"id": f"c{who}", **contacts[f"c{who}"].model_dump()}
        call("search_contacts", {"name": f"Person {who}"}, [found])
        lookup = {
            "id": f"look{turn}",
            "constraints": [
                {
                    "kind": "tool_call",
                    "tool": "search_contacts",
                    "arguments": {"name": f"person {who}"},
                    "measures": {"name": "contains"},
                }
            ],
        }
        phone = found["phone"] if not (perturbed and turn == 2) else "+1 555 9999"
        world.table(TEXTS)[f"t{turn}"] = Text(to=phone, body=body)
        world.record_write()
        if perturbed and turn == 3:
            world.table(EVENTS)["me"]["e1"] = Event(title="moved", hour=18)
        call("send_text", {"to": phone, "body": body}, {"id": f"t{turn}"})
        sent = {
            "id": f"sent{turn}",
            "after": [lookup["id"]],
            "constraints": [
                {
                    "kind": "added",
                    "table": "texts",
                    "since": "message",
                    "rows": [{"to": found["phone"], "body": body}],
                    "measures": {"to": "value_reuse", "body": "rouge_l"},
                }
            ],
        }
        add({"role": "assistant", "content": f"Sent to Person {who}: {body}"})
        told = {
            "id": f"told{turn}",
            "after": [sent["id"]],
            "constraints": [{"kind": "response", "text": f"I sent Person {who} the text {body}"}],
        }
        milestones += [lookup, sent, told]
    while len(messages) < 40:
        add({"role": "user", "content": "thanks"})
    milestones = milestones[:10]
    ids = {m["id"] for m in milestones}
    for m in milestones:
        m["after"] = [a for a in m.get("after", []) if a in ids]
        if rng.random() < 0.3 and m is not milestones[0]:
            m["after"].append(milestones[0]["id"])
    spec = load_scoring_spec(
        {
            "milestones": milestones,
            "minefields": [
                {
                    "id": "deleted_contact",
                    "constraints": [
                        {"kind": "removed", "table": "contacts", "rows": [{"_key": "c1"}]}
                    ],
                },
                {
                    "id": "wrong_text",
                    "constraints": [
                        {
                            "kind": "added",
                            "table": "texts",
                            "since": "message",
                            "rows": [{"to": "+1 555 9999"}],
                        }
                    ],
                },
            ],
        }
    )
    return Conversation(messages, states, initial), spec


def bench_scoring(scenarios: int) -> None:
    built = [build_scenario(seed) for seed in range(scenarios)]
    timings, cpu, scores = [], [], []
    for prepared, spec in built:
        started, started_cpu = time.perf_counter(), time.process_time()
        # reading the conversation (message parsing, changed tables) counts too
        conversation = Conversation(prepared.raw, prepared.states, prepared.initial)
        result = score_conversation(conversation, spec)
        timings.append((time.perf_counter() - started) * 1000)
        cpu.append((time.process_time() - started_cpu) * 1000)
        scores.append(result.score)
    timings.sort()
    cpu.sort()
    p95 = timings[min(len(timings) - 1, int(0.95 * len(timings)))]
    cpu_p95 = cpu[min(len(cpu) - 1, int(0.95 * len(cpu)))]
    print(
        f"milestone scoring: {scenarios} scenarios, 10 milestones + 2 minefields, "
        f"{len(built[0][0])} messages each"
    )
    print(
        f"  ms per scenario: p50 {statistics.median(timings):.1f}  p95 {p95:.1f}  "
        f"max {timings[-1]:.1f}  (target p95 < 50)"
    )
    print(
        f"  CPU ms per scenario: p50 {statistics.median(cpu):.1f}  p95 {cpu_p95:.1f}  "
        f"(wall time includes waiting for a core on a shared machine)"
    )
    print(
        f"  mean score {statistics.fmean(scores):.3f}, "
        f"{sum(s == 0 for s in scores)} scored 0 (minefield or guardrail)"
    )


def bench_judge(calls: int, concurrency: int) -> None:
    reply = json.dumps({d: {"score": 2, "reason": "fine"} for d in DIMENSIONS})
    inputs = [
        JudgeInputs(
            messages=[
                {"role": "user", "content": f"Text person {k} that I am late"},
                {"role": "assistant", "content": f"Sent to Person {k}."},
            ],
            success_conditions=[f"A text to Person {k} says the user is late"],
            monologue="Find the contact, send the text, confirm.",
            related_entities=[f"c{k}"],
        )
        for k in range(calls)
    ]
    with tempfile.TemporaryDirectory() as cache, LoopbackServer(reply=reply) as server:
        for label, use_cache in (
            ("live", False),
            ("live, filling the cache", True),
            ("replayed from the cache", True),
        ):
            model = OpenAICompatibleModel(
                model="loopback-model",
                base_url=server.base_url,
                api_key="x",
                cache=ResponseCache(cache),
                use_cache=use_cache,
                concurrency=concurrency,
            )
            judge = Judge(model)
            before = server.chat_requests
            started = time.perf_counter()
            verdicts = asyncio.run(judge.grade_all(inputs))
            elapsed = time.perf_counter() - started
            strict = sum(v.parse == "strict" for v in verdicts)
            print(
                f"judge ({label}): {calls} conversations in {elapsed:.2f} s = "
                f"{calls / elapsed:.0f} per second, concurrency {concurrency}, "
                f"{server.chat_requests - before} requests, {strict} replies read strictly"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenarios", type=int, default=200)
    parser.add_argument("--judge-calls", type=int, default=200)
    parser.add_argument("--judge-concurrency", type=int, default=8)
    options = parser.parse_args()
    bench_scoring(options.scenarios)
    bench_judge(options.judge_calls, options.judge_concurrency)


if __name__ == "__main__":
    main()
