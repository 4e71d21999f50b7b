"""Relative dates resolved against the task's clock, times, articles, and joined sentences."""

from __future__ import annotations

import datetime
import random

from assistworld.paradigms.appbench.authoring.wording import (
    WEEKDAYS,
    article,
    clock,
    date_words,
    join_sentences,
    next_weekday,
    ordinal,
    relative_date,
)

TODAY = datetime.date(2019, 3, 1)  # a Friday


def test_next_weekday_is_the_first_such_day_after_today() -> None:
    assert next_weekday(TODAY, 0) == datetime.date(2019, 3, 4)
    assert next_weekday(TODAY, 4) == datetime.date(2019, 3, 8)  # never today itself
    assert next_weekday(TODAY, 5) == datetime.date(2019, 3, 2)


def test_ordinals() -> None:
    assert [ordinal(d) for d in (1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 31)] == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "11th",
        "12th",
        "13th",
        "21st",
        "22nd",
        "23rd",
        "31st",
    ]


def test_every_relative_phrase_names_the_day_it_resolves_to() -> None:
    rng = random.Random(3)
    for _ in range(400):
        day, words = relative_date(rng, TODAY)
        ahead = (day - TODAY).days
        assert 1 <= ahead <= 20, words
        if words == "tomorrow":
            assert ahead == 1
        elif words == "the day after tomorrow":
            assert ahead == 2
        elif words in ("a week from today", "in a week"):
            assert ahead == 7
        elif words.startswith(("next ", "this coming ")):
            assert WEEKDAYS[day.weekday()] == words.split()[-1] and ahead <= 7
        elif words.startswith("in "):
            assert words == f"in {ahead} days"
        else:
            assert ordinal(day.day) in words and day.strftime("%B") in words


def test_date_words_for_a_given_day() -> None:
    rng = random.Random(1)
    day = datetime.date(2019, 3, 2)
    seen = {date_words(rng, TODAY, day) for _ in range(50)}
    assert seen <= {"on March 2nd", "tomorrow", "next Saturday"}
    assert "tomorrow" in seen


def test_clock_writes_24_or_12_hour_times() -> None:
    rng = random.Random(0)
    forms = {clock(rng, datetime.time(19, 30)) for _ in range(30)}
    assert forms == {"19:30", "7:30 pm"}
    assert {clock(rng, datetime.time(9, 0)) for _ in range(30)} == {"09:00", "9 am"}


def test_articles() -> None:
    assert [article(w) for w in ("Indian", "Thai", "SUV", "ultra high-end", "Sedan")] == [
        "an",
        "a",
        "an",
        "an",
        "a",
    ]


def test_sentences_are_joined_into_one_request() -> None:
    text = join_sentences(random.Random(2), ["book a table", "I need a cab", "What is it?"])
    assert text[0].isupper() and text.endswith("?")
    assert "I need a cab" in text
