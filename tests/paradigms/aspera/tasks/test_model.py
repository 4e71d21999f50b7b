"""The Task model: derived facts, normalisation, and the contract's one-line errors."""

from __future__ import annotations

import datetime

import pytest

from assistworld.paradigms.aspera.tasks.errors import TaskError
from assistworld.paradigms.aspera.tasks.model import Scenario, build_task
from tests.paradigms.aspera.tasks.samples import EVALUATION, PLAN, SETUP, task_fields

SECOND_SETUP = "def setup_env_book_room_busy():\n    simulate_org_structure(['Ana', 'Bo'])"


def test_a_valid_task_exposes_its_plan_and_pairs() -> None:
    task = build_task(
        task_fields(
            state_generation_programs=[SETUP, SECOND_SETUP],
            evaluation_programs=[EVALUATION, EVALUATION],
        )
    )
    assert task.plan_name == "book_room"
    assert task.pairs == [(SETUP, EVALUATION), (SECOND_SETUP, EVALUATION)]
    assert task.setup_function_names == ["setup_env_book_room", "setup_env_book_room_busy"]
    # Asper-Bench style: every evaluation program may define the same evaluate_<plan>
    assert task.evaluation_function_names == ["evaluate_book_room", "evaluate_book_room"]
    assert task.kind == "state-changing"
    assert task.tags == [] and task.category is None and task.now is None


@pytest.mark.parametrize(
    ("program", "kind"),
    [
        ("def p() -> str:\n    return 'x'", "information-seeking"),
        ("def p() -> bool:\n    add_event(e)", "information-seeking"),
        ("def p() -> None:\n    add_event(e)", "state-changing"),
        ("def p():\n    add_event(e)\n    return", "state-changing"),
        ("def p():\n    add_event(e)\n    return None", "state-changing"),
        ("def p():\n    events = find_events()\n    return events", "information-seeking"),
        (
            "def p():\n    if x:\n        return find_events()\n    add_event(e)",
            "information-seeking",
        ),
        (
            "def p():\n    def helper() -> int:\n        return 1\n    add_event(helper())",
            "state-changing",
        ),
        ("def p():\n    f = lambda: 3\n    add_event(f())", "state-changing"),
    ],
)
def test_kind_is_derived_from_the_reference_program(program: str, kind: str) -> None:
    plan = program.split("(")[0].removeprefix("def ")
    task = build_task(
        task_fields(
            program=program,
            state_generation_programs=[f"def setup_env_{plan}():\n    pass"],
            evaluation_programs=[
                f"def evaluate_{plan}(query, executable, setup_function):\n    pass"
            ],
        )
    )
    assert task.kind == kind


def test_an_explicit_kind_wins_over_the_derived_one() -> None:
    task = build_task(task_fields(kind="information-seeking"))
    assert task.kind == "information-seeking"


def test_program_and_query_text_is_normalised_only_in_whitespace() -> None:
    task = build_task(
        task_fields(
            query="\n   Assistant, book a sync.  \n",
            program="\n\r\n" + PLAN.replace("\n", "\r\n") + "   \n\n",
        )
    )
    assert task.query == "Assistant, book a sync."
    assert task.program == PLAN


def test_equality_ignores_where_a_task_was_read_from() -> None:
    here = build_task(task_fields(source="a.py"))
    there = build_task(task_fields(source="b.py"))
    assert here == there
    assert here != build_task(task_fields(query="Assistant, book another sync."))


def test_scenario_is_permissive_and_reads_empty_strings_as_missing() -> None:
    scenario = Scenario.model_validate(
        {
            "apps": ["work_calendar"],
            "query_solution": "",
            "guidelines": {"evaluation": ["sort attendees"], "runtime_setup": ""},
            "something_new": {"kept": "yes"},
        }
    )
    assert scenario.apps == ["work_calendar"]
    assert scenario.query_solution is None
    assert scenario.guidelines == {"evaluation": ["sort attendees"], "runtime_setup": None}
    assert scenario.model_dump()["something_new"] == {"kept": "yes"}


@pytest.mark.parametrize(
    ("overrides", "expected"),
    [
        (
            {"program": PLAN + "\n\ndef helper():\n    pass"},
            [
                "tasks/book.py: program: must define exactly one top-level function, the plan "
                "(found: book_room, helper); move helper functions inside the plan function"
            ],
        ),
        (
            {"program": "def book_room(:\n    pass"},
            ["tasks/book.py: program: syntax error at line 1: invalid syntax; fix the program"],
        ),
        (
            {"state_generation_programs": [], "evaluation_programs": []},
            [
                "tasks/book.py: state_generation_programs: is empty; add at least one program "
                "defining setup_env_book_room()"
            ],
        ),
        (
            {"evaluation_programs": [EVALUATION, EVALUATION]},
            [
                "tasks/book.py: evaluation_programs: 2 evaluation programs for 1 setup programs; "
                "setup program i pairs with evaluation program i, so give both lists the same "
                "length"
            ],
        ),
        (
            {"state_generation_programs": ["def setup_env_book():\n    pass"]},
            [
                "tasks/book.py: state_generation_programs[0]: defines setup_env_book, not "
                "setup_env_book_room or setup_env_book_room_<suffix>; rename the function"
            ],
        ),
        (
            {"state_generation_programs": ["def setup_env_book_room(org):\n    pass"]},
            [
                "tasks/book.py: state_generation_programs[0]: setup_env_book_room must take no "
                "arguments (it requires org); fix its parameters"
            ],
        ),
        (
            {"evaluation_programs": ["def evaluate_book_room(query, run):\n    pass"]},
            [
                "tasks/book.py: evaluation_programs[0]: evaluate_book_room must accept the "
                "keyword arguments query, executable and setup_function (it has (query, run)); "
                "fix its parameters"
            ],
        ),
        (
            {"state_generation_programs": [SETUP + "\n\n" + SECOND_SETUP]},
            [
                "tasks/book.py: state_generation_programs[0]: defines several functions named "
                "like setup_env_book_room or setup_env_book_room_<suffix> (setup_env_book_room, "
                "setup_env_book_room_busy); keep one"
            ],
        ),
        (
            {"now": datetime.datetime(2024, 7, 1, 9, 0, tzinfo=datetime.UTC)},
            [
                "tasks/book.py: now: must be a naive local time such as 2024-06-25T09:06 (no "
                "time zone)"
            ],
        ),
        ({"query_id": None}, ["tasks/book.py: query_id: Input should be a valid string"]),
    ],
)
def test_contract_violations_are_one_line_each_naming_source_field_and_fix(
    overrides: dict[str, object], expected: list[str]
) -> None:
    with pytest.raises(TaskError) as caught:
        build_task(task_fields(**overrides))
    assert list(caught.value.problems) == expected
    assert str(caught.value) == "\n".join(expected)


def test_every_contract_problem_is_reported_at_once() -> None:
    with pytest.raises(TaskError) as caught:
        build_task(
            task_fields(
                state_generation_programs=["def setup_env_x():\n    pass", SETUP],
                evaluation_programs=["def evaluate_book_room():\n    pass"],
            )
        )
    fields = [problem.split(": ")[1] for problem in caught.value.problems]
    assert fields == [
        "evaluation_programs",
        "state_generation_programs[0]",
        "evaluation_programs[0]",
    ]


def test_a_missing_field_is_named() -> None:
    fields = task_fields()
    del fields["program"]
    with pytest.raises(TaskError) as caught:
        build_task(fields)
    assert caught.value.problems == ("tasks/book.py: program: Field required",)
