"""Replay files: one JSON line per scenario, ``{"query_id": "...", "messages": [...]}``.

``messages`` is a conversation in the OpenAI chat format: the user's messages (the first is the
scenario's query; later ones are the user's replies in a multi-turn scenario, and a user message
may end with an end signal such as ``[END goal_met]``), the assistant's messages with their
``tool_calls``, and optionally the ``tool`` results, which are ignored: every call is run again
against the scenario's world.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from assistworld.agents.transcript import MessageFormatError, message_from_openai
from assistworld.llm.chat import ChatMessage
from assistworld.paradigms.astra.scenario import ScriptedTurn
from assistworld.paradigms.astra.users import parse_end_signal


class ReplayFileError(ValueError):
    """A replay file cannot be read; the message names the line and the fix."""


def parse_messages(raw: Any, where: str) -> list[ChatMessage]:
    """A list of OpenAI-format messages; :class:`ReplayFileError` naming the bad one."""
    if not isinstance(raw, list):
        raise ReplayFileError(f"{where}: messages must be a list of chat messages")
    try:
        return [message_from_openai(item, f"{where}: messages[{i}]") for i, item in enumerate(raw)]
    except MessageFormatError as error:
        raise ReplayFileError(str(error)) from None


def read_replay_file(path: Path) -> dict[str, list[ChatMessage]]:
    """``query_id -> messages`` from a replay file (a later line for the same id wins)."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as error:
        raise ReplayFileError(f"cannot read --programs {path}: {error}") from None
    conversations: dict[str, list[ChatMessage]] = {}
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        where = f"{path}:{number}"
        try:
            record = json.loads(line)
        except json.JSONDecodeError as error:
            raise ReplayFileError(f"{where}: not a JSON object: {error.msg}") from None
        if not isinstance(record, dict) or not isinstance(record.get("query_id"), str):
            raise ReplayFileError(f'{where}: each line is {{"query_id": "...", "messages": [...]}}')
        conversations[record["query_id"]] = parse_messages(record.get("messages"), where)
    return conversations


def user_script(messages: Sequence[ChatMessage]) -> list[ScriptedTurn]:
    """The user's turns after the first query, as a script (end signals read from the text)."""
    turns = []
    for message in [m for m in messages if m.role == "user"][1:]:
        said = parse_end_signal(message.content or "")
        if said.text is None and said.end is None:
            continue
        turns.append(ScriptedTurn(say=said.text, end=said.end))
    return turns


__all__ = ["ReplayFileError", "parse_messages", "read_replay_file", "user_script"]
