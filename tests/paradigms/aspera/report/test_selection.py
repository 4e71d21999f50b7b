"""Primitive-selection scores per primitive and module, computed against the reference."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from assistworld.paradigms.aspera.report.references import load_references
from assistworld.paradigms.aspera.report.selection import (
    OTHER_MODULE,
    library_modules_of_names,
    read_selection,
    reported_scores,
    selection_report,
)
from tests.report._runs import manifest, result, write_suite


@pytest.mark.parametrize(
    ("details", "names"),
    [
        ({"selected_primitives": ["add_event", "Event"]}, {"add_event", "Event"}),
        (
            {"selected_primitives": {"work_calendar": ["add_event"], "contacts": None}},
            {"add_event"},
        ),
        ({"selection": {"selected": ["find_employee"]}}, {"find_employee"}),
        (
            {"primitive_selection": {"primitives": {"room_booking": ["search_conference_room"]}}},
            {"search_conference_room"},
        ),
    ],
)
def test_selection_formats_that_are_read(details: dict[str, Any], names: set[str]) -> None:
    found = read_selection(details)
    assert found is not None
    assert found.names == names


@pytest.mark.parametrize(
    "details",
    [{}, {"selected_primitives": "add_event"}, {"selected_primitives": [1, 2]}, {"other": []}],
)
def test_no_selection_is_none(details: dict[str, Any]) -> None:
    assert read_selection(details) is None


def test_reported_scores_are_picked_up() -> None:
    assert reported_scores({"selection": {"precision": 0.5, "recall": 1, "f1": True}}) == {
        "precision": 0.5,
        "recall": 1.0,
    }


def test_scores_per_primitive_and_module(tmp_path: Path) -> None:
    suite = write_suite(tmp_path / "suite")
    refs = load_references(manifest(suite, [])).tasks
    # lunch_01 uses find_employee, add_event, Event, combine, ... ; count_02 uses find_events
    chosen = {"work_calendar": ["add_event", "find_events"], "contacts": ["get_contact"]}
    results = [
        result("lunch_01", "passed", agent_details={"selected_primitives": chosen}),
        result("count_02", "execution_error", agent_details={"selected_primitives": chosen}),
        result("cancel_03", "passed"),  # no selection data: not scored
    ]
    report = selection_report(results, refs, library_modules_of_names())
    assert report is not None
    assert report.tasks == 2
    modules = {m.module: m for m in report.modules}
    calendar = dict(modules["work_calendar"].primitives)
    add_event, find_events = calendar["add_event"], calendar["find_events"]
    assert (add_event.tp, add_event.fp, add_event.fn) == (1, 1, 0)
    assert add_event.precision == 0.5 and add_event.recall == 1.0
    assert add_event.f1 == pytest.approx(2 / 3)
    assert add_event.success_rate == 1.0  # lunch_01 passed
    assert (find_events.tp, find_events.fp, find_events.fn) == (1, 1, 0)
    assert find_events.success_rate == 0.0  # count_02 failed
    event = calendar["Event"]  # used by lunch_01's reference, never selected
    assert (event.tp, event.fn, event.precision, event.recall, event.f1) == (0, 1, None, 0.0, 0.0)
    assert dict(modules["contacts"].primitives)["get_contact"].fp == 2
    assert OTHER_MODULE not in modules
    overall = modules["work_calendar"].overall
    assert overall.tp == sum(c.tp for _, c in modules["work_calendar"].primitives)
    assert [m.module for m in report.modules][-1] == "contacts"


def test_without_selection_data_there_is_no_report(tmp_path: Path) -> None:
    suite = write_suite(tmp_path / "suite")
    refs = load_references(manifest(suite, [])).tasks
    assert selection_report([result("lunch_01", "passed")], refs, {}) is None


def test_reference_primitives_from_the_agent_are_used_without_a_suite() -> None:
    details = {"selected_primitives": ["a", "b"], "reference_primitives": ["b", "c"]}
    report = selection_report([result("x", "passed", agent_details=details)], {}, {})
    assert report is not None
    assert (report.overall.tp, report.overall.fp, report.overall.fn) == (1, 1, 1)
    assert [m.module for m in report.modules] == [OTHER_MODULE]
