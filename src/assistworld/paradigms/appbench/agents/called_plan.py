"""The plan a tool-calling agent made: its calls that ran, in order, written as a planner writes.

A planner writes its dependencies (``#location=to_city``: the value an earlier call returned);
a tool-calling agent passes the value itself, read from the earlier call's result. Grading
compares plans as planners write them (the planners are told: quote every value the user gave
you, write a value an earlier call returns as that result's bare name), so each call that ran
becomes a plan line this way:

* a value the agent passed before any result held it is one the user gave (stated, or worked
  out from the request: "next Friday"): a literal, wherever it is passed again;
* but the arrival place and the day of a travel search (a bus, a train, a flight) are what the
  calls after it depend on ("book a table there that day", as the suites' generator writes
  them: ``authoring/places.py``): a dependency on that search's field;
* a value that first appeared in an earlier call's record (the record executed mode binds:
  the result, or the first of a list) is a dependency on that record's field: the earliest
  such call, the field named like the argument first, then the record's order; a field some
  call in between also has is passed over (a plan running there would bind it anew);
* booleans and numbers are literals (values the user states, not results), as is every
  argument that is none of the above (as plans and goals write values: ``canonical``);
  arguments the model left out are left out, as a planner leaves out optional ones;
* a call returns the fields later calls depend on, and those of its record the agent's final
  reply states (what it told the user it found: ``Weather.get_weather.temperature``), but for
  values some call was given (a booking's record echoes its own arguments: a planner writes
  ``reserverestaurant(...)`` with no results).

Calls that failed (an error of the service, arguments it rejected, a call refused at the
permission boundary) change nothing and are not in the plan; the task page keeps them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from assistworld.apps import services
from assistworld.paradigms.appbench.tasks.model import Argument, ArgumentKind, Call
from assistworld.tools.events import ToolEvent

_MIN_STATED_CHARS = 2
"""A record's value this short is not looked for in the reply (``1`` is in every text)."""
TRAVEL_ARRIVALS = {
    "findbus": ("to_city", "departure_date"),
    "findtrains": ("to", "date_of_journey"),
    "searchonewayflight": ("destination_airport", "departure_date"),
    "searchroundtripflights": ("destination_airport", "departure_date"),
}
"""The travel searches, and the fields of their records that say where and when they arrive."""


def called_plan(calls: Sequence[tuple[ToolEvent, Sequence[str]]], reply: str) -> list[Call]:
    """The plan of ``calls`` (each event with the names of the arguments the model gave, in
    its order) and the agent's final ``reply`` (see the module docstring)."""
    made = [(event, given) for event, given in calls if event.ok and event.app is not None]
    records = [_record(event.result) for event, _ in made]
    returns: list[list[str]] = [[] for _ in made]
    arguments: list[dict[str, Argument]] = []
    given_first: set[str] = set()
    found_first: set[str] = set()
    for index, (event, given) in enumerate(made):
        mine: dict[str, Argument] = {}
        for name in given:
            if name not in event.arguments:
                continue
            value = event.arguments[name]
            source = _arrival(value, made, records, index)
            if source is None and _key(value) in found_first:
                source = _source(value, name, records, index)
            if source is None:
                mine[services.plan_name(name)] = Argument(
                    kind=ArgumentKind.LITERAL, value=services.canonical(value)
                )
                continue
            producer, field = source
            if field not in returns[producer]:
                returns[producer].append(field)
            mine[services.plan_name(name)] = Argument(kind=ArgumentKind.VARIABLE, value=field)
        arguments.append(mine)
        given_first.update(_key(v) for v in event.arguments.values() if _key(v) not in found_first)
        found_first.update(_key(v) for v in records[index].values() if _key(v) not in given_first)
    passed = {_key(value) for event, _ in made for value in event.arguments.values()}
    for index, record in enumerate(records):
        for field, value in record.items():
            if field in returns[index] or _key(value) in passed:
                continue  # a value some call was given is an input echoed, not a finding
            if _states(reply, value):
                returns[index].append(field)
    return [
        Call(
            app=str(event.app),
            api=event.tool,
            arguments=arguments[index],
            returns=tuple(returns[index]),
        )
        for index, (event, _) in enumerate(made)
    ]


def _key(value: Any) -> str:
    return services.canonical(value).strip().casefold()


def _states(reply: str, value: Any) -> bool:
    """Whether ``reply`` states ``value`` (as a whole word or number, any case; a time with or
    without its seconds)."""
    if value is None or isinstance(value, bool | dict | list):
        return False
    for text in {services.canonical(value).strip(), str(value).strip()}:
        if len(text) < _MIN_STATED_CHARS:
            continue
        pattern = r"(?<![\w.:-])" + re.escape(text) + r"(?![\w:-]|\.\d)"
        if re.search(pattern, reply, re.IGNORECASE) is not None:
            return True
    return False


def _record(result: Any) -> dict[str, Any]:
    """The record a plan's call binds its returns from: the result, or the first of a list."""
    if isinstance(result, list):
        result = result[0] if result else None
    return result if isinstance(result, dict) else {}


def _result_like(value: Any) -> bool:
    """Whether a value could be an earlier call's result rather than one the user states."""
    if isinstance(value, bool | int | float) or value is None:
        return False
    text = services.canonical(value).strip()
    if text in ("True", "False") or not text:
        return False
    return not text.replace(".", "", 1).lstrip("-+").isdigit()


def _arrival(
    value: Any,
    made: Sequence[tuple[ToolEvent, Sequence[str]]],
    records: Sequence[dict[str, Any]],
    before: int,
) -> tuple[int, str] | None:
    """The latest travel search before ``before`` arriving where or when ``value`` says."""
    if not _result_like(value):
        return None
    for producer in range(before - 1, -1, -1):
        for field in TRAVEL_ARRIVALS.get(made[producer][0].tool, ()):
            if field in records[producer] and _key(records[producer][field]) == _key(value):
                between = range(producer + 1, before)
                if not any(field in records[other] for other in between):
                    return producer, field
    return None


def _source(
    value: Any, name: str, records: Sequence[dict[str, Any]], before: int
) -> tuple[int, str] | None:
    """The earliest call before ``before`` whose record holds ``value``, and the field."""
    if not _result_like(value):
        return None
    wanted = services.canonical(value).strip().casefold()
    for producer in range(before):
        record = records[producer]
        fields = sorted(record, key=lambda field: field != name)  # the argument's name first
        for field in fields:
            if services.canonical(record[field]).strip().casefold() != wanted:
                continue
            if any(field in records[between] for between in range(producer + 1, before)):
                continue
            return producer, field
    return None


__all__ = ["called_plan"]
