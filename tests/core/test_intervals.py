"""Wilson intervals: known values, the edges, and what is refused."""

from __future__ import annotations

import pytest

from assistworld.core.intervals import format_interval, wilson_interval


def test_closed_form_values() -> None:
    z2 = 1.959963984540054**2
    assert wilson_interval(0, 10)[1] == pytest.approx(z2 / (10 + z2))  # upper bound of 0 of n
    assert wilson_interval(10, 10)[0] == pytest.approx(10 / (10 + z2))  # lower bound of n of n
    low, high = wilson_interval(5, 10)  # symmetric about one half
    assert (low + high) / 2 == pytest.approx(0.5)
    assert high == pytest.approx(0.7634, abs=1e-4)


def test_all_or_nothing_stays_inside_zero_and_one() -> None:
    assert wilson_interval(0, 10)[0] == 0.0
    assert 0.0 < wilson_interval(0, 10)[1] < 0.35
    assert wilson_interval(10, 10)[1] == 1.0
    assert 0.65 < wilson_interval(10, 10)[0] < 1.0


def test_more_tasks_narrow_the_interval() -> None:
    small = wilson_interval(5, 10)
    large = wilson_interval(500, 1000)
    assert large[1] - large[0] < small[1] - small[0]


def test_no_tasks_knows_nothing_and_impossible_counts_are_refused() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError, match="between 0 and total"):
        wilson_interval(11, 10)


def test_format() -> None:
    assert format_interval(10, 10).startswith("[72.2–100.0")


def test_repeated_samples_of_a_task_do_not_narrow_the_interval_as_new_tasks_would() -> None:
    # 40 tasks, 3 samples each, 60 of the 120 records passed: the rate of 40 tasks, not 120.
    assert format_interval(60, 120, samples_per_task=3) == format_interval(20, 40)
    assert format_interval(60, 120, samples_per_task=3) != format_interval(60, 120)
