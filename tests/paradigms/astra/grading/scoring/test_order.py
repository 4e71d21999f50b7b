"""Evidence in order: a conversation that claims an action before taking it, or answers before
reading the source of the answer, loses the milestones that must follow the action or the read."""

from __future__ import annotations

from typing import Any

import pytest

from assistworld.paradigms.astra.grading.scoring.score import score_conversation
from assistworld.paradigms.astra.grading.scoring.spec import load_scoring_spec

from .helpers import NOTES, Note, Talk

SARA = {"id": "p1", "name": "Sara Lind", "phone": "+44 7700 900123", "city": "Leeds"}

SEND: dict[str, Any] = {
    "milestones": [
        {"id": "looked_up", "constraints": [{"kind": "tool_call", "tool": "search_people"}]},
        {
            "id": "sent",
            "after": ["looked_up"],
            "constraints": [
                {
                    "kind": "added",
                    "table": "notes",
                    "rows": [{"body": "running late"}],
                    "measures": {"body": "contains"},
                }
            ],
        },
        {
            "id": "reported",
            "after": ["sent"],
            "constraints": [
                {"kind": "response", "text": "I texted Sara that you are running late"}
            ],
        },
    ]
}


def _claims_first(waits: int) -> Talk:
    """Looks Sara up, says the text is sent, and only then sends it."""
    talk = Talk()
    for _ in range(waits):  # quiet messages the scorer folds together
        talk.user("Text Sara that I'm running late")
    talk.call("search_people", [SARA], name="Sara")
    talk.say("Done: I texted Sara that you're running late.")
    talk.send_note("n1", "+44 7700 900123", "Running late, sorry!")
    return talk


@pytest.mark.parametrize("waits", [1, 5])
def test_saying_it_is_done_before_doing_it_loses_the_report(waits: int) -> None:
    talk = _claims_first(waits)
    result = score_conversation(talk.conversation(), load_scoring_spec(SEND))
    looked_up, sent, reported = result.milestones
    # the claim alone would score its ROUGE-L, about 0.8, but only where "sent" scores 0: the
    # best match keeps the send and drops the report
    assert (looked_up.similarity, sent.similarity, reported.similarity) == (1.0, 1.0, 0.0)
    assert result.milestone_score == pytest.approx(2 / 3)  # (1 + 1 + 0) / 3
    said = waits + 2  # the claim's index
    assert sent.index is not None and sent.index > said
    (claim,) = reported.constraints
    assert claim.evidence_index == said and claim.similarity == 0.0
    assert f"(message {said}) comes before message {sent.index}" in claim.note


def test_saying_it_again_after_doing_it_earns_the_report() -> None:
    talk = _claims_first(1)
    talk.say("As I said, I texted Sara that you are running late.")
    result = score_conversation(talk.conversation(), load_scoring_spec(SEND))
    reported = result.milestones[2]
    assert reported.index == len(talk.messages) - 1
    assert 0.5 < reported.similarity < 1.0  # ROUGE-L of the second telling
    assert result.milestone_score == pytest.approx((2 + reported.similarity) / 3)


def test_a_message_that_calls_and_says_so_may_serve_both() -> None:
    # the bound is inclusive: text in the message whose call a predecessor matched counts
    talk = Talk()
    talk.user("Look Sara up and tell me")
    talk.call("search_people", [SARA], name="Sara")
    spec = {
        "milestones": [
            {"id": "looked_up", "constraints": [{"kind": "tool_call", "tool": "search_people"}]},
            {
                "id": "told",
                "after": ["looked_up"],
                "constraints": [{"kind": "response", "text": "Leeds", "measure": "contains"}],
            },
        ]
    }
    talk.messages[1]["content"] = "Looking her up again; she lives in Leeds."
    result = score_conversation(talk.conversation(), load_scoring_spec(spec))
    assert result.milestone_score == 1.0
    assert [m.index for m in result.milestones] == [1, 1]


ANSWER: dict[str, Any] = {
    "milestones": [
        {
            "id": "read",
            "constraints": [
                {"kind": "tool_call", "tool": "search_people", "arguments": {"name": "Sara"}}
            ],
        },
        {
            "id": "city",
            "after": ["read"],
            "constraints": [{"kind": "response", "text": "Leeds", "measure": "contains"}],
        },
        {
            "id": "phone",
            "after": ["read"],
            "constraints": [{"kind": "response", "text": "+44 7700 900123", "measure": "contains"}],
        },
    ]
}


def test_answering_before_reading_cannot_have_both_the_read_and_the_answers() -> None:
    talk = Talk()
    talk.user("Where does Sara live, and what is her number?")
    talk.say("Sara lives in Leeds; her number is +44 7700 900123.")  # a guess, or a leak
    talk.call("search_people", [SARA], name="Sara")
    result = score_conversation(talk.conversation(), load_scoring_spec(ANSWER))
    # either the read counts and both answers (said before it) do not, 1 + 0 + 0, or the read
    # is matched before it happened, 0 + 1 + 1: the best is the second, 2/3 (it was 1 before)
    assert [m.similarity for m in result.milestones] == [0.0, 1.0, 1.0]
    assert result.milestone_score == pytest.approx(2 / 3)
    assert result.score == pytest.approx(2 / 3)


def test_answering_before_a_read_that_itself_follows_a_lookup() -> None:
    talk = Talk()
    talk.user("Where does Sara live?")
    talk.call("list_contacts", [{"id": "p1"}])
    talk.say("Sara lives in Leeds.")  # before reading her record
    talk.call("search_people", [SARA], name="Sara")
    spec = {
        "milestones": [
            {"id": "listed", "constraints": [{"kind": "tool_call", "tool": "list_contacts"}]},
            {
                "id": "read",
                "after": ["listed"],
                "constraints": [{"kind": "tool_call", "tool": "search_people"}],
            },
            {
                "id": "city",
                "after": ["read"],
                "constraints": [{"kind": "response", "text": "Leeds", "measure": "contains"}],
            },
        ]
    }
    result = score_conversation(talk.conversation(), load_scoring_spec(spec))
    # keeping the answer means matching the read where the latest call is still the listing:
    # listed 1 + read 0 + city 1 = 2, the same as listed 1 + read 1 + city 0
    assert result.milestone_score == pytest.approx(2 / 3)
    assert sorted(m.similarity for m in result.milestones) == [0.0, 1.0, 1.0]


def test_an_answer_split_around_the_read_keeps_only_what_came_after() -> None:
    talk = Talk()
    talk.user("Where does Sara live, and what is her number?")
    talk.say("She lives in Leeds, I think; let me check her number.")
    talk.call("search_people", [SARA], name="Sara")
    talk.say("Her number is +44 7700 900123.")
    result = score_conversation(talk.conversation(), load_scoring_spec(ANSWER))
    read, city, phone = result.milestones
    assert (read.similarity, city.similarity, phone.similarity) == (1.0, 0.0, 1.0)
    assert result.milestone_score == pytest.approx(2 / 3)


def test_a_tool_call_before_its_predecessor_does_not_count() -> None:
    # the send's arguments come from the lookup: a send before the lookup misses "sent_call"
    spec = {
        "milestones": [
            {"id": "looked_up", "constraints": [{"kind": "tool_call", "tool": "search_people"}]},
            {
                "id": "sent_call",
                "after": ["looked_up"],
                "constraints": [{"kind": "tool_call", "tool": "send_note"}],
            },
        ]
    }
    talk = Talk()
    talk.user("Text Sara")
    talk.send_note("n1", "+44 7700 900123", "Running late")
    talk.call("search_people", [SARA], name="Sara")
    result = score_conversation(talk.conversation(), load_scoring_spec(spec))
    # the lookup and the send can not both count: 1 + 0 either way (2 in the old reading)
    assert sorted(m.similarity for m in result.milestones) == [0.0, 1.0]
    assert result.milestone_score == 0.5


def _ask_then_write(since: str, write_first: bool) -> float:
    spec = {
        "milestones": [
            {
                "id": "asked",
                "constraints": [{"kind": "response", "text": "?", "measure": "contains"}],
            },
            {
                "id": "wrote",
                "after": ["asked"],
                "constraints": [
                    {"kind": "added", "table": "notes", "since": since, "rows": [{"to": "+1"}]}
                ],
            },
        ]
    }
    talk = Talk()
    talk.user("Send the note")
    if write_first:
        talk.send_note("n1", "+1", "hi")
        talk.say("Which note did you mean?")
    else:
        talk.say("Which note did you mean?")
        talk.send_note("n1", "+1", "hi")
    return score_conversation(talk.conversation(), load_scoring_spec(spec)).milestone_score


def test_world_state_carries_forward_unless_the_change_is_asked_of_the_message() -> None:
    # a row added before the question is still there after it: `since: start` reads the world
    # as it stands; `since: message` asks for the change at the matched message itself
    assert _ask_then_write("start", write_first=False) == 1.0
    assert _ask_then_write("start", write_first=True) == 1.0
    assert _ask_then_write("message", write_first=False) == 1.0
    assert _ask_then_write("message", write_first=True) == 0.5


def test_the_world_alone_is_never_out_of_order() -> None:
    talk = Talk()
    talk.user("Note it down")
    talk.world.table(NOTES)["n0"] = Note(to="+1", body="first")
    talk.world.record_write()
    talk.call("write_note", None)
    spec = {
        "milestones": [
            {"id": "called", "constraints": [{"kind": "tool_call", "tool": "write_note"}]},
            {
                "id": "there",
                "after": ["called"],
                "constraints": [{"kind": "snapshot", "table": "notes", "rows": [{"to": "+1"}]}],
            },
        ]
    }
    result = score_conversation(talk.conversation(), load_scoring_spec(spec))
    assert result.milestone_score == 1.0


def test_quiet_messages_folded_together_do_not_blur_the_order() -> None:
    # the scorer tries only a few of the quiet user messages between the answer and the read;
    # the answer (message 5) is still before the read (message 9)
    talk = Talk()
    for _ in range(5):
        talk.user("Where does Sara live?")
    talk.say("In Leeds.")
    for _ in range(3):
        talk.user("Are you sure?")
    talk.call("search_people", [SARA], name="Sara Lind")
    spec = {
        "milestones": [
            {
                "id": "read",
                "constraints": [
                    {
                        "kind": "tool_call",
                        "tool": "search_people",
                        "arguments": {"name": "Sara"},
                        "measures": {"name": "rouge_l"},
                    }
                ],
            },
            {
                "id": "city",
                "after": ["read"],
                "constraints": [{"kind": "response", "text": "Leeds", "measure": "contains"}],
            },
        ]
    }
    result = score_conversation(talk.conversation(), load_scoring_spec(spec))
    read, city = result.milestones
    # the read (ROUGE-L 2/3 for "Sara Lind") and the earlier answer cannot both count; the
    # answer alone is worth more
    assert (read.similarity, city.similarity) == (0.0, 1.0)
    assert result.milestone_score == 0.5
