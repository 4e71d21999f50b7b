"""Tool calls a small model wrote as text are read back into calls, and only those."""

from __future__ import annotations

import json

from assistworld.llm.text_tool_calls import tool_calls_from_text

NAMES = {"search_contacts", "send_message"}


def test_a_tagged_call_in_the_hermes_form_is_read() -> None:
    call = '{"name": "search_contacts", "arguments": {"name": "Priya"}}'
    text = f"Let me look.\n<tool_call>\n{call}\n</tool_call>"
    rest, calls = tool_calls_from_text(text, NAMES)
    assert rest == "Let me look."
    assert [(c.name, json.loads(c.arguments)) for c in calls] == [
        ("search_contacts", {"name": "Priya"})
    ]


def test_a_fenced_json_call_and_a_bare_list_are_read() -> None:
    call = {"name": "search_contacts", "arguments": {"name": "Priya"}}
    fenced = f"```json\n{json.dumps(call, indent=2)}\n```"
    assert tool_calls_from_text(fenced, NAMES)[1][0].name == "search_contacts"
    both = json.dumps(
        [
            {"name": "search_contacts", "parameters": {"name": "Ann"}},
            {"name": "send_message", "arguments": '{"to": "Ann", "text": "hi"}'},
        ]
    )
    rest, calls = tool_calls_from_text(both, NAMES)
    assert rest == "" and [c.id for c in calls] == ["call_0", "call_1"]
    assert json.loads(calls[1].arguments) == {"to": "Ann", "text": "hi"}


def test_text_that_is_not_a_call_of_a_known_tool_is_left_alone() -> None:
    for text in (
        "Priya's number is 555 0100.",
        '```json\n{"name": "Priya", "phone": "555"}\n```',
        '<tool_call>{"name": "delete_everything", "arguments": {}}</tool_call>',
        '{"name": "search_contacts", "arguments": [1, 2]}',
        "```python\nprint('hi')\n```",
    ):
        assert tool_calls_from_text(text, NAMES) == (text, ())
