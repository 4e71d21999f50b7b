"""Paper mode: the published scorer's numbers, quirks included (our own code, same behaviour).

How the published scorer reads a plan, and what it does with it:

* **Splitting the text.** Each line ``Name: [...]`` (or any line holding ``:``, ``[`` and ``]``)
  gives an app (the text before the first ``:``) and an API string (the rest, every bracket
  removed). Other lines give nothing.
* **Reading a call.** The first ``ret = name(args)`` in the API string: the name is lower-cased
  and, if it holds an underscore, cut to its second ``_``-separated part
  (``book_stylist_appointment`` -> ``stylist``). Arguments end at the first ``)`` and are split
  on ``", "`` exactly; a piece with one ``=`` is ``#key`` (``#`` added, lower-cased) -> value; a
  piece with several ``=`` is dropped; a piece with none sets the *previous* key's value to the
  empty string (so ``#a='x, y'`` reads as ``#a=''``). A string with no ``ret =`` before the name
  is no call: its name counts as the empty string.
* **Apps and APIs.** Per sample, ``em`` = the lower-cased lists are equal as multisets, and
  ``hit`` is at most 1 (1 when any predicted item is in the gold list). An empty prediction has
  ``em`` 0 even against an empty gold list.
* **Arguments.** Calls are keyed by name (repeated names collapse, the last wins). For each gold
  API the plan made, each gold key the plan gave is a hit when the predicted value (an alias
  replaced by its city) equals the gold value or either holds the other (after lower-casing and
  stripping single quotes: an empty value matches anything); or matches the user-stated value of
  that key; or matches a value accepted earlier in the sample for the same key (the first one).
  Only the first two kinds of hit are remembered as accepted values.
* **Success** = app ``em`` and API ``em`` and every distinct gold API made with all its gold keys
  hit.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from assistworld.paradigms.appbench.grading.outcome import ArgumentErrors, CallMatch, ModeOutcome
from assistworld.paradigms.appbench.tasks.model import Call, PlanningTask
from assistworld.paradigms.appbench.tasks.values import paper_alias, paper_values_match

_LINE_HEAD = re.compile(r"(\w+):\s*\n*(\[.*\])")
_CALL = re.compile(r"(?<!\w)(\w+)\s*=\s*(\w+)\(([^)]*)\)")
"""The published scorer's call pattern, anchored where a word starts: the leftmost match and
its name and arguments are the same, and the search stays linear on long words."""


@dataclass(frozen=True)
class PaperCall:
    """A call as the published scorer reads it."""

    name: str
    arguments: dict[str, str]


def split_plan(text: str) -> tuple[list[str], list[str]]:
    """The apps and API strings the published scorer takes from a plan's text."""
    apps: list[str] = []
    apis: list[str] = []
    for line in text.split("\n"):
        app: str | None = None
        api: str | None = None
        head = _LINE_HEAD.match(line)
        if head is not None:
            app = head.group(1)
            api = head.group(2).replace("[", "").replace("]", "").strip()
        elif ":" in line:
            if "[" not in line or "]" not in line:
                continue
            before, _, after = line.partition(":")
            app = before.strip()
            api = after.strip().replace("[", "").replace("]", "").strip()
        if app:
            apps.append(app)
        if api is not None:
            apis.append(api)
    return apps, apis


def read_call(text: str) -> PaperCall | None:
    """The call the published scorer reads from one API string (None: it reads none)."""
    found = _CALL.search(text)
    if found is None:
        return None
    name = found.group(2).lower()
    if "_" in name:
        name = name.split("_")[1]
    arguments: dict[str, str] = {}
    previous_key: str | None = None
    for piece in found.group(3).split(", "):
        if "=" in piece:
            parts = piece.split("=")
            if len(parts) != 2:
                continue
            previous_key, value = parts
            arguments[_key(previous_key)] = value.strip()
        elif previous_key is not None:
            arguments[_key(previous_key)] = ""
    return PaperCall(name=name, arguments=arguments)


def _key(raw: str) -> str:
    key = raw.strip()
    return key.lower() if key.startswith("#") else "#" + key.lower()


def _list_match(predicted: Sequence[str], gold: Sequence[str]) -> tuple[bool, int]:
    """(em, hit) of two name lists, the published way."""
    if not predicted:
        return False, 0
    left = [item.lower() for item in predicted]
    right = [item.lower() for item in gold]
    return sorted(left) == sorted(right), int(bool(set(left) & set(right)))


def call_body(call: Call) -> str:
    """A call as the published data writes a gold call: ``r1, r2 = api(#arg='value')``."""
    arguments = ", ".join(f"#{name}={value.text()}" for name, value in call.arguments.items())
    target = f"{', '.join(call.returns)} = " if call.returns else ""
    return f"{target}{call.api}({arguments})"


def gold_strings(task: PlanningTask) -> tuple[list[str], list[str]]:
    """The gold apps and call strings paper mode compares against (the published record's own
    strings when the task came from it)."""
    if task.raw_calls:
        return list(task.raw_apps), list(task.raw_calls)
    return [call.app for call in task.calls], [call_body(call) for call in task.calls]


def score_paper(plan: str, task: PlanningTask) -> ModeOutcome:
    """Score a plan text against ``task`` exactly as the published scorer does."""
    gold_apps, gold_calls = gold_strings(task)
    predicted_apps, predicted_apis = split_plan(plan)
    outcome = ModeOutcome(
        app_predicted=len(predicted_apps),
        app_gold=len(gold_apps),
        api_gold=len(gold_calls),
        api_predicted=len(predicted_apis),
    )
    outcome.em_app, outcome.app_hits = _list_match(predicted_apps, gold_apps)
    predicted_reads = [read_call(api) for api in predicted_apis]
    gold_reads = [read_call(api) for api in gold_calls]
    outcome.em_api, outcome.api_hits = _list_match(
        [read.name if read else "" for read in predicted_reads],
        [read.name if read else "" for read in gold_reads],
    )
    predicted = _by_name(
        read_call(api.replace("\\", "")) if "\\" in api else read
        for api, read in zip(predicted_apis, predicted_reads, strict=True)
    )
    gold = _by_name(gold_reads)
    user = {"#" + key: value for key, value in task.user_arguments.items()}
    exact_apis = _score_arguments(gold, predicted, user, outcome)
    outcome.arguments_exact = exact_apis == len(gold)
    outcome.success = outcome.em_app and outcome.em_api and outcome.arguments_exact
    return outcome


def _by_name(reads: Iterable[PaperCall | None]) -> dict[str, dict[str, str]]:
    """Calls keyed by name: a repeated name keeps the last call's arguments."""
    collapsed: dict[str, dict[str, str]] = {}
    for read in reads:
        if read is not None:
            collapsed[read.name] = read.arguments
    return collapsed


def _score_arguments(
    gold: dict[str, dict[str, str]],
    predicted: dict[str, dict[str, str]],
    user: dict[str, str],
    outcome: ModeOutcome,
) -> int:
    """Count argument hits and errors into ``outcome``; return how many gold APIs were exact."""
    accepted: list[tuple[str, str]] = []
    errors = ArgumentErrors()
    exact = 0
    names = list(predicted)
    for api, gold_arguments in gold.items():
        errors.arguments += len(gold_arguments)
        if api not in predicted:
            outcome.calls.append(CallMatch(gold=None, predicted=None, api=api))
            continue
        given = predicted[api]
        match = CallMatch(gold=None, predicted=names.index(api), api=api)
        for key, gold_value in gold_arguments.items():
            dependent = "'" not in gold_value
            if key not in given:
                match.missing.append(key)
                errors.count(key, dependent=dependent, missing=True)
                continue
            value = paper_alias(given[key].lower())
            earlier = next((seen for name, seen in accepted if name == key), None)
            stated = user.get(key)
            if paper_values_match(gold_value.lower(), value) or (
                stated is not None and paper_values_match(stated.lower(), value)
            ):
                accepted.append((key, value))
                match.matched.append(key)
            elif earlier is not None and paper_values_match(earlier, value):
                match.matched.append(key)
            else:
                match.wrong.append(key)
                errors.count(key, dependent=dependent, missing=False)
        exact += len(match.matched) == len(gold_arguments)
        outcome.calls.append(match)
    outcome.errors = errors
    return exact
