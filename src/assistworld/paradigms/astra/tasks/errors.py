"""A validator's errors of a scenario file, said as the author needs them.

pydantic reports ``Extra inputs are not permitted`` at ``milestones.1.constraints.0.updated.
mesures``; an author needs ``'mesures' is not a field here (did you mean measures?)`` at the line
of ``mesures:``. Each error becomes one :class:`~.scenario_marks.Problem`: its location as the
file holds it (see :func:`~.scenario_marks.as_written`), a message without the validator's
prefixes, the fields allowed where an unknown one was written, and the near misses of a
misspelt name.
"""

from __future__ import annotations

import re
import types
import typing
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from assistworld.core.suggest import did_you_mean
from assistworld.paradigms.astra.tasks.marks import Location, Problem, as_written

_HINTS = {
    "missing": "add it",
    "datetime_from_date_parsing": "write a local time such as 2025-03-14T18:30",
    "datetime_parsing": "write a local time such as 2025-03-14T18:30",
    "datetime_type": "write a local time such as 2025-03-14T18:30",
}

_LOADER_FIELDS = frozenset({"source"})
"""Fields the loader sets, not the author: not offered as a correction."""

_QUOTED = re.compile(r"'([^']*)'")


def validation_problems(
    error: ValidationError, root: Any, data: Any, file: Path, prefix: Location = ()
) -> list[Problem]:
    """One problem per error of validating ``data`` as ``root`` (a model or a type such as
    ``list[Milestone]``); ``prefix`` is where ``data`` sits in the file."""
    problems = []
    for item in error.errors(include_url=False):
        location = as_written(tuple(item["loc"]), data)
        message = _message(item, root, location, data)
        problems.append(Problem(file, (*prefix, *location), message))
    return problems


def _message(item: Any, root: Any, location: Location, data: Any) -> str:
    kind = item["type"]
    context = item.get("ctx") or {}
    if kind == "extra_forbidden" and location:
        name = str(location[-1])
        allowed = fields_at(root, location[:-1], data)
        if allowed is None:
            return f"{name!r} is not a field here: remove it, or check its spelling"
        return (
            f"{name!r} is not a field here{did_you_mean(name, allowed)}; "
            f"the fields here: {', '.join(allowed)}"
        )
    if kind == "union_tag_invalid":
        tags = _QUOTED.findall(str(context.get("expected_tags", "")))
        tag = str(context.get("tag", ""))
        return f"kind {tag!r} is not known{did_you_mean(tag, tags)}; use one of: {', '.join(tags)}"
    if kind == "union_tag_not_found":
        return "give its kind (a field kind: naming what sort of item this is)"
    if kind == "literal_error":
        allowed_values = _QUOTED.findall(str(context.get("expected", "")))
        given = item.get("input")
        hint = did_you_mean(str(given), allowed_values) if isinstance(given, str) else ""
        return f"{given!r} is not allowed{hint}; use one of: {', '.join(allowed_values)}"
    if kind == "missing":
        return "this field is required: add it"
    message = str(item["msg"]).removeprefix("Value error, ").removeprefix("Assertion failed, ")
    advice = _HINTS.get(kind)
    return f"{message}; {advice}" if advice else message


def fields_at(root: Any, location: Location, data: Any) -> list[str] | None:
    """The field names the model at ``location`` of ``data`` (read as ``root``) allows, or
    None when no model is there."""
    kind, node = root, data
    for part in location:
        kind = _chosen(kind, node)
        if isinstance(part, int):
            kind = _item_type(kind)
            node = node[part] if isinstance(node, list) and 0 <= part < len(node) else None
        else:
            kind = _field_type(kind, part)
            node = node.get(part) if isinstance(node, Mapping) else None
        if kind is None:
            return None
    kind = _chosen(kind, node)
    if isinstance(kind, type) and issubclass(kind, BaseModel):
        return [name for name in kind.model_fields if name not in _LOADER_FIELDS]
    return None


def _chosen(kind: Any, node: Any) -> Any:
    """``kind`` without ``Annotated`` and ``Optional``; of a union of models, the one whose
    ``kind`` field ``node`` names (else the first model)."""
    while typing.get_origin(kind) is typing.Annotated:
        kind = typing.get_args(kind)[0]
    if typing.get_origin(kind) in (typing.Union, types.UnionType):
        members = [
            typing.get_args(m)[0] if typing.get_origin(m) is typing.Annotated else m
            for m in typing.get_args(kind)
        ]
        models = [m for m in members if isinstance(m, type) and issubclass(m, BaseModel)]
        named = node.get("kind") if isinstance(node, Mapping) else None
        for model in models:
            field = model.model_fields.get("kind")
            if field is not None and named in typing.get_args(field.annotation):
                return model
        others = [m for m in members if m is not type(None)]
        return models[0] if models else (others[0] if len(others) == 1 else None)
    return kind


def _item_type(kind: Any) -> Any:
    if typing.get_origin(kind) in (list, tuple):
        arguments = typing.get_args(kind)
        return arguments[0] if arguments else None
    return None


def _field_type(kind: Any, name: str) -> Any:
    if isinstance(kind, type) and issubclass(kind, BaseModel):
        field = kind.model_fields.get(name)
        return field.annotation if field is not None else None
    if typing.get_origin(kind) is dict:
        arguments = typing.get_args(kind)
        return arguments[1] if len(arguments) == 2 else None
    return None


__all__ = ["fields_at", "validation_problems"]
