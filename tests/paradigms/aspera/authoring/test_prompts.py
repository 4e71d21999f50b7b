"""The prompts carry the documentation, examples, guidelines and the person's instructions."""

from __future__ import annotations

import pytest

from assistworld.paradigms.aspera.authoring.guidelines import Guidelines, load_guidelines
from assistworld.paradigms.aspera.authoring.prompts import PromptBook


@pytest.fixture(scope="module")
def book() -> PromptBook:
    return PromptBook.build(load_guidelines())


def test_the_system_turn_holds_library_docs_examples_and_numbered_guidelines(
    book: PromptBook,
) -> None:
    system = book.system()
    assert "def find_employee(" in system and "class Event(" in system
    for query in book.examples.queries:
        assert query in system
    first, second = book.guidelines.programs[:2]
    assert f"1. {first}" in system and f"2. {second}" in system
    assert "simulate_org_structure" not in system  # setup tools are not shown to action programs


def test_the_invention_turn_lists_history_newest_first_within_the_limit() -> None:
    guidelines = load_guidelines().model_copy(update={"history_limit": 2})
    book = PromptBook.build(guidelines)
    text = book.invent(3, "coordinate schedules across teams", ["old", "middle", "new"])
    assert text.startswith("## Step: invent")
    assert "- new\n- middle\n" in text and "- old" not in text
    assert "Focus for this batch: coordinate schedules across teams" in text
    assert "Invent 3 new requests" in text
    assert "Focus" not in book.invent(1, None, [])


def test_the_translation_turn_numbers_the_persons_queries(book: PromptBook) -> None:
    text = book.translate(["Cancel my lunch.", "Who is my boss?"])
    assert "1. Cancel my lunch.\n2. Who is my boss?" in text


def test_the_setup_turn_has_the_tools_and_the_persons_todos(book: PromptBook) -> None:
    text = book.setup(
        plan="cancel_lunch",
        setup_name="setup_env_cancel_lunch_2",
        query="Cancel my lunch.",
        instructions="Jill declined the lunch\n\nit is on Friday",
        other_setups=["def setup_env_cancel_lunch():\n    pass"],
    )
    assert text.startswith("## Step: write the setup program `setup_env_cancel_lunch_2`")
    assert "def simulate_org_structure(" in text
    assert "    # TODO: Jill declined the lunch\n    # TODO: it is on Friday\n" in text
    assert "for other starting states" in text and "def setup_env_cancel_lunch():" in text
    assert f"1. {book.guidelines.setup[0]}" in text


def test_the_evaluation_turn_has_the_checking_tools_and_the_setup(book: PromptBook) -> None:
    text = book.evaluation(
        plan="cancel_lunch",
        setup_name="setup_env_cancel_lunch",
        evaluation_name="evaluate_cancel_lunch",
        query="Cancel my lunch.",
        setup_program="def setup_env_cancel_lunch():\n    simulate_org_structure([])",
    )
    assert "def changes_since(" in text and "class SolutionError(" in text
    assert "simulate_org_structure([])" in text
    assert "def evaluate_cancel_lunch(\n    query: str, executable" in text


def test_a_revision_carries_feedback_and_evidence_only_when_given(book: PromptBook) -> None:
    plain = book.revise(part="program", name="p", current="def p(): ...", feedback="shorter")
    assert plain.startswith("## Step: revise the action program `p`")
    assert "The developer's feedback: shorter" in plain and "audit" not in plain
    refused = book.revise(
        part="evaluation", name="evaluate_p", current="x", feedback="", evidence="- null passes"
    )
    assert "The task audit refused the task" in refused and "- null passes" in refused
    assert "feedback" not in refused.split("Write the whole")[0].split("refused")[1]


def test_empty_guideline_lists_leave_their_section_out() -> None:
    guidelines: Guidelines = load_guidelines().model_copy(update={"programs": ()})
    assert "Program guidelines" not in PromptBook.build(guidelines).system()
