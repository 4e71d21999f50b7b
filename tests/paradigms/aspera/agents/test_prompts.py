"""Prompt rendering: the templates, the guidelines in them, the examples, the return-type hint."""

from __future__ import annotations

import ast
from pathlib import Path

import jinja2
import pytest

from assistworld.apps.workplace import library_modules
from assistworld.docs import render_library
from assistworld.paradigms.aspera.agents.examples import (
    CCK_EXAMPLE_TASK_IDS,
    PS_EXAMPLE_TASK_ID,
    Example,
    ExampleError,
    examples_from,
    load_examples,
)
from assistworld.paradigms.aspera.agents.guidelines import Guidelines, load_guidelines
from assistworld.paradigms.aspera.agents.prompts import (
    NOTHING_SELECTED,
    SUBMIT_WORD,
    PromptBook,
    PromptSize,
    reference_return_type,
    template_sources_sha256,
)
from assistworld.paradigms.aspera.tasks.model import Task
from assistworld.paradigms.aspera.tasks.suite import load_suite
from tests.paradigms.aspera.agents.helpers import booking_task, manager_task


@pytest.fixture(scope="module")
def examples() -> tuple[Example, ...]:
    return load_examples()


def test_the_examples_are_five_suite_tasks_from_five_categories(
    examples: tuple[Example, ...],
) -> None:
    assert [example.query_id for example in examples] == list(CCK_EXAMPLE_TASK_IDS)
    assert len({example.category for example in examples}) == 5
    assert PS_EXAMPLE_TASK_ID in CCK_EXAMPLE_TASK_IDS
    kinds = set()
    for example in examples:
        (function,) = ast.parse(example.program).body
        assert isinstance(function, ast.FunctionDef)
        kinds.add(function.returns is not None)
    assert kinds == {True, False}  # both actions and questions are shown


def test_an_unknown_example_id_is_named() -> None:
    tasks = load_suite("workplace", strict=False).tasks
    with pytest.raises(ExampleError, match="not found: no_such_task"):
        examples_from(tasks, ["no_such_task"])


def test_every_rule_is_numbered_in_the_program_writing_prompt(
    examples: tuple[Example, ...],
) -> None:
    book = PromptBook()
    system = book.generation_system("def tool() -> None: ...", examples)
    rules = Guidelines().generation
    assert f"these {len(rules)} rules" in system
    numbered = [line for line in system.splitlines() if line[:3].rstrip(" .").isdigit()]
    assert numbered == [f"{number}. {rule}" for number, rule in enumerate(rules, start=1)]
    assert "by structure guideline #1" in rules[0]  # what the reference programs cite
    assert "Trial runs" not in system


def test_user_guidelines_replace_the_built_in_ones(
    tmp_path: Path, examples: tuple[Example, ...]
) -> None:
    path = tmp_path / "rules.toml"
    path.write_text('generation = ["Always say please.", "Never book Mondays."]\n')
    book = PromptBook(load_guidelines(path))
    system = book.generation_system(render_library(library_modules()), examples)
    assert "these 2 rules" in system
    assert "1. Always say please.\n2. Never book Mondays." in system
    assert Guidelines().generation[1] not in system
    # the selection rules were not given, so the built-in ones stay
    assert Guidelines().selection[0] in book.selection_system()


def test_the_selection_prompt_holds_the_selection_rules_only() -> None:
    book = PromptBook()
    system = book.selection_system()
    for rule in Guidelines().selection:
        assert rule in system
    assert Guidelines().generation[0] not in system
    user = book.selection_user("room_booking", "def search(): ...\n", "Find a room.")
    assert user.startswith("Module `room_booking`:")
    assert "```python\ndef search(): ...\n```" in user
    assert "Request: Find a room." in user


def test_trial_runs_are_explained_with_the_first_one_only() -> None:
    book = PromptBook()
    run = {"summary": "the program finished.", "return_value": "'Carol'", "traceback": None}
    run |= {"stdout": "", "stderr": ""}
    first = book.dry_run_feedback(run, 1, 2, first_trial=True)
    assert first.startswith("Your program got a trial run")
    assert "You get at most 2 trial runs." in first
    assert f"reply {SUBMIT_WORD}" in first
    later = book.dry_run_feedback(run, 2, 2, first_trial=False)
    assert later.startswith("Trial run 2 of 2: the program finished.")
    assert "at most" not in later


def test_an_empty_selection_is_said_plainly(examples: tuple[Example, ...]) -> None:
    system = PromptBook().generation_system("", examples[:1])
    assert f"```python\n{NOTHING_SELECTED}\n```" in system
    assert "A colleague solved the request below" in system


def test_a_template_variable_left_out_is_an_error() -> None:
    book = PromptBook()
    with pytest.raises(jinja2.UndefinedError, match="'signatures' is undefined"):
        book._render("selection_user.j2", module_name="m", query="q")


@pytest.mark.parametrize(
    ("task", "expected"),
    [(manager_task(), "str"), (booking_task(), None)],
)
def test_the_return_type_comes_from_information_seeking_references(
    task: Task, expected: str | None
) -> None:
    assert reference_return_type(task) == expected


def test_the_return_type_is_read_from_a_suite_task() -> None:
    suite = load_suite("workplace", strict=False)
    task = next(t for t in suite.tasks if t.query_id == "vacation_007_when_is_alessia_back")
    assert reference_return_type(task) == "datetime.date"
    assert (
        PromptBook()
        .generation_user(task.query, reference_return_type(task))
        .endswith("The function should return a value of type `datetime.date`.\n")
    )


def test_sizes_and_hashes() -> None:
    size = PromptSize.of("one two  three\nfour")
    assert (size.words, size.characters, size.estimated_tokens) == (4, 19, 5)
    assert len(template_sources_sha256()) == 64
