"""Replay files: one JSON line per scenario, ``{"query_id": "...", "messages": [...]}`` (a
conversation to replay) or ``{"query_id": "...", "program": "..."}`` (a program to run, or a list
of them: one per assistant turn).

``messages`` is a conversation in the OpenAI chat format: the user's messages (the first is the
scenario's query; later ones are the user's replies in a multi-turn scenario, and a user message
may end with an end signal such as ``[END goal_met]``), the assistant's messages with their
``tool_calls``, and optionally the ``tool`` results, which are ignored: every call is run again
against the scenario's world.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from assistworld.agents.transcript import MessageFormatError, message_from_openai
from assistworld.core.errors import UserError
from assistworld.llm.chat import ChatMessage
from assistworld.paradigms.astra.agents.users import parse_end_signal
from assistworld.paradigms.astra.tasks.scenario import ScriptedTurn


class ReplayFileError(UserError, ValueError):
    """A replay file cannot be read; the message names the line and the fix."""


def parse_messages(raw: Any, where: str) -> list[ChatMessage]:
    """A list of OpenAI-format messages; :class:`ReplayFileError` naming the bad one."""
    if not isinstance(raw, list):
        raise ReplayFileError(f"{where}: messages must be a list of chat messages")
    try:
        return [message_from_openai(item, f"{where}: messages[{i}]") for i, item in enumerate(raw)]
    except MessageFormatError as error:
        raise ReplayFileError(str(error)) from None


LINE_FORMS = (
    '{"query_id": "...", "messages": [...]} (a conversation) or '
    '{"query_id": "...", "program": "..."} (a program, or a list of programs: one per turn)'
)


@dataclass
class Replays:
    """What a replay file holds: conversations and programs, by scenario."""

    conversations: dict[str, list[ChatMessage]] = field(default_factory=dict)
    programs: dict[str, list[str]] = field(default_factory=dict)


def read_replay_file(path: Path) -> dict[str, list[ChatMessage]]:
    """``query_id -> messages`` from a replay file of conversations (see :func:`read_replays`)."""
    replays = read_replays(path)
    if replays.programs:
        first = next(iter(replays.programs))
        raise ReplayFileError(f"{path}: {first} has a program, where a conversation was expected")
    return replays.conversations


def _programs(raw: Any, where: str) -> list[str]:
    programs = [raw] if isinstance(raw, str) else raw
    if (
        not isinstance(programs, list)
        or not programs
        or not all(isinstance(p, str) and p.strip() for p in programs)
    ):
        raise ReplayFileError(
            f"{where}: program must be the program's text, or a non-empty list of program texts "
            "(one per assistant turn)"
        )
    return programs


def read_replays(path: Path) -> Replays:
    """The conversations and programs of a replay file (a later line for the same id wins)."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as error:
        raise ReplayFileError(f"cannot read --programs {path}: {error}") from None
    replays = Replays()
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        where = f"{path}:{number}"
        try:
            record = json.loads(line)
        except json.JSONDecodeError as error:
            raise ReplayFileError(f"{where}: not a JSON object: {error.msg}") from None
        if not isinstance(record, dict) or not isinstance(record.get("query_id"), str):
            raise ReplayFileError(f"{where}: each line is {LINE_FORMS}")
        query_id = record["query_id"]
        if "messages" in record and "program" in record:
            raise ReplayFileError(f"{where}: give messages or program, not both")
        replays.conversations.pop(query_id, None)
        replays.programs.pop(query_id, None)
        if "program" in record:
            replays.programs[query_id] = _programs(record["program"], where)
        elif "messages" in record:
            replays.conversations[query_id] = parse_messages(record["messages"], where)
        else:
            raise ReplayFileError(f"{where}: each line is {LINE_FORMS}")
    return replays


def user_script(messages: Sequence[ChatMessage]) -> list[ScriptedTurn]:
    """The user's turns after the first query, as a script (end signals read from the text)."""
    turns = []
    for message in [m for m in messages if m.role == "user"][1:]:
        said = parse_end_signal(message.content or "")
        if said.text is None and said.end is None:
            continue
        turns.append(ScriptedTurn(say=said.text, end=said.end))
    return turns


__all__ = [
    "LINE_FORMS",
    "ReplayFileError",
    "Replays",
    "parse_messages",
    "read_replay_file",
    "read_replays",
    "user_script",
]
