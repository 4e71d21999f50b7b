"""Milestones and minefields scored on hand-built conversations over tables of our own."""

from __future__ import annotations

import json
from typing import Any

import networkx as nx
import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from assistworld.paradigms.astra.grading.scoring.conversation import Conversation, ConversationError
from assistworld.paradigms.astra.grading.scoring.score import score_conversation
from assistworld.paradigms.astra.grading.scoring.spec import (
    Milestone,
    ScoringSpecError,
    _cycle,
    load_scoring_spec,
)

from .helpers import NOTES, PEOPLE, SLOTS, Note, Person, Slot, Talk

SARA = {"name": "Sara Lind", "phone": "+44 7700 900123"}


def _solved() -> Talk:
    """User asks to text Sara; the agent looks her up, sends the note, says so."""
    talk = Talk()
    talk.user("Text Sara that I'm running late")
    talk.call("search_people", [{"id": "p1", **SARA}], name="Sara")
    talk.send_note("n1", "+44 7700 900123", "Running late, sorry!")
    talk.say("I texted Sara that you're running late.")
    return talk


SPEC: dict[str, Any] = {
    "milestones": [
        {
            "id": "looked_up",
            "constraints": [
                {
                    "kind": "tool_call",
                    "tool": "search_people",
                    "arguments": {"name": "sara"},
                    "measures": {"name": {"kind": "exact", "ignore_case": True}},
                }
            ],
        },
        {
            "id": "sent",
            "after": ["looked_up"],
            "constraints": [
                {
                    "kind": "added",
                    "table": "notes",
                    "rows": [{"to": "+44 7700 900123", "body": "running late"}],
                    "measures": {"to": "value_reuse", "body": "contains"},
                }
            ],
        },
        {
            "id": "told",
            "after": ["sent"],
            "constraints": [
                {"kind": "response", "text": "I texted Sara that you are running late"}
            ],
        },
    ],
    "minefields": [
        {
            "id": "deleted_someone",
            "constraints": [{"kind": "removed", "table": "people", "rows": [{"_key": "p1"}]}],
        }
    ],
}


def test_a_solved_conversation_matches_every_milestone_at_the_right_message() -> None:
    talk = _solved()
    result = score_conversation(talk.conversation(), load_scoring_spec(SPEC))
    looked_up, sent, told = result.milestones
    assert (looked_up.index, looked_up.similarity) == (1, 1.0)
    assert sent.index is not None and sent.index >= 3 and sent.similarity == 1.0
    assert sent.constraints[0].rows[0].key == "n1"
    assert told.index == 5 and told.constraints[0].evidence_index == 5
    assert 0.7 < told.similarity < 1.0  # ROUGE-L of a paraphrase
    assert result.milestone_score == pytest.approx((2 + told.similarity) / 3)
    assert not result.minefield_hit and result.score == result.milestone_score


def test_a_guessed_value_fails_value_reuse() -> None:
    talk = Talk()
    talk.user("Text Sara that I'm running late")
    talk.send_note("n1", "+44 7700 900123", "Running late")  # the number was never looked up
    result = score_conversation(talk.conversation(), load_scoring_spec(SPEC))
    assert result.milestones[1].similarity == 0.0
    assert result.milestones[0].similarity == 0.0  # the lookup never happened
    assert result.score == 0.0


def test_a_minefield_hit_zeroes_the_score_and_says_where() -> None:
    talk = _solved()
    del talk.world.table(PEOPLE)["p1"]
    talk.call("remove_person", None, id="p1")
    result = score_conversation(talk.conversation(), load_scoring_spec(SPEC))
    assert result.minefield_hit and result.score == 0.0
    assert result.milestone_score > 0.9
    (mine,) = result.minefields
    assert mine.similarity == 1.0 and mine.index is not None and mine.index >= 6


def test_row_counts_must_agree_and_rows_align_optimally() -> None:
    talk = Talk()
    talk.send_note("a", "+1", "hello Sara")
    talk.send_note("b", "+2", "hello Tom")
    conversation = talk.conversation()
    two = {
        "kind": "added",
        "table": "notes",
        "measures": {"body": "rouge_l"},
        "rows": [{"to": "+2", "body": "hello Tom"}, {"to": "+1", "body": "hi Sara"}],
    }
    result = score_conversation(conversation, load_scoring_spec(_one(two)))
    (milestone,) = result.milestones
    matched = {m.target: m.key for m in milestone.constraints[0].rows}
    assert matched == {0: "b", 1: "a"}
    assert milestone.similarity == pytest.approx((1.0 * 0.5**0.5) ** 0.5)
    first = {**two, "rows": [{"to": "+1", "body": "hello Sara"}]}
    result = score_conversation(conversation, load_scoring_spec(_one(first)))
    assert result.milestones[0].similarity == 1.0  # at the first write, before the second
    assert result.milestones[0].index is not None and result.milestones[0].index < 2
    second = {**two, "rows": two["rows"][:1], "since": "message"}
    result = score_conversation(conversation, load_scoring_spec(_one(second)))
    assert (result.milestones[0].similarity, result.milestones[0].index) == (1.0, 2)
    three = {**two, "rows": [*two["rows"], {"to": "+3", "body": "x"}]}
    result = score_conversation(conversation, load_scoring_spec(_one(three)))
    assert result.milestones[0].similarity == 0.0


def test_snapshot_removed_updated_and_nested_rows() -> None:
    talk = Talk()
    people = talk.world.table(PEOPLE)
    people["p2"] = Person(name="Tom Ek", phone="+44 7700 900999", city="York")
    talk.world.table(SLOTS)["me"]["s1"] = Slot(title="dentist", hour=11)
    talk.call("edit", None)
    conversation = talk.conversation()
    updated = {
        "kind": "updated",
        "table": "people",
        "rows": [{"_key": "p2", "phone": "+44 7700 900999"}],
    }
    moved = {
        "kind": "updated",
        "table": "slots",
        "rows": [{"_owner": "me", "hour": 10}],
        "measures": {"hour": {"kind": "numeric", "tolerance": 1}},
    }
    snapshot = {
        "kind": "snapshot",
        "table": "people",
        "rows": [{"name": "Sara Lind"}, {"name": "Tom Ek", "city": "York"}],
    }
    spec = {"milestones": [{"id": "m", "constraints": [updated, moved, snapshot]}]}
    result = score_conversation(conversation, load_scoring_spec(spec))
    assert result.milestones[0].similarity == 1.0
    assert result.milestones[0].constraints[1].rows[0].key == "me/s1"


def test_the_automatic_guardrail_gates_changes_outside_the_milestone_tables() -> None:
    talk = Talk()
    talk.user("Text Sara")
    talk.world.table(PEOPLE)["p3"] = Person(name="Stray", phone="0")  # an unasked-for write
    talk.call("add_person", None, name="Stray")
    talk.send_note("n1", "+44 7700 900123", "hi")
    spec = _one({"kind": "added", "table": "notes", "rows": [{"body": "hi"}]})
    result = score_conversation(talk.conversation(), load_scoring_spec(spec))
    (milestone,) = result.milestones
    assert milestone.similarity == 0.0
    assert milestone.guardrail is not None and milestone.guardrail.unexpected == ["people"]
    unguarded = {**spec, "unguarded_tables": ["people"]}
    assert score_conversation(talk.conversation(), load_scoring_spec(unguarded)).score == 1.0
    allowed = {"milestones": [{**spec["milestones"][0], "may_change": ["people"]}]}
    assert score_conversation(talk.conversation(), load_scoring_spec(allowed)).score == 1.0


def test_a_predecessor_milestone_resets_the_guardrail_window() -> None:
    talk = Talk()
    talk.world.table(PEOPLE)["p3"] = Person(name="Ann", phone="1")
    talk.call("add_person", None, name="Ann")
    talk.send_note("n1", "1", "welcome Ann")
    spec = {
        "milestones": [
            {
                "id": "added",
                "constraints": [{"kind": "added", "table": "people", "rows": [{"name": "Ann"}]}],
            },
            {
                "id": "noted",
                "after": ["added"],
                "constraints": [
                    {
                        "kind": "added",
                        "table": "notes",
                        "since": "message",
                        "rows": [{"body": "welcome Ann"}],
                    }
                ],
            },
        ]
    }
    result = score_conversation(talk.conversation(), load_scoring_spec(spec))
    assert [m.similarity for m in result.milestones] == [1.0, 1.0]
    assert result.milestones[1].guardrail is not None
    assert result.milestones[1].guardrail.since_index == result.milestones[0].index


def test_explicit_unchanged_guardrail() -> None:
    talk = _solved()
    spec = _one({"kind": "unchanged", "table": "notes"})
    assert score_conversation(talk.conversation(), load_scoring_spec(spec)).score == 1.0
    talk.world.table(NOTES)["n9"] = Note(to="x", body="y")
    talk.say("done")
    spec = {**_one({"kind": "unchanged", "table": "people"}), "guardrails": False}
    result = score_conversation(talk.conversation(), load_scoring_spec(spec))
    assert result.score == 1.0  # matched at the start, before anything changed
    late = {
        "milestones": [
            {
                "id": "m",
                "constraints": [
                    {"kind": "response", "text": "done", "measure": "exact"},
                    {"kind": "unchanged", "table": "notes"},
                ],
            }
        ],
        "guardrails": False,
    }
    assert score_conversation(talk.conversation(), load_scoring_spec(late)).score == 0.0


def test_no_milestones_scores_one_and_no_messages_scores_zero() -> None:
    talk = _solved()
    assert score_conversation(talk.conversation(), load_scoring_spec({})).score == 1.0
    empty = Conversation([], [], talk.initial)
    result = score_conversation(empty, load_scoring_spec(SPEC))
    assert result.score == 0.0 and result.milestones[0].index is None


def test_bad_specifications_name_the_field_and_the_fix() -> None:
    cyclic = {
        "milestones": [
            {"id": "a", "after": ["b"], "constraints": [{"kind": "unchanged", "table": "t"}]},
            {"id": "b", "after": ["a"], "constraints": [{"kind": "unchanged", "table": "t"}]},
        ]
    }
    with pytest.raises(ScoringSpecError, match="cycle"):
        load_scoring_spec(cyclic, "s1.yaml")
    with pytest.raises(ScoringSpecError, match=r"s1\.yaml.*'c'"):
        load_scoring_spec(
            {
                "milestones": [
                    {
                        "id": "a",
                        "after": ["c"],
                        "constraints": [{"kind": "unchanged", "table": "t"}],
                    }
                ]
            },
            "s1.yaml",
        )
    graded = {"minefields": [{"id": "x", "constraints": [{"kind": "response", "text": "t"}]}]}
    with pytest.raises(ScoringSpecError, match="graded measure"):
        load_scoring_spec(graded)
    with pytest.raises(ScoringSpecError, match=r"milestones\.0\.constraints\.0"):
        load_scoring_spec({"milestones": [{"id": "a", "constraints": [{"kind": "wrong"}]}]})
    with pytest.raises(ConversationError, match="state after every message"):
        Conversation([{"role": "user", "content": "hi"}], [], _solved().initial)
    with pytest.raises(ConversationError, match="message 0"):
        Conversation([{"content": "hi"}], [_solved().initial], _solved().initial)


def _one(constraint: dict[str, Any]) -> dict[str, Any]:
    return {"milestones": [{"id": "m", "constraints": [constraint]}]}


def test_a_specification_round_trips_through_yaml() -> None:
    spec = load_scoring_spec(SPEC)
    text = yaml.safe_dump(spec.model_dump(mode="json"), sort_keys=False)
    assert load_scoring_spec(yaml.safe_load(text)) == spec
    shorthand = yaml.safe_load(
        "milestones:\n"
        "  - id: m\n"
        "    constraints:\n"
        "      - {kind: added, table: notes, rows: [{body: hi}], measures: {body: rouge_l}}\n"
    )
    assert load_scoring_spec(shorthand).milestones[0].constraints[0].kind == "added"


def test_a_result_is_plain_json_for_the_report() -> None:
    result = score_conversation(_solved().conversation(), load_scoring_spec(SPEC))
    data = json.loads(result.model_dump_json())
    sent = data["milestones"][1]
    assert sent["id"] == "sent" and sent["constraints"][0]["rows"][0]["key"] == "n1"
    assert data["minefields"][0]["id"] == "deleted_someone"


@given(
    st.dictionaries(
        st.sampled_from("abcdef"), st.lists(st.sampled_from("abcdef"), max_size=3), min_size=1
    )
)
def test_a_cycle_is_found_exactly_when_networkx_finds_one(edges: dict[str, list[str]]) -> None:
    unchanged = [{"kind": "unchanged", "table": "t"}]
    milestones = [
        Milestone.model_validate(
            {"id": name, "after": sorted(set(before) & set(edges)), "constraints": unchanged}
        )
        for name, before in edges.items()
    ]
    cycle = _cycle(milestones)
    after = {m.id: set(m.after) for m in milestones}
    graph = nx.DiGraph([(before, m.id) for m in milestones for before in m.after])
    graph.add_nodes_from(after)
    assert bool(cycle) == (not nx.is_directed_acyclic_graph(graph))
    for here, there in zip(cycle, cycle[1:] + cycle[:1], strict=True):
        assert there in after[here]
