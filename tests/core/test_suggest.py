"""The "did you mean" every loader shares."""

from __future__ import annotations

from assistworld.core.suggest import close_names, did_you_mean


def test_a_near_miss_is_named_and_a_far_one_is_not() -> None:
    tables = ["personal_calendar", "contacts", "emails"]
    assert did_you_mean("personal_calender", tables) == " (did you mean personal_calendar?)"
    assert did_you_mean("weather", tables) == ""


def test_up_to_count_near_misses_closest_first() -> None:
    assert close_names("start_at", ["ends_at", "starts_at", "title"], count=2) == ["starts_at"]
    assert did_you_mean("mesure", ["measures", "measure"], count=2) == (
        " (did you mean measure or measures?)"
    )
