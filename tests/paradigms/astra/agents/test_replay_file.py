"""Replay files and scenario fields that are wrong are refused with the line and the fix."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from assistworld.paradigms.astra.agents.replay_file import (
    ReplayFileError,
    read_replay_file,
    user_script,
)
from tests.paradigms.astra.helpers import scenario


def test_a_replay_file_is_read_with_its_user_turns_and_end_signal(tmp_path: Path) -> None:
    path = tmp_path / "conversations.jsonl"
    path.write_text(
        '{"query_id": "a", "messages": [{"role": "user", "content": "Cancel it."}, '
        '{"role": "assistant", "content": null, "tool_calls": [{"id": "1", "type": "function", '
        '"function": {"name": "find_events", "arguments": "{}"}}]}, '
        '{"role": "tool", "tool_call_id": "1", "content": "[]"}, '
        '{"role": "assistant", "content": "Which one?"}, '
        '{"role": "user", "content": "The first. [END goal_met]"}]}\n\n'
    )
    (messages,) = read_replay_file(path).values()
    assert messages[1].tool_calls[0].name == "find_events"
    (turn,) = user_script(messages)
    assert (turn.say, turn.end) == ("The first.", "goal_met")


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("not json", ":1: not a JSON object"),
        ('{"messages": []}', 'each line is {"query_id"'),
        ('{"query_id": "a", "messages": [{"role": "robot"}]}', "messages[0].role: must be one of"),
        (
            '{"query_id": "a", "messages": [{"role": "assistant", "tool_calls": [{"id": "1"}]}]}',
            'messages[0].tool_calls[0]: write {"id"',
        ),
        ('{"query_id": "a", "messages": [{"role": "tool", "content": "x"}]}', "tool_call_id"),
    ],
)
def test_a_bad_replay_line_is_named(tmp_path: Path, line: str, expected: str) -> None:
    path = tmp_path / "conversations.jsonl"
    path.write_text(line + "\n")
    with pytest.raises(ReplayFileError) as error:
        read_replay_file(path)
    assert expected in str(error.value) and str(path) in str(error.value)


def test_scenario_rules_are_explained() -> None:
    with pytest.raises(ValidationError, match="multi_turn scenario needs user_goal"):
        scenario(mode="multi_turn")
    with pytest.raises(ValidationError, match="success needs at least one condition"):
        scenario(success={})
    with pytest.raises(ValidationError, match="give the row's key, or the fields"):
        scenario(success={"end_state": [{"table": "user_calendar"}]})
    assert (
        scenario(
            complexity={"referential": "low", "functional": "high", "informational": "low"}
        ).complexity_labels["functional"]
        == "high"
    )
