"""Trajectory mutants: pure edits of a reference conversation, each rejected by its milestones
once replayed against the world (a small replay of our own tools stands in for the paradigm)."""

from __future__ import annotations

import copy
import json
from typing import Any

from assistworld.paradigms.astra.grading.scoring.conversation import Conversation
from assistworld.paradigms.astra.grading.scoring.mutants import (
    WRONG_ANSWER,
    all_mutants,
    deleted_entity,
    dropped_writes,
    extra_writes,
    wrong_answer,
    wrong_arguments,
)
from assistworld.paradigms.astra.grading.scoring.score import score_conversation
from assistworld.paradigms.astra.grading.scoring.spec import load_scoring_spec

from .helpers import NOTES, PEOPLE, Note, Talk, base_world

SARA = {"id": "p1", "name": "Sara Lind", "phone": "+44 7700 900123"}
TOM = {"id": "p2", "name": "Tom Ek", "phone": "+44 7700 900456"}


def _reference() -> list[dict[str, Any]]:
    talk = Talk()
    talk.user("Text Sara that I'm late")
    talk.call("search_people", [TOM, SARA], name="")
    talk.send_note("n1", SARA["phone"], "Running late")
    talk.say("I told Sara you are running late.")
    return talk.messages


SPEC = load_scoring_spec(
    {
        "milestones": [
            {
                "id": "sent",
                "constraints": [
                    {
                        "kind": "snapshot",
                        "table": "notes",
                        "rows": [{"to": SARA["phone"], "body": "Running late"}],
                    }
                ],
            },
            {
                "id": "told",
                "after": ["sent"],
                "constraints": [{"kind": "response", "text": "I told Sara you are running late"}],
            },
        ],
        "minefields": [
            {
                "id": "removed_person",
                "constraints": [{"kind": "snapshot", "table": "people", "rows": [{"_key": "p2"}]}],
            }
        ],
    }
)


def _replay(messages: list[dict[str, Any]]) -> Conversation:
    """Run the calls against a fresh world, snapshotting after each message."""
    world = base_world()
    initial = world.snapshot()
    states = []
    for message in messages:
        for call in message.get("tool_calls") or ():
            arguments = json.loads(call["function"]["arguments"])
            name = call["function"]["name"]
            if name == "send_note":
                key = f"n{len(world.table(NOTES)) + 1}"
                world.table(NOTES)[key] = Note(to=arguments["to"], body=arguments["body"])
            elif name == "remove_person":
                world.table(PEOPLE).pop(arguments["id"], None)
        states.append(world.snapshot())
    return Conversation(messages, states, initial)


def test_the_reference_scores_one_and_every_mutant_is_rejected() -> None:
    reference = _reference()
    assert score_conversation(_replay(reference), SPEC).score == 1.0
    mutants = all_mutants(reference, {"send_note"}, [("remove_person", {"id": "p1"})])
    operators = {m.operator for m in mutants}
    assert operators == {
        "wrong_recipient",
        "wrong_field",
        "extra_write",
        "dropped_write",
        "deleted_entity",
        "wrong_answer",
    }
    for mutant in mutants:
        result = score_conversation(_replay(mutant.messages), SPEC)
        assert result.score < 0.9, mutant.name


def test_mutants_are_pure_and_say_what_they_changed() -> None:
    reference = _reference()
    before = copy.deepcopy(reference)
    (recipient, body) = wrong_arguments(reference, {"send_note"})
    assert reference == before
    changed = json.loads(recipient.messages[3]["tool_calls"][0]["function"]["arguments"])
    assert changed["to"] == TOM["phone"]  # another number a tool returned, not a made-up one
    assert recipient.operator == "wrong_recipient" and "to=" in recipient.description
    # free text loses its last word (it names no number, weekday or month to get wrong)
    assert json.loads(body.messages[3]["tool_calls"][0]["function"]["arguments"])["body"] == (
        "Running"
    )
    (extra,) = extra_writes(reference, {"send_note"})
    assert len(extra.messages) == len(reference) + 2
    assert (
        extra.messages[5]["tool_calls"][0]["function"] == reference[3]["tool_calls"][0]["function"]
    )
    assert extra.messages[6]["tool_call_id"] == extra.messages[5]["tool_calls"][0]["id"]
    (dropped,) = dropped_writes(reference, {"send_note"})
    # the note is never sent: its call, its result and the emptied message are gone
    assert len(dropped.messages) == len(reference) - 2
    assert not any(
        call["function"]["name"] == "send_note"
        for message in dropped.messages
        for call in message.get("tool_calls") or ()
    )
    assert dropped.messages[-1] == reference[-1] and dropped.operator == "dropped_write"
    deletion = deleted_entity(reference, "remove_person", {"id": "p2"})
    assert deletion.index == 5 and deletion.messages[-1] == reference[-1]
    answer = wrong_answer(reference)
    assert answer is not None and answer.messages[-1]["content"] == WRONG_ANSWER
    assert wrong_answer(reference[:-1]) is None
    assert wrong_arguments(reference, set()) == [] and extra_writes(reference, set()) == []
    assert dropped_writes(reference, set()) == []


def _body_mutant(text: str, tool_results: list[Any] | None = None) -> Any:
    talk = Talk()
    talk.user("Text Sara")
    if tool_results is not None:
        talk.call("search_people", tool_results, name="")
    talk.send_note("n1", SARA["phone"], text)
    mutants = {m.name.rsplit(".", 1)[-1]: m for m in wrong_arguments(talk.messages, {"send_note"})}
    mutant = mutants.get("body")
    if mutant is None:
        return None
    call = mutant.messages[mutant.index]["tool_calls"][0]["function"]
    return json.loads(call["arguments"])["body"]


def test_free_text_gets_a_wrong_detail_never_just_a_tag() -> None:
    assert _body_mutant("See you on Sunday at 7") == "See you on Monday at 7"
    assert _body_mutant("Delivery on 2 April is fine") == "Delivery on 3 April is fine"
    assert _body_mutant("sunday works") == "monday works"
    assert _body_mutant("Back in December") == "Back in January"
    assert _body_mutant("You may come at noon") == "You may come at"  # "may": a verb here
    assert _body_mutant("Thanks") is None  # one word: no edit of it is surely wrong


def test_a_number_with_no_other_returned_gets_a_wrong_digit() -> None:
    talk = Talk()
    talk.user("Text the new number")
    talk.send_note("n1", "07700 900555", "Hi")
    (recipient,) = wrong_arguments(talk.messages, {"send_note"})
    arguments = json.loads(recipient.messages[1]["tool_calls"][0]["function"]["arguments"])
    assert arguments["to"] == "07701 900555" and recipient.operator == "wrong_recipient"


def test_a_lone_recipient_named_in_words_with_no_other_name_returned_is_left_alone() -> None:
    talk = Talk()
    talk.user("Invite Priya")
    talk.call("invite", {"ok": True}, attendees=["Priya Shah"], title="Lunch with Priya")
    mutants = wrong_arguments(talk.messages, {"invite"})
    assert [m.name.rsplit(".", 1)[-1] for m in mutants] == ["title"]
