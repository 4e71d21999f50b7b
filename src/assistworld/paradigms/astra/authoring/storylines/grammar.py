"""The pattern of life: a probabilistic context-free grammar of days, expanded into events.

A day is ``WORKDAY`` or ``OFFDAY`` (the biography's work days); non-terminals are the parts of
a day (``MORNING``, ``EVENING``...) and the routines that fill them; terminals are routines
(``social_plan``, ``commute``...). The rules' probabilities come from the biography (work
hours, exercise sessions per week) and the social graph (the summed weights of friends make
social plans as frequent as the graph says, those of family make family time). Each part of
the day is a time window inside waking hours, so the storyline keeps a circadian rhythm;
off days have no work and more time for people.
"""

from __future__ import annotations

import datetime
import random
from dataclasses import dataclass
from typing import Any, get_args

from assistworld.paradigms.astra.authoring.storylines.biography import ProtagonistProfile
from assistworld.paradigms.astra.authoring.storylines.events import Routine
from assistworld.paradigms.astra.authoring.storylines.network import daily_rate

Rules = dict[str, list[tuple[float, tuple[str, ...]]]]

TERMINALS = frozenset(get_args(Routine))
"""The routines a derivation ends in: the same names an event's ``routine`` accepts."""
SLOTS = frozenset(
    {
        "MORNING",
        "WORKDAY_SPAN",
        "EVENING",
        "LATE_MORNING",
        "MIDDAY",
        "AFTERNOON",
        "EVENING_OFF",
        "ANYTIME",
        "DAYTIME",
    }
)
"""Non-terminals that are parts of a day: a routine takes the window of its nearest one."""

SOCIAL = ("friend", "partner", "classmate", "club")
FAMILY = ("family", "partner")
MEAN_SOCIAL_GROUP = 1.8
"""Average number of people at a social plan: turns contacts per day into plans per day."""


def _p(value: float) -> float:
    return max(0.02, min(0.9, value))


def grammar_rules(profile: ProtagonistProfile, graph: Any) -> Rules:
    """The production rules for this protagonist (weights need not sum to one)."""
    bio = profile.biography
    exercise = bio.exercise
    per_day = exercise.sessions_per_week / 7 if exercise else 0.0
    morning_ex = per_day if exercise and exercise.time_of_day == "morning" else 0.0
    evening_ex = per_day if exercise and exercise.time_of_day == "evening" else 0.0
    social = _p(daily_rate(graph, SOCIAL) / MEAN_SOCIAL_GROUP)
    family = _p(daily_rate(graph, ("family",)))
    colleagues = _p(daily_rate(graph, ("colleague",)) / 2)
    providers = _p(daily_rate(graph, ("service_provider",)))
    calls = min(0.6, daily_rate(graph, ("family", "friend", "partner"), incoming=True) / 2)
    commute = ("commute",) if bio.commute_minutes > 0 and bio.work is not None else ()
    hobby = 0.5 if bio.hobbies else 0.05
    return {
        "WORKDAY": [(1.0, ("MORNING", "WORKDAY_SPAN", "EVENING", "EXTRAS"))],
        "OFFDAY": [(1.0, ("LATE_MORNING", "MIDDAY", "AFTERNOON", "EVENING_OFF", "EXTRAS"))],
        "MORNING": [(morning_ex, ("exercise",)), (1 - morning_ex, ())],
        "WORKDAY_SPAN": [(1.0, (*commute, "WORK", *commute))],
        "WORK": [(colleagues, ("work", "work_meeting")), (1 - colleagues, ("work",))],
        "EVENING": [
            (social, ("social_plan",)),
            (family, ("family_time",)),
            (evening_ex, ("exercise",)),
            (0.15, ("errand",)),
            (0.4, ("rest",)),
        ],
        "LATE_MORNING": [
            (morning_ex * 1.5, ("exercise",)),
            (0.45, ("errand",)),
            (0.3, ()),
        ],
        "MIDDAY": [(social * 1.2, ("social_plan",)), (family * 1.5, ("family_time",)), (0.3, ())],
        "AFTERNOON": [
            (hobby, ("hobby",)),
            (family, ("family_time",)),
            (0.2, ("errand",)),
            (0.3, ()),
        ],
        "EVENING_OFF": [
            (social * 1.8, ("social_plan",)),
            (family, ("family_time",)),
            (evening_ex, ("exercise",)),
            (0.4, ("rest",)),
        ],
        "EXTRAS": [(providers, ("DAYTIME", "CALLS")), (1 - providers, ("CALLS",))],
        "DAYTIME": [(1.0, ("appointment",))],
        "CALLS": [(calls, ("ANYTIME", "CALLS")), (1 - calls, ())],
        "ANYTIME": [(1.0, ("call",))],
    }


@dataclass(frozen=True)
class Placed:
    """A routine of one day with its time window."""

    routine: str
    starts_at: datetime.datetime
    ends_at: datetime.datetime


def expand(rules: Rules, symbol: str, rng: random.Random) -> list[tuple[str, str]]:
    """The terminals ``symbol`` expands into, each with its slot (the part of the day)."""
    out: list[tuple[str, str]] = []
    _expand(rules, symbol, rng, "ANYTIME", out, depth=0)
    return out


def _expand(
    rules: Rules,
    symbol: str,
    rng: random.Random,
    slot: str,
    out: list[tuple[str, str]],
    depth: int,
) -> None:
    if symbol in TERMINALS:
        out.append((symbol, slot))
        return
    if depth > 40:  # a recursive rule (CALLS) ends here at the latest
        return
    options = rules[symbol]
    body = rng.choices([rhs for _, rhs in options], weights=[w for w, _ in options])[0]
    for child in body:
        _expand(rules, child, rng, symbol if symbol in SLOTS else slot, out, depth + 1)


def _at(day: datetime.date, time: datetime.time, minutes: float = 0) -> datetime.datetime:
    return datetime.datetime.combine(day, time) + datetime.timedelta(minutes=round(minutes))


def _windows(
    profile: ProtagonistProfile, day: datetime.date
) -> dict[str, tuple[datetime.datetime, datetime.datetime]]:
    bio = profile.biography
    wake, bed = _at(day, bio.wake), _at(day, bio.bedtime)
    commute = bio.commute_minutes if bio.work is not None else 0
    leave = _at(day, bio.work_start, -commute)
    home = _at(day, bio.work_end, commute)
    noon = _at(day, datetime.time(12, 0))
    return {
        "MORNING": (wake + datetime.timedelta(minutes=15), leave),
        "WORKDAY_SPAN": (leave, home),
        "EVENING": (home + datetime.timedelta(minutes=20), bed),
        "LATE_MORNING": (wake + datetime.timedelta(minutes=60), noon),
        "MIDDAY": (noon, _at(day, datetime.time(15, 0))),
        "AFTERNOON": (_at(day, datetime.time(15, 0)), _at(day, datetime.time(18, 30))),
        "EVENING_OFF": (_at(day, datetime.time(18, 30)), bed),
        "DAYTIME": (
            max(wake, _at(day, datetime.time(8, 30))),
            min(bed, _at(day, datetime.time(18, 0))),
        ),
        "ANYTIME": (wake + datetime.timedelta(minutes=30), bed - datetime.timedelta(minutes=30)),
    }


DURATIONS = {
    "exercise": (40, 80),
    "family_time": (90, 180),
    "social_plan": (90, 180),
    "errand": (30, 60),
    "hobby": (60, 150),
    "appointment": (30, 60),
    "rest": (60, 120),
    "work_meeting": (30, 60),
    "call": (1, 25),
}


def place_day(
    profile: ProtagonistProfile,
    day: datetime.date,
    terminals: list[tuple[str, str]],
    rng: random.Random,
) -> list[Placed]:
    """Times for one day's routines: each inside its part of the day and waking hours, in
    order within a part; a routine that does not fit is dropped."""
    windows = _windows(profile, day)
    bio = profile.biography
    cursors = {slot: start for slot, (start, _) in windows.items()}
    placed: list[Placed] = []
    commutes = 0
    for routine, slot in terminals:
        start, end = windows[slot]
        if routine == "commute":
            minutes = bio.commute_minutes
            begin = start if commutes == 0 else _at(day, bio.work_end)
            commutes += 1
            placed.append(Placed(routine, begin, begin + datetime.timedelta(minutes=minutes)))
            continue
        if routine == "work":
            placed.append(Placed(routine, _at(day, bio.work_start), _at(day, bio.work_end)))
            continue
        if routine == "work_meeting":
            hours = (bio.work_end.hour - bio.work_start.hour) or 1
            begin = _at(day, bio.work_start, 60 * rng.randrange(max(1, hours - 1)) + 30)
            minutes = 30 * rng.randint(1, 2)
            placed.append(Placed(routine, begin, begin + datetime.timedelta(minutes=minutes)))
            continue
        low, high = DURATIONS[routine]
        minutes = rng.randint(low, high)
        if routine in ("appointment", "call"):
            latest = (end - start).total_seconds() / 60 - minutes
            if latest < 0:
                continue
            step = 30 if routine == "appointment" else 1
            offset = step * rng.randrange(int(latest // step) + 1)
            begin = start + datetime.timedelta(minutes=offset)
        else:
            gap = 15 * rng.randint(0, 4)
            begin = _round_quarter(cursors[slot] + datetime.timedelta(minutes=gap))
        finish = begin + datetime.timedelta(minutes=minutes)
        if finish > end:
            continue
        if routine not in ("appointment", "call"):
            cursors[slot] = finish
        placed.append(Placed(routine, begin, finish))
    return sorted(placed, key=lambda item: (item.starts_at, item.routine))


def _round_quarter(moment: datetime.datetime) -> datetime.datetime:
    extra = (15 - moment.minute % 15) % 15
    return (moment + datetime.timedelta(minutes=extra)).replace(second=0, microsecond=0)


def day_routines(
    profile: ProtagonistProfile,
    graph: Any,
    day: datetime.date,
    rng: random.Random,
    rules: Rules | None = None,
) -> list[Placed]:
    """One day of the pattern of life, expanded and placed in time."""
    rules = rules if rules is not None else grammar_rules(profile, graph)
    start = "WORKDAY" if day.weekday() in profile.biography.work_days else "OFFDAY"
    return place_day(profile, day, expand(rules, start, rng), rng)
