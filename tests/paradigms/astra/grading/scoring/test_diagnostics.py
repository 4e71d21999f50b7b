"""Step- and task-level diagnostics on hand-built conversations, and their aggregation."""

from __future__ import annotations

import pytest

from assistworld.paradigms.astra.grading.scoring.constraints import ToolCallConstraint
from assistworld.paradigms.astra.grading.scoring.diagnostics import (
    Expectations,
    RowPayload,
    aggregate,
    diagnose,
)
from assistworld.paradigms.astra.grading.scoring.measures import Contains
from assistworld.paradigms.astra.grading.scoring.score import score_conversation
from assistworld.paradigms.astra.grading.scoring.spec import load_scoring_spec

from .helpers import Talk

WRITES = {"send_note"}
SARA = {"id": "p1", "name": "Sara Lind", "phone": "+44 7700 900123"}


def _conversation() -> Talk:
    talk = Talk()
    talk.user("Text Sara and Tom that I'm late")
    talk.call("search_people", [SARA], name="Sara")  # message 1, result at 2
    talk.send_note("n1", "+44 7700 900123", "I'm running late")  # 3, result 4
    talk.send_note("n2", "+44 7700 900123", "late again")  # 5: an extra write
    talk.say("Done: Sara knows you are late.")  # 7
    return talk


EXPECTED = Expectations(
    related_entities=["p1", "p2"],
    golden_writes=[
        ToolCallConstraint(
            tool="send_note",
            arguments={"to": "+44 7700 900123", "body": "late"},
            measures={"body": Contains()},
        ),
        ToolCallConstraint(tool="send_note", arguments={"to": "+44 7700 900456"}),
    ],
    expected_response="Done: Sara and Tom know you are running late.",
    kind="entity_creation",
)


def test_diagnostics_trace_every_number_to_its_message() -> None:
    talk = _conversation()
    conversation = talk.conversation()
    result = score_conversation(conversation, load_scoring_spec({}))
    found = diagnose(conversation, result, EXPECTED, WRITES, goal_met=True)
    assert found.turns == 4
    assert found.ir_recall == 0.5 and found.entities_read_at == {"p1": 2, "p2": None}
    # two golden writes, two made: the first matches exactly, the second (to Tom) never
    # happened, so the extra write to Sara is left unmatched
    first, second = found.payloads
    assert first.similarity == 1.0 and first.message_index in (3, 5)
    assert second.message_index is None and second.similarity == 0.0
    assert found.payload_accuracy == pytest.approx(0.5)
    assert len(found.extra_writes) == 1
    assert found.response_index == 7 and 0.5 < (found.response_quality or 0) < 1
    assert found.entity_creation_success == 1.0 and found.qa_success is None


def test_keywords_and_missing_expectations() -> None:
    conversation = _conversation().conversation()
    result = score_conversation(conversation, load_scoring_spec({}))
    keywords = Expectations(response_keywords=["sara", "LATE", "tom"], kind="question_answering")
    found = diagnose(conversation, result, keywords, WRITES, goal_met=True)
    assert found.response_quality == pytest.approx(2 / 3)
    assert found.qa_success == 1.0
    assert found.ir_recall is None and found.payload_accuracy is None
    assert found.extra_writes == [3, 5]


def test_a_write_tool_result_does_not_count_as_retrieval() -> None:
    talk = Talk()
    talk.send_note("n1", "x", "y")  # the result carries {"id": "n1"}
    conversation = talk.conversation()
    result = score_conversation(conversation, load_scoring_spec({}))
    found = diagnose(conversation, result, Expectations(related_entities=["n1"]), WRITES)
    assert found.ir_recall == 0.0
    found = diagnose(conversation, result, Expectations(related_entities=["n1"]), set())
    assert found.ir_recall == 1.0


def test_aggregation_averages_where_a_column_applies_and_counts() -> None:
    conversation = _conversation().conversation()
    result = score_conversation(conversation, load_scoring_spec({}))
    rows = [
        diagnose(conversation, result, EXPECTED, WRITES, goal_met=True),
        diagnose(conversation, result, Expectations(kind="question_answering"), WRITES, False),
    ]
    summary = aggregate(rows)
    assert summary["turns"].mean == 4 and summary["turns"].count == 2
    assert summary["ir_recall"].mean == 0.5 and summary["ir_recall"].count == 1
    assert summary["qa_success"].count == 1 and summary["entity_creation_success"].count == 1
    assert aggregate([])["payload_accuracy"].mean is None


def test_task_level_success_is_the_goal_reached_not_the_milestone_score() -> None:
    talk = Talk()
    talk.user("Text Sara and Tom that I'm late")
    talk.send_note("n1", "+44 7700 900123", "I'm running late")
    conversation = talk.conversation()
    spec = load_scoring_spec(
        {
            "milestones": [
                {"id": "sara", "constraints": [_added("+44 7700 900123")]},
                {"id": "tom", "constraints": [_added("+44 7700 900456")]},
            ]
        }
    )
    result = score_conversation(conversation, spec)
    assert result.milestone_score == 0.5
    expected = Expectations(kind="entity_creation")
    found = diagnose(conversation, result, expected, WRITES, goal_met=False)
    assert found.milestone_similarity == 0.5 and found.entity_creation_success == 0.0
    assert diagnose(conversation, result, expected, WRITES).entity_creation_success is None


def _added(to: str) -> dict[str, object]:
    return {
        "kind": "added",
        "table": "notes",
        "rows": [{"to": to, "body": "late"}],
        "measures": {"body": "contains"},
    }


def test_row_milestones_are_golden_payloads_and_explain_their_writes() -> None:
    talk = Talk()
    talk.user("Text Sara that I'm late")
    talk.send_note("n1", "+44 7700 900123", "I'm running late")  # 1
    talk.say("Done.")  # 3
    talk.send_note("n2", "+44 7700 900456", "late")  # 4: nobody asked for this one
    conversation = talk.conversation()
    spec = load_scoring_spec(
        {"milestones": [{"id": "sara", "constraints": [_added("+44 7700 900123")]}]}
    )
    result = score_conversation(conversation, spec)
    expected = Expectations(
        row_payloads=[RowPayload(milestone="sara", constraint=0, table="notes")]
    )
    found = diagnose(conversation, result, expected, WRITES)
    (payload,) = found.payloads
    assert payload.milestone == "sara" and payload.message_index == 1
    assert payload.similarity == 1.0
    assert found.extra_writes == [4]
    assert found.payload_accuracy == pytest.approx(0.5)


def test_a_row_payload_whose_milestone_scored_zero_explains_nothing() -> None:
    talk = Talk()
    talk.send_note("n1", "+44 7700 900456", "on time")
    conversation = talk.conversation()
    spec = load_scoring_spec(
        {"milestones": [{"id": "sara", "constraints": [_added("+44 7700 900123")]}]}
    )
    result = score_conversation(conversation, spec)
    expected = Expectations(
        row_payloads=[RowPayload(milestone="sara", constraint=0, table="notes")]
    )
    found = diagnose(conversation, result, expected, WRITES)
    assert found.payloads[0].message_index is None and found.payloads[0].similarity == 0.0
    assert found.extra_writes == [0] and found.payload_accuracy == 0.0


def test_a_fact_counts_as_said_in_any_of_its_phrasings() -> None:
    talk = Talk()
    talk.say("It is at  half past seven, at Zaap Thai.")
    conversation = talk.conversation()
    result = score_conversation(conversation, load_scoring_spec({}))
    facts = Expectations(response_keywords=[["19:30", "Half past seven"], ["Zaap Thai"], "noon"])
    found = diagnose(conversation, result, facts, WRITES)
    assert found.response_quality == pytest.approx(2 / 3)
