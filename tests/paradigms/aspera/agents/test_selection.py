"""Reading selection replies and scoring selections (hand-worked cases)."""

from __future__ import annotations

from typing import Any

import pytest

from assistworld.paradigms.aspera.agents.selection import (
    library_names_by_module,
    module_of_names,
    parse_selection,
    score_selection,
    scores_per_module,
    selection_averages,
)

MODULES = library_names_by_module()


@pytest.mark.parametrize(
    ("reply", "names", "dropped"),
    [
        ("None", (), ()),
        ("Nothing here is relevant.", (), ()),
        ("```python\nfrom time_utils import now_\n```", ("now_",), ()),
        ("from time_utils import now_ as current, get_next_dow", ("now_", "get_next_dow"), ()),
        (
            "from assistworld.apps.work_calendar import (\n    add_event,  # write\n    Event,\n)",
            ("add_event", "Event"),
            (),
        ),
        (
            "from work_calendar import add_event, \\\n    find_events",
            ("add_event", "find_events"),
            (),
        ),
        ("from time_utils import now_, teleport_user", ("now_",), ("teleport_user",)),
        ("from calendar_app import add_event", ("add_event",), ()),  # misspelt module
        ("from datetime import timedelta, datetime", (), ("timedelta", "datetime")),
        ("import collections, json", (), ("collections", "json")),
        ("from notalib import *", (), ("notalib.*",)),
    ],
)
def test_replies_are_read_tolerantly(
    reply: str, names: tuple[str, ...], dropped: tuple[str, ...]
) -> None:
    parsed = parse_selection(reply, MODULES)
    assert parsed.names == names
    assert parsed.dropped == dropped


@pytest.mark.parametrize("reply", ["import room_booking", "from room_booking import *"])
def test_a_whole_module_import_selects_all_of_it(reply: str) -> None:
    parsed = parse_selection(reply, MODULES)
    assert parsed.names == MODULES["room_booking"]
    assert parsed.whole_modules == ("room_booking",)


def test_scores_of_a_hand_worked_selection() -> None:
    # selected {a, b, c, d}; needed {a, b, e}: TP 2 (a, b), FP 2 (c, d), FN 1 (e)
    score = score_selection(["a", "b", "c", "d"], ["a", "b", "e"])
    assert (score.tp, score.fp, score.fn) == (2, 2, 1)
    assert score.precision == pytest.approx(0.5)
    assert score.recall == pytest.approx(2 / 3)
    assert score.f1 == pytest.approx(4 / 7)  # 2PR/(P+R) = (2/3)/(7/6)


@pytest.mark.parametrize(
    ("selected", "needed", "expected"),
    [
        ([], [], (1.0, 1.0, 1.0)),
        ([], ["a"], (0.0, 0.0, 0.0)),
        (["a"], [], (0.0, 0.0, 0.0)),
        (["a"], ["a"], (1.0, 1.0, 1.0)),
    ],
)
def test_edge_conventions(
    selected: list[str], needed: list[str], expected: tuple[float, float, float]
) -> None:
    score = score_selection(selected, needed)
    assert (score.precision, score.recall, score.f1) == expected


def test_scores_per_module_count_each_name_in_its_own_module() -> None:
    module_of = module_of_names(MODULES)
    report = scores_per_module(
        ["now_", "add_event", "find_employee"], ["add_event", "Event", "find_employee"], module_of
    )
    assert list(report) == ["time_utils", "work_calendar", "company_directory"]
    assert report["time_utils"]["precision"] == 0.0
    assert report["work_calendar"]["reference"] == ["Event", "add_event"]
    assert report["work_calendar"]["recall"] == pytest.approx(0.5)
    assert report["company_directory"]["f1"] == 1.0


def test_micro_and_macro_averages_over_a_run() -> None:
    details: list[dict[str, Any]] = [
        # task 1: TP 1, FP 1, FN 0 -> P 1/2, R 1, F1 2/3
        {"selected": {"time_utils": ["now_", "combine"]}, "reference_primitives": ["now_"]},
        # task 2: TP 1, FP 0, FN 3 -> P 1, R 1/4, F1 2/5
        {"selected": ["add_event"], "reference_primitives": ["add_event", "Event", "a", "b"]},
        {"selected": ["x"]},  # no reference: skipped
        {"failure": "model-call"},  # a failed task: skipped
    ]
    averages = selection_averages(details)
    assert averages.tasks == 2
    # micro: TP 2, FP 1, FN 3
    assert averages.micro["precision"] == pytest.approx(2 / 3)
    assert averages.micro["recall"] == pytest.approx(2 / 5)
    assert averages.micro["f1"] == pytest.approx(4 / 8)
    assert averages.macro["precision"] == pytest.approx((1 / 2 + 1) / 2)
    assert averages.macro["recall"] == pytest.approx((1 + 1 / 4) / 2)
    assert averages.macro["f1"] == pytest.approx((2 / 3 + 2 / 5) / 2)
    assert selection_averages([]).to_json() == {"tasks": 0, "micro": {}, "macro": {}}
