"""A conversation as the scorer reads it: OpenAI chat messages, and the world after each one.

``Conversation(messages, states, initial)`` takes the messages as plain dicts (``role``,
``content``, assistant ``tool_calls`` with JSON-text ``arguments``, tool ``tool_call_id``), the
world state after every message (``states[i]`` after ``messages[i]``) and the state before the
first. Everything the constraints need is derived once, here: the tool calls and their results,
the latest call and the latest text at each index, which tables each message changed, the rows
of a table at an index (shared between indices where the table did not change), and the first
message at which a tool returned each value.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from assistworld.core.json_leaves import json_leaves
from assistworld.world import WorldState, diff
from assistworld.world.tables import Shape

Row = dict[str, Any]


class ConversationError(ValueError):
    """Messages or states the scorer cannot read; the message names the index and the fix."""


class _Function(BaseModel):
    model_config = ConfigDict(extra="allow")
    name: str
    arguments: str | dict[str, Any] = "{}"


class _ToolCall(BaseModel):
    model_config = ConfigDict(extra="allow")
    id: str = ""
    function: _Function


class Message(BaseModel):
    """One chat message, read leniently (unknown members are kept and ignored)."""

    model_config = ConfigDict(extra="allow")
    role: str
    content: str | list[Any] | None = None
    tool_calls: list[_ToolCall] | None = None
    tool_call_id: str | None = None

    def text(self) -> str:
        """The message's text (text parts of a multi-part content joined)."""
        if isinstance(self.content, str):
            return self.content
        if isinstance(self.content, list):
            parts = [p.get("text", "") for p in self.content if isinstance(p, dict)]
            return "".join(str(p) for p in parts)
        return ""


@dataclass(frozen=True)
class Call:
    """A tool call the assistant made, with the result the conversation carried back."""

    name: str
    arguments: dict[str, Any]
    id: str
    index: int
    """The index of the assistant message that made the call."""
    result: Any = None
    result_index: int | None = None
    valid_arguments: bool = True


class Conversation:
    """Messages, the state after each, the state before them all; derived views for scoring."""

    def __init__(
        self,
        messages: Sequence[Mapping[str, Any]],
        states: Sequence[WorldState],
        initial: WorldState,
    ) -> None:
        if len(states) != len(messages):
            raise ConversationError(
                f"{len(messages)} messages but {len(states)} world states: give the state "
                "after every message (states[i] is the world after messages[i])"
            )
        parsed: list[Message] = []
        for index, message in enumerate(messages):
            try:
                parsed.append(Message.model_validate(message))
            except ValidationError as error:
                first = error.errors()[0]
                where = ".".join(str(p) for p in first["loc"])
                raise ConversationError(
                    f"message {index}: {where}: {first['msg']} (expected OpenAI chat format)"
                ) from None
        self.messages = parsed
        self.raw = [dict(m) for m in messages]
        self.states = list(states)
        self.initial = initial
        results = _tool_results(parsed)
        self.calls = _calls(parsed, results)
        self.calls_at: list[list[Call]] = [[] for _ in parsed]
        for call in self.calls:
            self.calls_at[call.index].append(call)
        self.latest_calls = _latest(len(parsed), lambda i: bool(self.calls_at[i]))
        self.latest_text = _latest(
            len(parsed), lambda i: parsed[i].role == "assistant" and bool(parsed[i].text().strip())
        )
        self.changed = _changed_tables(initial, self.states)
        self._revisions: dict[str, list[int]] = {}
        self._rows: dict[tuple[str, int], dict[str, Row]] = {}
        self.first_seen = _first_seen(results)
        self.results_before = _results_before(parsed)

    def __len__(self) -> int:
        return len(self.messages)

    def state(self, index: int) -> WorldState:
        """The world after message ``index`` (``-1``: before the first message)."""
        return self.initial if index < 0 else self.states[index]

    def revision(self, table: str, index: int) -> int:
        """How many messages up to ``index`` changed ``table`` (equal revisions: equal rows)."""
        revisions = self._revisions.get(table)
        if revisions is None:
            revisions, count = [], 0
            for changed in self.changed:
                count += table in changed
                revisions.append(count)
            self._revisions[table] = revisions
        return 0 if index < 0 else revisions[index]

    def rows(self, table: str, index: int) -> dict[str, Row]:
        """The rows of ``table`` after message ``index``, by key (see :func:`table_rows`)."""
        key = (table, self.revision(table, index))
        rows = self._rows.get(key)
        if rows is None:
            rows = table_rows(self.state(index), table)
            self._rows[key] = rows
        return rows

    def changed_between(self, start: int, end: int) -> set[str]:
        """Tables changed by the messages after ``start`` up to and including ``end``."""
        tables: set[str] = set()
        for index in range(start + 1, end + 1):
            tables |= self.changed[index]
        return tables

    def reused_before(self, index: int) -> Callable[[Any], bool]:
        """A test: was a value (every leaf of it) returned by a tool before message ``index``?"""

        def reused(value: Any) -> bool:
            leaves = list(_leaves(value))
            return bool(leaves) and all(self.first_seen.get(leaf, index) < index for leaf in leaves)

        return reused

    def said_to_user(self) -> list[tuple[int, str]]:
        """Every non-empty assistant text, with its message index."""
        return [
            (i, m.text())
            for i, m in enumerate(self.messages)
            if m.role == "assistant" and m.text().strip()
        ]


def table_rows(state: WorldState, table: str) -> dict[str, Row]:
    """A table's rows as JSON objects by key, each with the column ``_key`` (and ``_owner`` for
    nested tables). Keyed lists give one row per item (key ``name/position``); a row that is
    not an object is ``{"value": row}``; a missing table has no rows."""
    value = state.tables.get(table)
    if value is None:
        return {}
    declaration = state.declared.get(table)
    data = value if declaration is None else declaration.dump(value)
    shape = declaration.shape if declaration is not None else None
    if shape is None:
        shape = Shape.KEYED if isinstance(data, dict) else Shape.MEMBERS
    rows: dict[str, Row] = {}
    if shape is Shape.KEYED:
        for key, row in data.items():
            rows[str(key)] = _row(row, str(key))
    elif shape is Shape.KEYED_LISTS:
        for key, items in data.items():
            for position, row in enumerate(items):
                rows[f"{key}/{position}"] = _row(row, str(key))
    elif shape is Shape.NESTED:
        for owner, inner in data.items():
            for key, row in inner.items():
                rows[f"{owner}/{key}"] = {**_row(row, str(key)), "_owner": owner}
    else:
        for member in data:
            name = member if isinstance(member, str) else json.dumps(member, sort_keys=True)
            rows[name] = _row(member, name)
    return rows


def _row(row: Any, key: str) -> Row:
    if isinstance(row, dict):
        return {**row, "_key": key}
    return {"value": row, "_key": key}


def _tool_results(messages: list[Message]) -> dict[int, Any]:
    """Each tool message's content, decoded once (JSON, else the text), by message index."""
    return {
        index: _decoded(message.text())
        for index, message in enumerate(messages)
        if message.role == "tool"
    }


def _calls(messages: list[Message], decoded: dict[int, Any]) -> list[Call]:
    results: dict[str, tuple[int, Any]] = {}
    for index, value in decoded.items():
        call_id = messages[index].tool_call_id
        if call_id is not None:
            results.setdefault(call_id, (index, value))
    calls = []
    for index, message in enumerate(messages):
        if message.role != "assistant":
            continue
        for call in message.tool_calls or ():
            arguments, valid = _arguments(call.function.arguments)
            result_index, result = results.get(call.id, (None, None))
            calls.append(
                Call(call.function.name, arguments, call.id, index, result, result_index, valid)
            )
    return calls


def _arguments(raw: str | dict[str, Any]) -> tuple[dict[str, Any], bool]:
    if isinstance(raw, dict):
        return raw, True
    try:
        value = json.loads(raw or "{}")
    except json.JSONDecodeError:
        return {}, False
    return (value, True) if isinstance(value, dict) else ({}, False)


def _decoded(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def _latest(count: int, holds: Callable[[int], bool]) -> list[int | None]:
    latest: list[int | None] = []
    current: int | None = None
    for index in range(count):
        if holds(index):
            current = index
        latest.append(current)
    return latest


def _changed_tables(initial: WorldState, states: list[WorldState]) -> list[set[str]]:
    changed: list[set[str]] = []
    before = initial
    for after in states:
        changed.append(set() if after is before else _tables_that_differ(before, after))
        before = after
    return changed


def _tables_that_differ(before: WorldState, after: WorldState) -> set[str]:
    """Names of the tables whose rows differ (a missing table equals an empty one).

    Typed tables of the same declaration compare as Python values, which is much faster than
    the row-by-row JSON comparison of :func:`assistworld.world.diff`; anything else goes
    through it."""
    differ: set[str] = set()
    diffed: set[str] | None = None  # the tables the row diff reports, computed at most once
    for name in before.tables.keys() | after.tables.keys():
        old, new = before.tables.get(name), after.tables.get(name)
        if old is new or (not old and not new):
            continue
        mine, theirs = before.declared.get(name), after.declared.get(name)
        if mine is not None and theirs is not None and mine.same_as(theirs):
            if old != new:
                differ.add(name)
            continue
        if diffed is None:
            diffed = diff(before, after).tables()
        if name in diffed:
            differ.add(name)
    return differ


def _leaves(value: Any) -> Iterator[str]:
    """Every scalar in a JSON value, as a canonical string (strings and numbers only)."""
    for leaf in json_leaves(value):
        if isinstance(leaf, str):
            if leaf:
                yield leaf
        elif isinstance(leaf, int | float) and not isinstance(leaf, bool):
            yield json.dumps(leaf)


def _results_before(messages: list[Message]) -> list[int]:
    """For each index, how many tool results came before it (what value reuse can draw on)."""
    counts, count = [], 0
    for message in messages:
        counts.append(count)
        count += message.role == "tool"
    return counts


def _first_seen(decoded: dict[int, Any]) -> dict[str, int]:
    seen: dict[str, int] = {}
    for index, value in decoded.items():
        for leaf in _leaves(value):
            seen.setdefault(leaf, index)
    return seen
