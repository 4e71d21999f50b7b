"""How the generator words values: relative dates resolved against the task's clock, clock
times, and the small joining phrases between the parts of a request.

Relative dates follow one convention, stated here because English is ambiguous about it:
"next Monday" and "this coming Monday" are the first Monday after today (never today itself).
"""

from __future__ import annotations

import datetime
import random

WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
MONTHS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)


def ordinal(day: int) -> str:
    """1st, 2nd, 3rd, 4th, ... 11th, 12th, 13th, 21st ..."""
    if 11 <= day % 100 <= 13:
        return f"{day}th"
    return f"{day}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(day % 10, 'th') }"


def next_weekday(today: datetime.date, weekday: int) -> datetime.date:
    """The first day after ``today`` that falls on ``weekday`` (0 is Monday)."""
    ahead = (weekday - today.weekday() - 1) % 7 + 1
    return today + datetime.timedelta(days=ahead)


def relative_date(
    rng: random.Random, today: datetime.date, *, earliest: int = 1, latest: int = 20
) -> tuple[datetime.date, str]:
    """A day between ``earliest`` and ``latest`` days ahead and a phrase naming it."""
    kinds = ["weekday", "in_days", "explicit", "explicit_day_first"]
    if earliest <= 1 <= latest:
        kinds.append("tomorrow")
    if earliest <= 2 <= latest:
        kinds.append("day_after")
    if earliest <= 7 <= latest:
        kinds.append("week")
    kind = rng.choice(kinds)
    if kind == "tomorrow":
        return today + datetime.timedelta(days=1), "tomorrow"
    if kind == "day_after":
        return today + datetime.timedelta(days=2), "the day after tomorrow"
    if kind == "week":
        return today + datetime.timedelta(days=7), rng.choice(("a week from today", "in a week"))
    if kind == "weekday":
        weekday = rng.randrange(7)
        day = next_weekday(today, weekday)
        if not earliest <= (day - today).days <= latest:
            day = today + datetime.timedelta(days=earliest)
            return day, f"on {MONTHS[day.month - 1]} {ordinal(day.day)}"
        word = rng.choice(("next", "this coming"))
        return day, f"{word} {WEEKDAYS[weekday]}"
    offset = rng.randint(max(earliest, 3), max(latest, 3))
    day = today + datetime.timedelta(days=offset)
    if kind == "in_days":
        return day, f"in {offset} days"
    if kind == "explicit":
        return day, f"on {MONTHS[day.month - 1]} {ordinal(day.day)}"
    return day, f"on the {ordinal(day.day)} of {MONTHS[day.month - 1]}"


def date_words(rng: random.Random, today: datetime.date, day: datetime.date) -> str:
    """A phrase naming ``day`` (after ``today``), relative or written out."""
    ahead = (day - today).days
    options = [f"on {MONTHS[day.month - 1]} {ordinal(day.day)}"]
    if ahead >= 3:
        options.append(f"in {ahead} days")
    if ahead == 1:
        options.append("tomorrow")
    if ahead == 2:
        options.append("the day after tomorrow")
    if 1 <= ahead <= 7:
        options.append(f"next {WEEKDAYS[day.weekday()]}")
    return rng.choice(options)


def plural(count: object, noun: str) -> str:
    """``1 ticket``, ``3 tickets``: a count (its digits, as the user says them) and its noun."""
    return f"{count} {noun}" if str(count) == "1" else f"{count} {noun}s"


def article(word: str) -> str:
    """``a`` or ``an`` before ``word``."""
    text = word.strip()
    return "an" if text[:1].lower() in "aeiou" or text.startswith(("SUV", "8", "11")) else "a"


def clock(rng: random.Random, time: datetime.time) -> str:
    """A time as ``19:30`` or ``7:30 pm``."""
    if rng.random() < 0.5:
        return time.strftime("%H:%M")
    hour = time.hour % 12 or 12
    suffix = "am" if time.hour < 12 else "pm"
    return f"{hour}:{time.minute:02d} {suffix}" if time.minute else f"{hour} {suffix}"


def join_sentences(rng: random.Random, sentences: list[str]) -> str:
    """Sentences joined into one request, with varied links between them."""
    links = ("Also, ", "Then ", "After that, ", "On top of that, ", "And ", "", "Next, ")
    parts = []
    for index, sentence in enumerate(sentences):
        text = sentence.strip()
        if index and rng.random() < 0.6:
            link = rng.choice(links)
            keep = text.startswith(("I ", "I'")) or not text[1:2].islower()
            text = link + (text if keep or not link else text[0].lower() + text[1:])
        parts.append(text[0].upper() + text[1:])
    text = " ".join(part if part.endswith((".", "?", "!")) else part + "." for part in parts)
    opener = rng.choice(OPENERS)
    return opener + text if opener else text


OPENERS: tuple[str, ...] = (
    "",
    "",
    "",
    "Hi! ",
    "Hey, quick favour. ",
    "Please help me out. ",
    "Here's what I need. ",
    "Okay, planning time. ",
)
"""What a request may start with, before its first sentence."""


__all__ = [
    "article",
    "clock",
    "date_words",
    "join_sentences",
    "next_weekday",
    "ordinal",
    "relative_date",
]
