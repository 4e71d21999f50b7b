"""A family stated as data: the engine numbers its cases, words each one with the family's
n-th phrasing and names the drafts after the world and the family."""

from __future__ import annotations

import json

import pytest

from assistworld.paradigms.astra.authoring.scenario_gen.__main__ import bundled_folder
from assistworld.paradigms.astra.authoring.scenario_gen.draft import Labels, ToolCall
from assistworld.paradigms.astra.authoring.scenario_gen.engine import (
    Case,
    FamilySpec,
    row,
    row_of,
)
from assistworld.paradigms.astra.authoring.scenario_gen.view import WorldView
from assistworld.paradigms.astra.authoring.scenario_gen.wording import MissingPhrase

LOW = Labels("low", "low", "low")


def _view() -> WorldView:
    data = json.loads((bundled_folder() / "worlds" / "amara.json").read_text(encoding="utf-8"))
    return WorldView.of("amara", data)


def _case(name: str, category: str | None = None) -> Case:
    return Case(
        fields={"first": name.split()[0], "name": name},
        reasoning=f"Call {name}.",
        calls=[ToolCall("create_outgoing_call", {"recipient": name})],
        related=[],
        facts=[[name.split()[0]]],
        rows=[row("phone_calls", {"direction": "outgoing"}, f"a call to {name}")],
        milestones=[],
        minefields=[],
        category=category,
    )


def test_cases_become_drafts_numbered_and_worded_in_order() -> None:
    cases = [_case("Ana Diaz"), _case("Bo Li", category="urgent")]
    family = FamilySpec("call_person", "calls", LOW, lambda view, lang: cases)
    drafts = family(_view(), "en")
    assert [d.name for d in drafts] == ["amara_call_person_00", "amara_call_person_01"]
    assert [d.reply for d in drafts] == ["Calling Ana Diaz now.", "I'm calling Bo Li."]
    assert [d.category for d in drafts] == ["calls", "urgent"]
    assert drafts[1].calls == [ToolCall("create_outgoing_call", {"recipient": "Bo Li"})]
    assert all(d.family == "call_person" and d.labels == LOW for d in drafts)


def test_a_family_without_phrasings_in_a_language_says_which() -> None:
    family = FamilySpec("no_such_family", "calls", LOW, lambda view, lang: [_case("Ana Diaz")])
    with pytest.raises(MissingPhrase, match=r"no_such_family\.query"):
        family(_view(), "en")


def test_a_condition_on_an_existing_row_names_its_key_before_its_state() -> None:
    gone = row_of("contacts", "c-1", "c-1 is gone", present=False)
    assert list(gone) == ["table", "key", "present", "about"]
    assert gone["present"] is False
