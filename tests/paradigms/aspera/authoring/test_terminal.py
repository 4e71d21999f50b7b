"""What the person types at a review point."""

from __future__ import annotations

import pytest

from assistworld.paradigms.aspera.authoring.person import Action, Decision
from assistworld.paradigms.aspera.authoring.terminal import parse_command

EVERYTHING: tuple[Action, ...] = ("go", "accept", "revise", "add-setup", "quarantine")


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("", Decision("go")),
        ("   ", Decision("go")),
        ("y", Decision("accept")),
        ("accept", Decision("accept")),
        ("+ Jill declined the meeting", Decision("add-setup", "Jill declined the meeting")),
        ("+", Decision("add-setup", "")),
        ("q  the query is vague ", Decision("quarantine", "the query is vague")),
        ("r check the attendees", Decision("revise", "check the attendees", "evaluation")),
        ("rs add a second lunch", Decision("revise", "add a second lunch", "setup")),
        ("RP use get_next_dow", Decision("revise", "use get_next_dow", "program")),
        ("r", Decision("revise", "", "evaluation")),
    ],
)
def test_commands(line: str, expected: Decision) -> None:
    assert parse_command(line, EVERYTHING) == expected


@pytest.mark.parametrize(
    ("line", "allowed", "parts", "message"),
    [
        ("hello", EVERYTHING, ("evaluation",), "unknown answer 'hello'"),
        ("y", ("go", "revise"), ("evaluation",), "unknown answer 'y'"),
        ("r stricter", EVERYTHING, ("program", "setup"), "nothing to revise with 'r' yet"),
    ],
)
def test_answers_that_do_not_fit_the_question(
    line: str, allowed: tuple[Action, ...], parts: tuple[str, ...], message: str
) -> None:
    result = parse_command(line, allowed, parts)  # type: ignore[arg-type]
    assert isinstance(result, str) and message in result
