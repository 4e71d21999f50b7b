"""A long list named by its first few items and the count of the rest."""

from __future__ import annotations

from assistworld.core.first_few import first_few


def test_a_short_list_is_named_whole_and_a_long_one_cut_with_its_count() -> None:
    assert first_few(["a", "b"], 3) == "a, b"
    assert first_few(["a", "b", "c"], 3) == "a, b, c"
    assert first_few(["a", "b", "c", "d", "e"], 3) == "a, b, c and 2 more"
