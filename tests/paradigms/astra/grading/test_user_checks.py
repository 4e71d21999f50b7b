"""The simulated-user checks on hand-made conversations: each failure flagged, and the ordinary
behaviour next to it (a repeated "yes", a fact the assistant said first) left alone."""

from __future__ import annotations

from typing import Any

import pytest

from assistworld.paradigms.astra.grading.user_checks import (
    UserChecks,
    check_conversation,
    is_long_repeat,
    knowledge_of,
    mentions,
    names_tool,
    success_facts,
)
from assistworld.paradigms.astra.tasks.scenario import Scenario
from assistworld.paradigms.astra.tasks.worlds import Families
from tests.paradigms.astra.helpers import scenario

MOVE = {
    "mode": "multi_turn",
    "query": "Move my meeting with Priya.",
    "user_goal": "Move the 1:1 with Priya to Friday at 11:30.",
    "knowledge_boundary": ["The new time is Friday at 11:30."],
    "success": {
        "answer": [["11:30"]],
        "end_state": [
            {
                "table": "user_calendar",
                "key": "ev1",
                "where": {"starts_at": "2025-03-14T11:30:00", "subject": "1:1 Priya"},
            }
        ],
    },
}


def tools() -> list[str]:
    return [tool.name for tool in Families().get("workplace").toolset]


def checked(
    task: Scenario, turns: list[dict[str, Any]], end: str | None = "turn_limit"
) -> UserChecks:
    messages = [{"role": "system", "content": "You help."}, {"role": "user", "content": task.query}]
    return check_conversation([*messages, *turns], end, knowledge_of(task, tools()))


def user(text: str) -> dict[str, Any]:
    return {"role": "user", "content": text}


def assistant(text: str, calls: bool = False) -> dict[str, Any]:
    tool_calls = [{"id": "c1", "type": "function", "function": {"name": "find_events"}}]
    return {"role": "assistant", "content": text, "tool_calls": tool_calls if calls else []}


ACTED = [assistant("", calls=True), {"role": "tool", "tool_call_id": "c1", "content": "[]"}]


@pytest.mark.parametrize(
    "words",
    [
        "You can use the find_events function to look it up.",
        "Sure! How can I help you today?",
        '{"name": "delete_event", "arguments": {}}',
        "I'll move it for you right away.",
        "Let me look at your calendar first.",
        "¿En qué más puedo ayudarte?",
        "Es wurde erfolgreich verschiebt.",
        "I've sent an email to Yui with the subject Book recommendation.",
        "I've modified the draft email to include the recipient.",
        'I\'ll send the message "Hello Ngozi!" to Ngozi.',
        "Le message a été envoyé avec succès.",
        "Je vais envoyer un message à Nicolás avec le texte « J'arrive ».",
    ],
)
def test_a_user_speaking_as_the_assistant_is_flagged(words: str) -> None:
    task = scenario(**MOVE)
    found = checked(task, [assistant("When to?"), user(words)])
    assert found.kinds == ["as_assistant"]
    assert found.flags[0].message == 3


@pytest.mark.parametrize(
    "words",
    [
        "Friday at 11:30, please.",
        "Can you help me move it to Friday at 11:30?",
        "Let me know when it is done.",
        "The event in my calendar, the 1:1.",
        "I have a meeting with Priya on Friday, move that one.",
        "I've already told Priya, so just move it to 11:30.",
        "I'll be there, so move it to 11:30.",
        "Je dois déplacer le café avec Valentina.",
    ],
)
def test_a_user_speaking_as_itself_is_not_flagged(words: str) -> None:
    task = scenario(**MOVE)
    assert checked(task, [assistant("When to?"), *ACTED, user(words)]).flags == []


def test_a_long_message_said_again_verbatim_is_flagged_and_a_short_one_is_not() -> None:
    task = scenario(**MOVE)
    long = "Please move it to Friday at 11:30."
    found = checked(task, [assistant("When?"), user(long), assistant("When?"), user(long)])
    assert found.kinds == ["repeated"] and found.flags[0].message == 5
    yes = [assistant("Is it the 1:1?", True), user("Yes."), assistant("Friday?"), user("yes")]
    assert checked(task, yes).flags == []


def test_a_repeat_is_compared_without_case_spaces_punctuation_or_end_signal() -> None:
    earlier = ["Please move it to Friday at 11:30."]
    assert is_long_repeat("please  move it to friday at 11:30 [END goal_met]", earlier)
    assert is_long_repeat("Move my meeting with Priya!", ["Move my meeting with Priya."])
    assert not is_long_repeat("Please move it to Friday at 11:45.", earlier)
    assert not is_long_repeat("Yes, Friday please.", ["Yes, Friday please."])  # 3 words


def test_the_first_query_said_again_counts_as_a_repeat() -> None:
    task = scenario(**MOVE)
    found = checked(task, [assistant("Hello?"), user("Move my meeting with Priya.")])
    assert found.kinds == ["repeated"]


def test_a_fact_outside_the_boundary_is_flagged_unless_the_assistant_said_it_first() -> None:
    task = scenario(**{**MOVE, "knowledge_boundary": ["It is the 1:1 with Priya."]})
    leaked = checked(task, [assistant("Which time?"), user("Make it 11:30.")])
    assert "revealed_fact" in leaked.kinds
    assert any("'11:30'" in flag.evidence for flag in leaked.flags)
    told = [assistant("Shall I move it to 11:30?"), user("Yes, 11:30 is right.")]
    assert checked(task, told).flags == []


def test_a_fact_in_the_boundary_is_the_users_to_give() -> None:
    task = scenario(**MOVE)
    assert checked(task, [assistant("Which time?"), *ACTED, user("Friday at 11:30.")]).flags == []


def test_without_a_boundary_no_fact_counts_as_revealed() -> None:
    task = scenario(**{**MOVE, "knowledge_boundary": []})
    found = checked(task, [assistant("Which time?"), *ACTED, user("Friday at 11:30.")])
    assert "revealed_fact" not in found.kinds


def test_a_user_stating_what_it_asked_to_find_answers_its_own_request() -> None:
    task = scenario(
        mode="multi_turn",
        query="When is my meeting with Priya?",
        user_goal="Find out when the 1:1 with Priya is.",
        success={"answer": [["10:00"]]},
    )
    found = checked(task, [assistant("Let me see."), user("It is at 10:00 on Friday.")])
    assert found.kinds == ["as_assistant"]
    assert "answers its own request" in found.flags[0].evidence
    after = [assistant("It is at 10:00 on Friday."), user("Great, 10:00 works.")]
    assert checked(task, after).flags == []


def test_ending_before_the_assistant_acts_is_flagged() -> None:
    task = scenario(**MOVE)
    early = checked(task, [assistant("When to?"), user("Thanks! [END goal_met]")], "goal_met")
    assert early.kinds == ["ended_early"] and early.flags[0].message is None
    assert "goal_met" in early.flags[0].evidence
    late = checked(task, [*ACTED, assistant("Moved."), user("Thanks! [END goal_met]")], "goal_met")
    assert late.flags == []
    cut = checked(task, [assistant("When to?"), user("Friday at 11:30.")], end="turn_limit")
    assert cut.flags == []


def test_a_lone_lower_case_word_or_a_question_mark_is_no_fact() -> None:
    task = scenario(
        **{
            **MOVE,
            "success": {
                "answer": [["?"], ["Priya", "Natarajan"]],
                "end_state": [
                    {"table": "emails", "where": {"folder": "sent", "subject": "Lunch plans"}},
                    {"table": "user_calendar", "key": "ev2", "present": False},
                ],
            },
        }
    )
    assert [fact.forms for fact in success_facts(task)] == [
        ("Priya", "Natarajan"),
        ("Lunch plans",),
    ]


def test_a_tool_is_named_by_its_identifier_and_a_word_only_as_a_call() -> None:
    assert names_tool("try search_contacts for it", "search_contacts")
    assert not names_tool("please replace the time", "replace")
    assert names_tool("call replace(event, time)", "replace")
    task = scenario(**MOVE)
    ordinary = [assistant("When to?"), *ACTED, user("Please replace it with Friday at 11:30.")]
    assert checked(task, ordinary).flags == []


def test_a_fact_matches_as_a_whole() -> None:
    assert mentions("at 18:45 then", "18:45")
    assert not mentions("at 18:45 then", "8:45")
    assert mentions("Subject:  lunch   PLANS", "Lunch plans")
    assert not mentions("send_emails", "send_email")


def test_the_bundled_references_raise_no_flag() -> None:
    """The suite's reference conversations are played by a well-behaved scripted user."""
    from assistworld.core.registry import load_suite

    suite = load_suite("lifelines")
    families = Families()
    multi = [
        task for task in suite.tasks if isinstance(task, Scenario) and task.mode == "multi_turn"
    ]
    assert multi
    for task in multi:
        names = [tool.name for tool in families.get(task.apps).toolset]
        messages = [m for m in task.reference if m["role"] != "system"]
        found = check_conversation(messages, "goal_met", knowledge_of(task, names))
        assert found.flags == [], task.query_id
