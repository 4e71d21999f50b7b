"""Tool definitions in compact form, for small local models on CPUs.

A CPU-bound model reads every prompt token before it answers: the personal family's 27 full
definitions are about 33,000 characters (some 9,000 tokens), mostly the same text twice (the
function's docstring lists each argument, and each argument repeats its line), pydantic's
``title`` of every field, and ``anyOf [X, null]`` wrappers around optional arguments. The compact
form keeps what a model needs to call a tool correctly: the name, the docstring's first
paragraph, each argument's type, format, allowed values, default, whether it is required and its
one-line description. Size bounds are dropped from the view only: arguments are still validated
against the full schema when the call runs, and a violation comes back to the model as a tool
error.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

_KEPT_KEYS = (
    "type",
    "format",
    "enum",
    "const",
    "items",
    "properties",
    "required",
    "$ref",
    "default",
)
"""The schema keys a compact argument keeps (``description`` is added separately). ``default``
stays: without ``"default": null`` a small model reads an optional argument as one to fill, and
fills it with an empty string (``"birthday": ""``) that fails validation (seen with the bundled
model)."""


def compact_definitions(definitions: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The OpenAI tool definitions ``definitions`` in compact form (see the module's notes);
    the same tools, in the same order, with the same required arguments."""
    return [_compact_definition(definition) for definition in definitions]


def _compact_definition(definition: Mapping[str, Any]) -> dict[str, Any]:
    function = definition["function"]
    compact: dict[str, Any] = {"name": function["name"]}
    summary = first_paragraph(str(function.get("description") or ""))
    if summary:
        compact["description"] = summary
    parameters = function.get("parameters")
    if isinstance(parameters, Mapping):
        compact["parameters"] = _compact_object(parameters)
    return {"type": definition.get("type", "function"), "function": compact}


def _compact_object(schema: Mapping[str, Any]) -> dict[str, Any]:
    properties = schema.get("properties") or {}
    result: dict[str, Any] = {
        "type": "object",
        "properties": {name: _compact_schema(value) for name, value in properties.items()},
    }
    if schema.get("required"):
        result["required"] = list(schema["required"])
    defs = schema.get("$defs")
    if isinstance(defs, Mapping):
        result["$defs"] = {name: _compact_schema(value) for name, value in defs.items()}
    return result


def _compact_schema(schema: Any) -> Any:
    """One argument's schema without titles, size bounds, null alternatives or defaults."""
    if not isinstance(schema, Mapping):
        return schema
    schema = _without_null(schema)
    if schema.get("type") == "object" and "properties" in schema:
        compact = _compact_object(schema)
    else:
        compact = {key: schema[key] for key in _KEPT_KEYS if key in schema}
        if isinstance(compact.get("items"), Mapping):
            compact["items"] = _compact_schema(compact["items"])
        if "anyOf" in schema:
            compact["anyOf"] = [_compact_schema(option) for option in schema["anyOf"]]
    description = first_paragraph(str(schema.get("description") or ""))
    if description:
        compact["description"] = description
    return compact


def _without_null(schema: Mapping[str, Any]) -> Mapping[str, Any]:
    """``anyOf: [X, {type: null}]`` as X, keeping the outer description and default (an optional
    argument is told by its absence from ``required`` and its ``"default": null``)."""
    options = schema.get("anyOf")
    if not isinstance(options, list):
        return schema
    kept = [option for option in options if option != {"type": "null"}]
    if len(kept) != 1 or not isinstance(kept[0], Mapping):
        return schema if len(kept) == len(options) else {**schema, "anyOf": kept}
    merged = dict(kept[0])
    for key in ("description", "default"):
        if key in schema:
            merged[key] = schema[key]
    return merged


def first_paragraph(text: str) -> str:
    """The text up to its first blank line, on one line."""
    paragraph = text.strip().split("\n\n", 1)[0]
    return " ".join(paragraph.split())


__all__ = ["compact_definitions", "first_paragraph"]
