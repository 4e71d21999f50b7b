"""The simulated user alone: multi-turn scenarios played by their reference assistant (replayed,
so the assistant side never fails) against a simulated user on ``--user-model``, each
conversation graded and checked (:mod:`assistworld.paradigms.astra.grading.user_checks`). With a
perfect assistant, every failed conversation and every flag is the simulator's.

Writes a run directory (``results.jsonl``, ``manifest.json``) that ``assistworld show`` and
``assistworld report`` read, and prints each conversation's flags.

Run: ``python bench/astra_user_probe.py --user-model local:qwen2.5-coder-1.5b --out DIR
[--suite lifelines] [--tasks ID,ID] [--limit N] [--threads 1]``
"""

from __future__ import annotations

import argparse
import asyncio
import json
from pathlib import Path

from assistworld.core.registry import load_suite
from assistworld.llm.pool import ClientSettings, ModelPool
from assistworld.paradigms.astra.agents.assistants import ReplayAssistant
from assistworld.paradigms.astra.agents.conversation import ConversationBrief, brief_of
from assistworld.paradigms.astra.agents.conversation_agent import ConversationAgent
from assistworld.paradigms.astra.agents.prompts import Prompts
from assistworld.paradigms.astra.agents.replay_file import parse_messages
from assistworld.paradigms.astra.agents.roles import user_side
from assistworld.paradigms.astra.grading.results import grade
from assistworld.paradigms.astra.tasks.scenario import Scenario
from assistworld.paradigms.astra.tasks.worlds import Families


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--user-model", required=True)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--suite", default="lifelines")
    parser.add_argument("--tasks", default="")
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--threads", type=int, default=1)
    args = parser.parse_args()
    wanted = [t.strip() for t in args.tasks.split(",") if t.strip()]
    scenarios = [
        task
        for task in load_suite(args.suite).tasks
        if isinstance(task, Scenario) and task.mode == "multi_turn" and task.reference
    ]
    if wanted:
        scenarios = [task for task in scenarios if task.query_id in wanted]
    scenarios = scenarios[: args.limit]
    pool = ModelPool(ClientSettings(local_threads=args.threads))
    families = Families()
    references = {
        task.query_id: parse_messages(task.reference, task.query_id) for task in scenarios
    }

    def assistant_for(brief: ConversationBrief) -> ReplayAssistant:
        return ReplayAssistant(references[brief.query_id])

    agent = ConversationAgent(
        "reference+simulated-user",
        assistant_for,
        user_side(pool.get(args.user_model), Prompts()),
        described={"user_model": args.user_model, "assistant": "the scenario's reference"},
        families=families,
    )
    args.out.mkdir(parents=True, exist_ok=True)
    manifest = {
        "paradigm": "astra",
        "suite": args.suite,
        "agent": agent.settings(),
        "task_ids": [task.query_id for task in scenarios],
    }
    (args.out / "manifest.json").write_text(json.dumps(manifest, indent=2), encoding="utf-8")
    try:
        with (args.out / "results.jsonl").open("w", encoding="utf-8") as results:
            for task in scenarios:
                output = asyncio.run(agent.solve(brief_of(task)))
                result = grade(task, output, agent.name, families)
                results.write(result.model_dump_json() + "\n")
                results.flush()
                checks = result.details.user_checks
                kinds = ",".join(checks.kinds) if checks is not None else "unchecked"
                print(f"{task.query_id}: {result.outcome}; {kinds or 'behaved'}", flush=True)
    finally:
        pool.close()


if __name__ == "__main__":
    main()
