"""Tags of a generated task."""

from __future__ import annotations

import pytest

from assistworld.paradigms.aspera.authoring.engine import tags_for


@pytest.mark.parametrize(
    ("program", "tags"),
    [
        (
            'def p():\n    add_event(Event(subject="x", starts_at=combine(d, t)))',
            ["Event", "add_event", "combine", "generated"],
        ),
        (
            "def p() -> Employee:\n    return find_manager_of(get_current_user())",
            ["Employee", "find_manager_of", "get_current_user", "information-seeking", "generated"],
        ),
        ("def p():\n    x = datetime.date.today()", ["generated"]),
    ],
)
def test_tags_are_the_primitives_used_and_the_kind(program: str, tags: list[str]) -> None:
    assert tags_for(program) == tags
