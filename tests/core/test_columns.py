"""Fixed-width listings: every line fits the width; free text is cut, never the ids."""

from __future__ import annotations

from assistworld.core.columns import fit_columns

HEADERS = ["id", "kind", "n", "query"]
ROWS = [
    ["a_rather_long_task_identifier_001", "state", "2", "Assistant, book " + "x" * 200],
    ["short", "info", "10", "Who heads Finance?"],
]


def test_lines_fit_and_long_text_ends_in_an_ellipsis() -> None:
    lines = fit_columns(HEADERS, ROWS, width=80, flexible=3, right=[2])
    assert all(len(line) <= 80 for line in lines)
    assert lines[1].startswith("a_rather_long_task_identifier_001")
    assert lines[1].endswith("…")
    assert lines[2].endswith("Who heads Finance?")
    assert lines[2].split()[2] == "10"  # numbers right-aligned under their heading


def test_optional_columns_give_way_before_the_text_moves_to_its_own_line() -> None:
    lines = fit_columns(HEADERS, ROWS, width=60, flexible=3, optional=[1], min_flexible=20)
    assert all(len(line) <= 60 for line in lines)
    assert "kind" not in lines[0]
    assert len(lines) == 3


def test_too_narrow_puts_the_text_under_its_row() -> None:
    lines = fit_columns(HEADERS, ROWS, width=45, flexible=3, min_flexible=30)
    assert all(len(line) <= 45 for line in lines)
    assert lines[1].startswith("a_rather_long_task_identifier_001")
    assert lines[2].startswith("    Assistant, book")
    assert len(lines) == 1 + 2 * len(ROWS)


def test_a_wide_terminal_shows_everything() -> None:
    lines = fit_columns(HEADERS, ROWS, width=400, flexible=3)
    assert lines[1].endswith("x" * 200)
