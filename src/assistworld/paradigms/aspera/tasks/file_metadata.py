"""The metadata assignments at the top of a task file (``QUERY_ID = "..."`` and friends).

Values are Python literals read with :func:`ast.literal_eval`; nothing in the file is executed.
"""

from __future__ import annotations

import ast
import datetime
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from pydantic import ValidationError

from assistworld.core.suggest import did_you_mean
from assistworld.paradigms.aspera.tasks.model import Scenario

METADATA_FIELDS = ("QUERY_ID", "CATEGORY", "TAGS", "KIND", "NOW", "SCENARIO")
"""Every metadata name a task file may assign, in the order the writer emits them."""

TASK_FIELD_OF: Mapping[str, str] = MappingProxyType(
    {
        "QUERY_ID": "query_id",
        "CATEGORY": "category",
        "TAGS": "tags",
        "KIND": "kind",
        "NOW": "now",
        "SCENARIO": "scenario",
    }
)
"""Which :class:`~assistworld.paradigms.aspera.tasks.model.Task` field each metadata name sets."""

KINDS = ("information-seeking", "state-changing")


class MetadataProblem(ValueError):
    """A metadata value is not acceptable; the message says what to write instead."""


def unknown_field_message(name: str) -> str:
    """The message for an assignment to a name that is not a metadata field."""
    hint = did_you_mean(name, METADATA_FIELDS)
    allowed = ", ".join(METADATA_FIELDS)
    return f"unknown metadata field {name}{hint}; allowed fields: {allowed}"


def read_metadata_value(name: str, node: ast.expr) -> Any:
    """The Task field value that ``NAME = <node>`` sets, or :class:`MetadataProblem`."""
    try:
        value = ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        raise MetadataProblem(
            f"{name} must be a literal value (a string, list or dict), not an expression"
        ) from None
    return _CHECKS[name](value)


def _query_id(value: Any) -> str:
    if not isinstance(value, str) or not value.strip() or "\n" in value:
        raise MetadataProblem('QUERY_ID must be a non-empty one-line string, e.g. QUERY_ID = "q1"')
    return value


def _category(value: Any) -> str | None:
    if value is not None and not isinstance(value, str):
        raise MetadataProblem('CATEGORY must be a string, e.g. CATEGORY = "scheduling"')
    return value


def _tags(value: Any) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(tag, str) for tag in value):
        raise MetadataProblem('TAGS must be a list of strings, e.g. TAGS = ["rooms", "recurring"]')
    return value


def _kind(value: Any) -> str:
    if value not in KINDS:
        raise MetadataProblem(f'KIND must be "{KINDS[0]}" or "{KINDS[1]}" (or left out)')
    return str(value)


def _now(value: Any) -> datetime.datetime:
    example = 'e.g. NOW = "2024-06-25T09:06"'
    if not isinstance(value, str):
        raise MetadataProblem(f"NOW must be an ISO date-time string, {example}")
    try:
        moment = datetime.datetime.fromisoformat(value)
    except ValueError:
        raise MetadataProblem(f"NOW is not an ISO date-time: {value!r}; {example}") from None
    if moment.tzinfo is not None:
        raise MetadataProblem(f"NOW must be a naive local time without a time zone, {example}")
    return moment


def _scenario(value: Any) -> Scenario:
    if not isinstance(value, dict):
        raise MetadataProblem(
            'SCENARIO must be a dict, e.g. SCENARIO = {"apps": ["work_calendar"]}'
        )
    try:
        return Scenario.model_validate(value)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        raise MetadataProblem(f"SCENARIO[{where}]: {first['msg']}") from None


_CHECKS: Mapping[str, Callable[[Any], Any]] = MappingProxyType(
    {
        "QUERY_ID": _query_id,
        "CATEGORY": _category,
        "TAGS": _tags,
        "KIND": _kind,
        "NOW": _now,
        "SCENARIO": _scenario,
    }
)
