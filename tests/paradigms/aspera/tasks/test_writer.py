"""Writing tasks as files: exact round trips, refusals, and files that run in an editor."""

from __future__ import annotations

import datetime
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from assistworld.paradigms.aspera.tasks.errors import TaskError
from assistworld.paradigms.aspera.tasks.model import Task, build_task
from assistworld.paradigms.aspera.tasks.taskfile import load_task_file, parse_task_source
from assistworld.paradigms.aspera.tasks.writer import (
    render_task_file,
    task_file_name,
    write_task_file,
)
from tests.paradigms.aspera.tasks.samples import EVALUATION, SETUP, VALID_FILE, task_fields, write


def round_trip(task: Task) -> Task:
    return parse_task_source(render_task_file(task), task.source).task


def test_rendering_a_loaded_file_gives_back_the_same_text(tmp_path: Path) -> None:
    task = load_task_file(write(tmp_path, "count.py", VALID_FILE))
    text = render_task_file(task)
    assert parse_task_source(text, "x.py").task == task
    assert text.startswith('"""Assistant, how many meetings do I have tomorrow?"""\n\nQUERY_ID = ')
    # the main block comes before the first def, so running the file never evaluates annotations
    assert text.index('if __name__ == "__main__":') < text.index("\ndef ")


@pytest.mark.parametrize(
    "overrides",
    [
        {},
        {"category": "rooms", "tags": ["a", 'quote " and \\ backslash', "ünïcode"]},
        {"kind": "information-seeking"},
        {"now": datetime.datetime(2024, 7, 1, 14, 30)},
        {"now": datetime.datetime(2024, 7, 1, 14, 30, 15, 5)},
        {"query": 'Assistant, say "hi" \\ twice'},
        {"query": "Assistant, first line\nsecond line\n    indented third"},
        {
            "scenario": {
                "apps": ["work_calendar", "room_booking"],
                "guidelines": {"evaluation": ["sort attendees"], "runtime_setup": None},
                "simulation_tools": [],
                "a_new_field": {"nested": [1, 2.5, None, True, {}]},
            }
        },
        {
            "state_generation_programs": [SETUP, SETUP.replace("book_room(", "book_room_busy(")],
            "evaluation_programs": [
                EVALUATION,
                EVALUATION.replace("book_room(", "book_room_busy("),
            ],
        },
        {"program": "@decorated\ndef book_room():\n    # step one\n    add_event(e)\n    # done"},
    ],
)
def test_load_of_write_is_the_task(overrides: dict[str, object]) -> None:
    task = build_task(task_fields(**overrides))
    assert round_trip(task) == task


@settings(max_examples=60, deadline=None)
@given(
    query=st.text(alphabet=st.characters(codec="utf-8"), min_size=1),
    query_id=st.text(alphabet=st.characters(codec="utf-8"), min_size=1).filter(
        lambda text: text.strip() and "\n" not in text and "\r" not in text
    ),
    tags=st.lists(st.text(alphabet=st.characters(codec="utf-8"))),
    category=st.none() | st.text(alphabet=st.characters(codec="utf-8")),
)
@example(query="\x00", query_id="0", tags=[], category=None)  # once written raw: unreadable
@example(query="a\rb", query_id="0", tags=[], category=None)
def test_round_trip_holds_for_arbitrary_text_fields(
    query: str, query_id: str, tags: list[str], category: str | None
) -> None:
    try:
        task = build_task(task_fields(query=query, query_id=query_id, tags=tags, category=category))
    except TaskError:
        return  # e.g. a query that is only white space: not a task
    assert round_trip(task) == task


def test_a_task_whose_pairs_do_not_share_suffixes_is_refused() -> None:
    task = build_task(
        task_fields(
            state_generation_programs=[SETUP, SETUP.replace("book_room(", "book_room_2(")],
            evaluation_programs=[EVALUATION, EVALUATION],  # Asper-Bench style
        )
    )
    with pytest.raises(TaskError) as caught:
        render_task_file(task)
    assert caught.value.problems == (
        "tasks/book.py: cannot write task 'book' as a task file: pair 2 joins "
        "setup_env_book_room_2 with evaluate_book_room, but in a task file a pair shares its "
        "suffix; rename evaluate_book_room to evaluate_book_room_2",
    )


def test_programs_with_statements_outside_their_function_are_refused() -> None:
    task = build_task(task_fields(state_generation_programs=["import json\n\n" + SETUP]))
    with pytest.raises(TaskError) as caught:
        render_task_file(task)
    assert caught.value.problems == (
        "tasks/book.py: cannot write task 'book' as a task file: state_generation_programs[0] "
        "holds statements besides its function; move them inside it",
    )


def test_a_plan_named_like_an_evaluation_is_refused() -> None:
    task = build_task(
        task_fields(
            program="def evaluate_options():\n    pass",
            state_generation_programs=["def setup_env_evaluate_options():\n    pass"],
            evaluation_programs=[
                "def evaluate_evaluate_options(query, executable, setup_function):\n    pass"
            ],
        )
    )
    with pytest.raises(TaskError, match="the plan name evaluate_options starts with"):
        render_task_file(task)


@pytest.mark.parametrize(
    ("query_id", "name"),
    [("q1", "q1.py"), ("room/booking 2", "room_booking_2.py"), ("_hidden", "task_hidden.py")],
)
def test_file_names_are_safe_and_never_skipped(query_id: str, name: str) -> None:
    assert task_file_name(query_id) == name


def test_write_task_file_writes_once_unless_told_to_overwrite(tmp_path: Path) -> None:
    task = build_task(task_fields())
    path = write_task_file(task, tmp_path / "suite")
    assert path == tmp_path / "suite" / "book.py"
    assert load_task_file(path) == task
    with pytest.raises(FileExistsError, match="pass overwrite=True"):
        write_task_file(task, tmp_path / "suite")
    changed = build_task(task_fields(query="Assistant, book a different sync."))
    write_task_file(changed, tmp_path / "suite", overwrite=True)
    assert load_task_file(path) == changed
    assert sorted(p.name for p in (tmp_path / "suite").iterdir()) == ["book.py"]


def test_a_written_file_runs_its_reference_program_when_executed(tmp_path: Path) -> None:
    task = build_task(
        task_fields(
            query_id="what_time",
            query="Assistant, what time is it?",
            program="def tell_time() -> str:\n    return now_().strftime('%H:%M')",
            state_generation_programs=["def setup_env_tell_time():\n    pass"],
            evaluation_programs=[
                "def evaluate_tell_time(\n"
                "    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]\n"
                "):\n"
                "    setup_function()\n"
                "    if executable() != '14:30':\n"
                "        raise SolutionError('Incorrect solution')"
            ],
            now=datetime.datetime(2024, 7, 1, 14, 30),
        )
    )
    path = write_task_file(task, tmp_path)
    finished = subprocess.run(
        [sys.executable, str(path)], capture_output=True, text=True, timeout=120, check=False
    )
    assert finished.returncode == 0, finished.stdout + finished.stderr
    assert "PASS  setup_env_tell_time -> evaluate_tell_time" in finished.stdout
