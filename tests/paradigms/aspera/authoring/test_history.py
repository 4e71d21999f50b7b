"""Earlier queries: what the model is told, and what counts as a repeat."""

from __future__ import annotations

import pytest

from assistworld.paradigms.aspera.authoring.history import near_duplicate, query_history
from assistworld.paradigms.aspera.authoring.state import Round, Section, SessionState
from assistworld.paradigms.aspera.tasks.suite import load_suite


def _program(query: str) -> str:
    return f'def p():\n    """{query}"""\n    pass'


def test_history_is_the_suite_then_earlier_rounds_without_repeats() -> None:
    suite = load_suite("workplace").tasks[:2]
    rounds = [
        Round(
            number=1,
            mode="invent",
            model="m",
            n=1,
            sections=[
                Section(number=1, model_text="", text=_program("Cancel my lunch.")),
                Section(number=2, model_text="", text=_program(suite[0].query)),
            ],
        ),
        Round(
            number=2,
            mode="invent",
            model="m",
            n=1,
            sections=[
                Section(number=1, model_text="", text=_program("Not yet history.")),
            ],
        ),
    ]
    state = SessionState(suite_dir="/s", rounds=rounds)
    assert query_history(suite, state, before_round=2) == [
        suite[0].query,
        suite[1].query,
        "Cancel my lunch.",
    ]


@pytest.mark.parametrize(
    ("query", "repeat"),
    [
        ("Assistant, book lunch with Ingrid and Kwame this Thursday.", True),
        ("assistant, book lunch this Thursday with Ingrid and Kwame", True),
        ("Assistant, who heads up Finance?", False),
        ("", False),
    ],
)
def test_near_duplicates(query: str, repeat: bool) -> None:
    history = ["Assistant, book lunch with Ingrid and Kwame this Thursday.", "Who is my boss?"]
    found = near_duplicate(query, history)
    assert (found is not None) is repeat
    if found is not None:
        assert found[0] == history[0] and found[1] >= 90
