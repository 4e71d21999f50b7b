"""Reading program text: normalisation, queries, name suffixes, function extents, signatures."""

from __future__ import annotations

import ast

import pytest

from assistworld.paradigms.aspera.tasks.programs import (
    clean_query,
    evaluation_signature_problem,
    function_source,
    normalise_program,
    setup_signature_problem,
    top_level_functions,
    variant_suffix,
)


@pytest.mark.parametrize(
    ("text", "normalised"),
    [
        ("def f():\n    pass\n", "def f():\n    pass"),
        ("\n\n  \ndef f():\r\n    pass  \r\n\n", "def f():\n    pass"),
        ("def f():\n    x = 1   \n    pass", "def f():\n    x = 1   \n    pass"),
    ],
)
def test_normalise_program_only_touches_outer_whitespace_and_line_ends(
    text: str, normalised: str
) -> None:
    assert normalise_program(text) == normalised


@pytest.mark.parametrize(
    ("text", "cleaned"),
    [
        ("  Assistant, hi.  ", "Assistant, hi."),
        ("\n    Assistant, first\n    second\n      third\n", "Assistant, first\nsecond\n  third"),
        ("Assistant,\ttabs stay", "Assistant,\ttabs stay"),
    ],
)
def test_clean_query(text: str, cleaned: str) -> None:
    assert clean_query(text) == cleaned
    assert clean_query(cleaned) == cleaned  # idempotent, so files round-trip


@pytest.mark.parametrize(
    ("name", "suffix"),
    [
        ("setup_env_book_room", ""),
        ("setup_env_book_room_2", "2"),
        ("setup_env_book_room_busy_day", "busy_day"),
        ("setup_env_book_room_", None),
        ("setup_env_book", None),
        ("setup_env_book_roomy", None),
        ("evaluate_book_room", None),
    ],
)
def test_variant_suffix(name: str, suffix: str | None) -> None:
    assert variant_suffix(name, "setup_env_", "book_room") == suffix


def test_function_source_spans_decorators_to_indented_trailing_comments() -> None:
    text = (
        "X = 1\n"
        "@first\n"
        "@second(arg)\n"
        "def f():\n"
        "    return 1\n"
        "\n"
        "    # trailing, still inside f\n"
        "# at column 0: outside\n"
        "def g():\n"
        "    pass"
    )
    f, g = top_level_functions(ast.parse(text))
    lines = text.split("\n")
    assert function_source(lines, f) == (
        "@first\n@second(arg)\ndef f():\n    return 1\n\n    # trailing, still inside f"
    )
    assert function_source(lines, g) == "def g():\n    pass"


@pytest.mark.parametrize(
    ("definition", "problem"),
    [
        ("def setup_env_p(): pass", None),
        ("def setup_env_p(seed=0, *, quiet=True): pass", None),
        (
            "def setup_env_p(org, *, quiet): pass",
            "setup_env_p must take no arguments (it requires org, quiet)",
        ),
    ],
)
def test_setup_signature(definition: str, problem: str | None) -> None:
    assert setup_signature_problem(top_level_functions(ast.parse(definition))[0]) == problem


@pytest.mark.parametrize(
    ("definition", "accepted"),
    [
        ("def evaluate_p(query, executable, setup_function): pass", True),
        ("def evaluate_p(query: str, executable, setup_function, strict=False): pass", True),
        ("def evaluate_p(**kwargs): pass", True),
        ("def evaluate_p(query, executable): pass", False),
        ("def evaluate_p(query, executable, setup_function, /): pass", False),
        ("def evaluate_p(query, executable, setup_function, extra): pass", False),
    ],
)
def test_evaluation_signature(definition: str, accepted: bool) -> None:
    function = top_level_functions(ast.parse(definition))[0]
    assert (evaluation_signature_problem(function) is None) == accepted
