"""The task listing: rows, JSON, the summary, and the rich renderings."""

from __future__ import annotations

import json

from rich.console import Console

from assistworld.paradigms.aspera.tasks.listing import (
    render_rows,
    render_summary,
    rows_to_json,
    summarise,
    task_rows,
)
from assistworld.paradigms.aspera.tasks.model import Task, build_task
from tests.paradigms.aspera.tasks.samples import EVALUATION, SETUP, task_fields

LIBRARY = {"add_event", "Event", "find_events", "RequiresUserInput"}

ASKING = (
    "def book_room():\n"
    "    events = find_events()\n"
    "    if not events:\n"
    "        raise RequiresUserInput('none [found]')\n"
    "    add_event(Event(subject='x'))"
)


def tasks() -> list[Task]:
    return [
        build_task(task_fields(query_id="a", category="rooms")),
        build_task(
            task_fields(
                query_id="b",
                query="Assistant, book it [urgent].",
                program=ASKING,
                category="rooms",
                state_generation_programs=[SETUP, SETUP.replace("book_room(", "book_room_2(")],
                evaluation_programs=[EVALUATION, EVALUATION],
            )
        ),
        build_task(
            task_fields(query_id="c", program="def book_room() -> list:\n    return find_events()")
        ),
    ]


def test_rows_carry_kind_pairs_and_complexity() -> None:
    rows = task_rows(tasks(), library_names=LIBRARY)
    assert [(r.query_id, r.kind, r.category, r.pairs) for r in rows] == [
        ("a", "state-changing", "rooms", 1),
        ("b", "state-changing", "rooms", 2),
        ("c", "information-seeking", None, 1),
    ]
    assert rows[1].complexity.cyclomatic_complexity == 2
    assert rows[1].complexity.primitives == [
        "Event",
        "RequiresUserInput",
        "add_event",
        "find_events",
    ]
    assert all(r.program is None for r in rows)
    assert task_rows(tasks(), with_programs=True, library_names=LIBRARY)[1].program == ASKING


def test_json_has_programs_only_when_asked() -> None:
    plain = json.loads(rows_to_json(task_rows(tasks(), library_names=LIBRARY)))
    assert "program" not in plain[0]
    assert plain[2]["complexity"]["distinct_primitives"] == 1
    full = json.loads(rows_to_json(task_rows(tasks(), with_programs=True, library_names=LIBRARY)))
    assert full[1]["program"] == ASKING


def test_summary_counts_and_complexity_statistics() -> None:
    summary = summarise(task_rows(tasks(), library_names=LIBRARY))
    assert summary.tasks == 3
    assert summary.per_category == {"(none)": 1, "rooms": 2}
    assert summary.per_kind == {"information-seeking": 1, "state-changing": 2}
    assert summary.multi_pair_tasks == 1
    assert summary.tasks_raising_requires_user_input == 1
    assert summary.complexity["cyclomatic_complexity"].model_dump() == {"mean": 1.33, "max": 2}
    # a uses add_event and Event, b four names, c only find_events: (2 + 4 + 1) / 3
    assert summary.complexity["distinct_primitives"].model_dump() == {"mean": 2.33, "max": 4}


def test_an_empty_listing_summarises_to_zeros() -> None:
    summary = summarise([])
    assert summary.tasks == 0
    assert summary.complexity["lines"].model_dump() == {"mean": 0.0, "max": 0}


def test_renderings_show_ids_queries_verbatim_and_programs() -> None:
    console = Console(record=True, width=200)
    console.print(render_rows(task_rows(tasks(), with_programs=True, library_names=LIBRARY)))
    console.print(render_summary(summarise(task_rows(tasks(), library_names=LIBRARY))))
    text = console.export_text()
    assert "Assistant, book it [urgent]." in text  # not swallowed as rich markup
    assert "raise RequiresUserInput('none [found]')" in text
    assert "reference raises RequiresUserInput" in text
    assert "cyclomatic complexity" in text
