"""Tool calls that a model wrote as text, read back into calls.

Small local models often write their call instead of emitting it in the form the server parses:
Qwen2.5 models write ``<tool_call>{"name": ..., "arguments": {...}}</tool_call>`` (the Hermes
format of their chat template) or a fenced JSON block holding the same object, and llama.cpp
leaves either as plain text when its template parser does not recognise it. This module finds
such calls: tagged blocks, fenced JSON blocks, or a reply that is itself one JSON object or a list
of them. An object counts only if it names one of the request's tools and has an object of
arguments (``arguments`` or ``parameters``); if any candidate does not, the text is left alone.
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection
from typing import Any

from assistworld.llm.chat import ToolCall

_TAGGED = re.compile(r"<tool_call>\s*(.*?)\s*(?:</tool_call>|$)", re.DOTALL)
_FENCED = re.compile(r"```(?:json|tool_call)?\s*\n(.*?)\n?```", re.DOTALL)


def _objects(text: str) -> list[Any] | None:
    try:
        value = json.loads(text)
    except json.JSONDecodeError:
        return None
    return value if isinstance(value, list) else [value]


def _call(value: Any, names: Collection[str], index: int) -> ToolCall | None:
    if not isinstance(value, dict) or value.get("name") not in names:
        return None
    arguments = value.get("arguments", value.get("parameters", {}))
    if isinstance(arguments, str):
        try:
            arguments = json.loads(arguments)
        except json.JSONDecodeError:
            return None
    if not isinstance(arguments, dict):
        return None
    return ToolCall(id=f"call_{index}", name=str(value["name"]), arguments=json.dumps(arguments))


def tool_calls_from_text(text: str, names: Collection[str]) -> tuple[str, tuple[ToolCall, ...]]:
    """``(remaining text, calls)`` read from ``text``; ``(text, ())`` when it holds no call."""
    for pattern in (_TAGGED, _FENCED):
        blocks = list(pattern.finditer(text))
        if not blocks:
            continue
        values: list[Any] = []
        for block in blocks:
            found = _objects(block.group(1))
            if found is None:
                return text, ()
            values.extend(found)
        calls = [_call(value, names, index) for index, value in enumerate(values)]
        if not calls or any(call is None for call in calls):
            return text, ()
        remaining = pattern.sub("", text).strip()
        return remaining, tuple(call for call in calls if call is not None)
    whole = _objects(text.strip())
    if whole:
        calls = [_call(value, names, index) for index, value in enumerate(whole)]
        if all(call is not None for call in calls):
            return "", tuple(call for call in calls if call is not None)
    return text, ()


def tool_names(tools: Collection[dict[str, Any]] | None) -> frozenset[str]:
    """The function names of a request's tool definitions."""
    return frozenset(str(tool["function"]["name"]) for tool in tools or ())


__all__ = ["tool_calls_from_text", "tool_names"]
