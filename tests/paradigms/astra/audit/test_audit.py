"""The rules of ``verify`` on conversation suites: each fails on a crafted bad scenario and holds
on the bundled one; acting without asking is the reference less its clarifying exchange; a
large audit prints counts and breaches, not one row per scenario."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from assistworld.core.registry import load_suite
from assistworld.core.suite import Suite
from assistworld.paradigms.astra.audit import command as audit
from assistworld.paradigms.astra.audit.baselines import (
    ACTED_REPLY,
    BaselinePlayer,
    ScenarioAudit,
    Verdict,
    without_acting,
    without_asking,
)
from assistworld.paradigms.astra.audit.rules import suite_rules
from assistworld.paradigms.astra.tasks.scenario import Scenario
from tests.paradigms.astra.helpers import edited_copy

BUNDLED = Path(load_suite("personal_demo").path)
PITCH = "st_05_which_pitch"
CANCEL = "st_04_push_dentist_back"
APPOINTMENT = "mt_01_cancel_appointment"
CALL_BACK = "st_03_call_back_missed"


def _edited(tmp_path: Path, query_id: str, change: Any) -> Suite:
    return load_suite(edited_copy(tmp_path, BUNDLED, query_id, change))


def _audit(suite: Suite, query_id: str) -> ScenarioAudit:
    (scenario,) = [s for s in suite.tasks if s.query_id == query_id]
    assert isinstance(scenario, Scenario)
    return asyncio.run(BaselinePlayer().audit(scenario, mutants=False))


def _verify(suite: Suite, ids: list[str] | None) -> tuple[bool, str]:
    console = Console(record=True, width=200)
    ok = asyncio.run(audit.audit_suite(suite, console, ids))
    return ok, console.export_text()


def test_the_bundled_scenarios_fail_every_baseline() -> None:
    suite = load_suite("personal_demo")
    pitch, appointment = _audit(suite, PITCH), _audit(suite, APPOINTMENT)
    assert pitch.reference is not None and pitch.reference.perfect
    assert pitch.null.fails and pitch.ask is not None and pitch.ask.fails
    assert pitch.unasked is None  # not an insufficient-context scenario
    assert appointment.ask is None  # multi-turn: asking is how it starts
    assert appointment.unasked is not None and appointment.unasked.fails


def test_always_asking_breaks_a_single_turn_scenario_whose_answer_check_it_meets(
    tmp_path: Path,
) -> None:
    def lax(data: dict[str, Any]) -> None:
        data["success"] = {"answer": [{"any_of": ["you"], "about": "says something"}]}
        data["milestones"], data["minefields"] = [], []

    suite = _edited(tmp_path, PITCH, lax)
    found = _audit(suite, PITCH)
    assert found.ask is not None and found.ask.passed and not found.ask.fails
    ok, text = _verify(suite, [PITCH])
    assert not ok
    assert "break always asking fails every single-turn scenario" in text
    assert f"{PITCH}: passes, S=1.00 (passed)" in text


def test_acting_without_asking_breaks_a_scenario_that_does_not_demand_the_question(
    tmp_path: Path,
) -> None:
    def lax(data: dict[str, Any]) -> None:
        del data["success"]["answer"]
        data["milestones"] = [m for m in data["milestones"] if m["id"] != "asked_which"]
        (cancelled,) = [m for m in data["milestones"] if m["id"] == "dentist_cancelled"]
        cancelled["after"] = ["looked_up_next_week"]

    suite = _edited(tmp_path, APPOINTMENT, lax)
    found = _audit(suite, APPOINTMENT)
    assert found.reference is not None and found.reference.perfect  # the reference still passes
    assert found.unasked is not None and found.unasked.perfect
    ok, text = _verify(suite, [APPOINTMENT])
    assert not ok and "acting without asking fails every insufficient-context scenario" in text
    assert "0 of 1 fail" in text


def test_answering_without_acting_breaks_a_scenario_that_asks_for_nothing(tmp_path: Path) -> None:
    def lax(data: dict[str, Any]) -> None:
        data["success"] = {
            "end_state": [
                {"table": "personal_calendar", "key": "ev-dentist", "still": True, "about": "kept"}
            ]
        }
        data["milestones"], data["minefields"] = [], []

    suite = _edited(tmp_path, CANCEL, lax)
    found = _audit(suite, CANCEL)
    assert found.null.passed and found.null.score == 1.0
    ok, text = _verify(suite, [CANCEL])
    assert not ok and f"{CANCEL}: passes, S=1.00" in text


def test_a_reference_below_one_breaks_the_first_rule(tmp_path: Path) -> None:
    def wrong(data: dict[str, Any]) -> None:
        data["success"]["end_state"][0]["where"]["starts_at"] = "2025-03-18T10:30"

    ok, text = _verify(_edited(tmp_path, CANCEL, wrong), [CANCEL])
    assert not ok and "the reference passes every scenario with S = 1" in text
    assert f"{CANCEL}: fails" in text and "the dentist at 09:30-10:00" in text


def test_a_baseline_fails_only_when_neither_figure_credits_it() -> None:
    assert Verdict(passed=False, score=0.5, outcome="end_state_wrong").fails
    assert not Verdict(passed=True, score=0.5, outcome="passed").fails  # counted as a pass
    assert not Verdict(passed=False, score=1.0, outcome="answer_incomplete").fails  # full S


def test_acting_without_asking_drops_the_question_and_the_answers_keeps_every_call() -> None:
    (scenario,) = [s for s in load_suite("personal_demo").tasks if s.query_id == APPOINTMENT]
    unasked = without_asking(scenario.reference)
    assert [m["role"] for m in unasked] == ["user", "assistant", "assistant", "assistant"]
    calls = [m["tool_calls"][0]["function"]["name"] for m in unasked if m.get("tool_calls")]
    assert calls == ["search_calendar_events", "remove_calendar_event"]
    assert unasked[-1]["content"].startswith("Done: your dentist appointment")
    assert scenario.reference[2]["content"].endswith("Which one should I cancel?")  # unchanged


def test_a_reference_that_ends_on_its_question_is_answered_with_action_instead() -> None:
    reference = [
        {"role": "user", "content": "Book the usual."},
        {"role": "assistant", "content": "Which restaurant do you mean?"},
    ]
    unasked = without_asking(reference)
    assert unasked == [reference[0], {"role": "assistant", "content": ACTED_REPLY}]


def test_a_large_audit_prints_counts_and_breaches_not_a_row_per_scenario(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_reference(data: dict[str, Any]) -> None:
        data["reference"] = []

    suite = _edited(tmp_path, PITCH, no_reference)
    monkeypatch.setattr(audit, "ROWS_SHOWN", 2)
    ok, text = _verify(suite, [PITCH, CANCEL, APPOINTMENT])
    assert not ok
    assert "grader health" not in text and "3 scenarios audited" in text
    assert f"{PITCH}: no reference conversation" in text
    assert CANCEL not in text  # a sound scenario is only counted


def test_replying_as_the_reference_without_acting_keeps_every_word_and_no_call() -> None:
    (scenario,) = [s for s in load_suite("personal_demo").tasks if s.query_id == APPOINTMENT]
    replied = without_acting(scenario.reference)
    assert all("tool_calls" not in m and m["role"] != "tool" for m in replied)
    said = [m["content"] for m in scenario.reference if m["role"] != "tool" and m.get("content")]
    assert [m["content"] for m in replied] == said
    found = _audit(load_suite("personal_demo"), APPOINTMENT)
    assert found.replied is not None and found.replied.fails
    assert found.replied.outcome == "end_state_wrong"


def test_a_baseline_reply_that_passes_a_stateful_scenario_breaks_its_rule() -> None:
    credited = Verdict(passed=True, score=1.0, outcome="passed")
    loose = ScenarioAudit(
        query_id="loose",
        stateful=True,
        single_turn=True,
        insufficient_context=False,
        null=Verdict(passed=False, score=0.0, outcome="end_state_wrong"),
        replied=credited,
    )
    rules = suite_rules([loose], mutants=False)
    (rule,) = [r for r in rules if r.demand.startswith("replying as the reference")]
    assert [b.query_id for b in rule.breaches] == ["loose"] and not rule.rule().holds


def test_an_effect_the_starting_world_already_holds_breaks_the_start_rule(
    tmp_path: Path,
) -> None:
    def already(data: dict[str, Any]) -> None:
        data["success"]["end_state"].append(
            {"table": "personal_calendar", "key": "ev-review", "about": "the review is there"}
        )

    suite = _edited(tmp_path, CANCEL, already)
    found = _audit(suite, CANCEL)
    assert found.held_at_start == ["the review is there"]
    assert found.reference is not None and not found.reference.passed  # nobody made it
    ok, text = _verify(suite, [CANCEL])
    assert not ok and "no effect condition already holds in the starting world" in text
    assert f"{CANCEL}: the review is there" in text


def test_a_still_condition_the_starting_world_does_not_meet_breaks_the_start_rule(
    tmp_path: Path,
) -> None:
    def unmet(data: dict[str, Any]) -> None:
        data["success"]["end_state"].append(
            {"table": "personal_calendar", "key": "ev-gone", "still": True, "about": "kept"}
        )

    found = _audit(_edited(tmp_path, CANCEL, unmet), CANCEL)
    assert found.held_at_start == ["kept (still, but not so at the start)"]


def test_an_effect_naming_no_one_breaks_the_subject_rule(tmp_path: Path) -> None:
    def anyone(data: dict[str, Any]) -> None:
        (row,) = data["success"]["end_state"]
        del row["where"]["number"]

    suite = _edited(tmp_path, CALL_BACK, anyone)
    found = _audit(suite, CALL_BACK)
    assert found.unnamed == ["an outgoing call to Grace"]
    ok, text = _verify(suite, [CALL_BACK])
    assert not ok and "every effect condition names whom or what it concerns" in text
