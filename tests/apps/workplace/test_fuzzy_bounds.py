"""The fuzzy matchers compare at most ``FUZZY_INPUT_CHARS`` characters of each side (issue 13,
item 5: a million-character subject stalled a world host inside rapidfuzz for 88 s)."""

from __future__ import annotations

from assistworld.apps.workplace._calendar_search import subject_matches
from assistworld.apps.workplace._fuzzy_bounds import FUZZY_INPUT_CHARS, bounded


def test_only_the_first_characters_are_compared() -> None:
    head = "quarterly planning review " * 40
    assert len(head) >= FUZZY_INPUT_CHARS
    assert bounded(head + "tail") == head[:FUZZY_INPUT_CHARS]
    assert subject_matches(head + "x" * 500_000, head + "y" * 500_000)
    assert not subject_matches("z" * 500_000, head + "z" * 500_000)


def test_short_subjects_match_as_before() -> None:
    assert subject_matches("Sync with Bob", "sync with bob")
    assert not subject_matches("Budget review", "Offsite planning")
