"""The simulated-user checks applied to a run's records, old ones included (a run made before the
checks existed has no ``user_checks`` in its details): for every conversation a simulated user
played, the flags with their evidence, then the run's figures (conversations flagged per kind,
success overall and where the user behaved).

Run: ``python bench/astra_user_checks.py RUN_DIR [--suite lifelines] [--transcripts]``
(``--transcripts``: print every user and assistant message of each conversation, to read them).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from assistworld.core.registry import load_suite
from assistworld.core.store import ResultsStore
from assistworld.paradigms.astra.grading.results import AstraResult
from assistworld.paradigms.astra.grading.user_checks import check_conversation, knowledge_of
from assistworld.paradigms.astra.report.user_figures import user_summary
from assistworld.paradigms.astra.tasks.scenario import Scenario
from assistworld.paradigms.astra.tasks.worlds import Families


def _said(message: dict[str, Any]) -> str:
    calls = [c.get("function", {}).get("name", "?") for c in message.get("tool_calls") or ()]
    text = str(message.get("content") or "").replace("\n", " ")
    return text + (f" [calls {', '.join(calls)}]" if calls else "")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("run_dir", type=Path)
    parser.add_argument("--suite", default="lifelines")
    parser.add_argument("--transcripts", action="store_true")
    args = parser.parse_args()
    scenarios = {
        task.query_id: task for task in load_suite(args.suite).tasks if isinstance(task, Scenario)
    }
    families = Families()
    results = []
    for result in ResultsStore(args.run_dir, AstraResult).load():
        assert isinstance(result, AstraResult)
        details, task = result.details, scenarios.get(result.query_id)
        record = details.conversation
        if task is not None and record is not None and details.roles.get("user") == "simulated":
            tools = [tool.name for tool in families.get(task.apps).toolset]
            knowledge = knowledge_of(task, tools)
            details.user_checks = check_conversation(record.messages, details.end_reason, knowledge)
        results.append(result)
        checks = details.user_checks
        if checks is None:
            continue
        state = "FLAGGED " + ",".join(checks.kinds) if checks.flagged else "behaved"
        print(f"== {result.query_id}: {result.outcome}, ended {details.end_reason}; {state}")
        for flag in checks.flags:
            print(f"   {flag.kind} @ {flag.message}: {flag.evidence}")
        if args.transcripts and record is not None:
            for index, message in enumerate(record.messages):
                if message["role"] in ("user", "assistant"):
                    print(f"   [{index}] {message['role']}: {_said(message)[:300]}")
    print(json.dumps(user_summary(results), indent=2))


if __name__ == "__main__":
    main()
