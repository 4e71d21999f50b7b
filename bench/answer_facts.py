"""The answer-fact rule before (a bare phrasing as a substring) and now (by value), side by side.

Three readings, each printing its counts and every case where the two rules disagree:

- ``references SUITE ...``: every answer fact against the replies of each scenario's reference
  conversation (the reference must pass every fact under the new rule);
- ``exposure SUITE``: every fact phrasing against each value of the scenario's own world that
  holds the phrasing as a substring ("09:00" in "2026-09-12T16:09:00", "4 March" in "14
  March"): a reply stating that value passes the old rule; the new one passes it only when the
  value really states the phrasing's;
- ``run RESULTS SUITE``: every answer fact of a run's finished conversations (``results.jsonl``,
  each record's ``details.conversation``), to read the disagreements by hand.

Run: ``python bench/answer_facts.py references personal_demo lifelines``
"""

from __future__ import annotations

import argparse
import collections
import json
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import assistworld_suites
from assistworld.agents.transcript import ConversationRecord
from assistworld.core.json_leaves import json_texts
from assistworld.paradigms.astra.grading.answer_forms import says
from assistworld.paradigms.astra.grading.success import check_fact, known_in, normalised
from assistworld.paradigms.astra.tasks.files import read_suite
from assistworld.paradigms.astra.tasks.scenario import RequiredFact, Scenario


def old_rule(fact: RequiredFact, replies: Sequence[str]) -> bool:
    """The rule before: any phrasing, case and spaces aside, as a substring of the replies."""
    said = normalised("\n".join(replies))
    return any(normalised(text) in said for text in fact.any_of)


def _scenarios(name: str) -> list[Scenario]:
    suite = read_suite(Path(assistworld_suites.__file__).parent / name, name)
    return [task for task in suite.tasks if isinstance(task, Scenario)]


def _reference_replies(scenario: Scenario) -> list[str]:
    return [
        str(message["content"])
        for message in scenario.reference
        if message.get("role") == "assistant" and message.get("content")
    ]


def references(names: Sequence[str]) -> None:
    for name in names:
        counts: collections.Counter[str] = collections.Counter()
        for scenario in _scenarios(name):
            replies, known = _reference_replies(scenario), known_in(scenario.world)
            for fact in scenario.success.answer:
                old, new = old_rule(fact, replies), check_fact(fact, replies, known=known).passed
                counts[f"old {'pass' if old else 'fail'}, new {'pass' if new else 'fail'}"] += 1
                if old != new:
                    print(f"  {scenario.query_id}: {fact.any_of} old={old} new={new}: {replies}")
        print(f"{name}: {dict(sorted(counts.items()))}")


def _short_texts(value: Any) -> Iterator[str]:
    """The world's short text values: names, times, titles (not message bodies)."""
    return (text for text in json_texts(value) if len(text) < 120)


def exposure(name: str) -> None:
    pairs: dict[bool, set[tuple[str, str]]] = {True: set(), False: set()}
    for scenario in _scenarios(name):
        known, values = known_in(scenario.world), set(_short_texts(scenario.world))
        for fact in scenario.success.answer:
            for phrasing in fact.any_of:
                if not any(char.isalnum() for char in phrasing):
                    continue
                for value in values:
                    held = normalised(phrasing) in normalised(value)
                    if held and normalised(phrasing) != normalised(value):
                        stated = says(phrasing, f"It's {value}.", known) is not None
                        pairs[stated].add((phrasing, value))
    print(
        f"{name}: distinct (phrasing, world value holding it) pairs: the new rule finds the "
        f"phrasing's value in {len(pairs[True])}, not in {len(pairs[False])}"
    )
    for phrasing, value in sorted(pairs[False]):
        print(f"  not stated: {phrasing!r} in {value!r}")


def run(results: Path, name: str) -> None:
    by_id = {scenario.query_id: scenario for scenario in _scenarios(name)}
    counts: collections.Counter[str] = collections.Counter()
    for line in results.read_text(encoding="utf-8").splitlines():
        result = json.loads(line) if line.strip() else None
        raw = None if result is None else (result.get("details") or {}).get("conversation")
        if result is None or raw is None:
            continue
        record = ConversationRecord.model_validate(raw)
        final = record.worlds.data_at(record.worlds.latest_version)
        scenario, replies = by_id[result["query_id"]], record.replies()
        counts["conversations"] += 1
        for fact in scenario.success.answer:
            old = old_rule(fact, replies)
            new = check_fact(fact, replies, known=known_in(final))
            counts[f"old {'pass' if old else 'fail'}, new {'pass' if new.passed else 'fail'}"] += 1
            if old != new.passed:
                print(f"--- {scenario.query_id} {fact.any_of}: old={old} new={new.passed}")
                print(f"    query: {scenario.query}\n    new: {new.detail}")
                for reply in replies:
                    print("    reply:", " ".join(reply.split()))
    print(dict(sorted(counts.items())))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("references").add_argument("suites", nargs="+")
    commands.add_parser("exposure").add_argument("suite")
    on_run = commands.add_parser("run")
    on_run.add_argument("results", type=Path)
    on_run.add_argument("suite")
    args = parser.parse_args()
    if args.command == "references":
        references(args.suites)
    elif args.command == "exposure":
        exposure(args.suite)
    else:
        run(args.results, args.suite)


if __name__ == "__main__":
    main()
