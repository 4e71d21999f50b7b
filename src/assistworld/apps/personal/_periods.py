"""Named periods relative to the world's clock: what "today", "last night" or "upcoming" mean.

Weeks start on Monday. "last night" runs from 18:00 yesterday to 06:00 today (so at 02:00 it is
the night still going on). Every period is a half-open interval
``[start, end)``; "past" ends and "upcoming" starts at the current moment.
"""

from __future__ import annotations

import datetime
from typing import Literal, get_args

Period = Literal[
    "today",
    "yesterday",
    "tomorrow",
    "last_night",
    "this_week",
    "last_week",
    "next_week",
    "last_7_days",
    "next_7_days",
    "past",
    "upcoming",
]
PERIODS: tuple[str, ...] = get_args(Period)

_FAR = datetime.timedelta(days=365 * 200)
_DAY = datetime.timedelta(days=1)


def period_bounds(
    period: str, now: datetime.datetime
) -> tuple[datetime.datetime, datetime.datetime]:
    """The interval ``[start, end)`` that ``period`` names at ``now``."""
    midnight = datetime.datetime.combine(now.date(), datetime.time())
    monday = midnight - datetime.timedelta(days=now.weekday())
    week = datetime.timedelta(days=7)
    if period == "last_night":
        morning = midnight + datetime.timedelta(hours=6)
        return morning - datetime.timedelta(hours=12), morning
    bounds = {
        "today": (midnight, midnight + _DAY),
        "yesterday": (midnight - _DAY, midnight),
        "tomorrow": (midnight + _DAY, midnight + 2 * _DAY),
        "this_week": (monday, monday + week),
        "last_week": (monday - week, monday),
        "next_week": (monday + week, monday + 2 * week),
        "last_7_days": (now - week, now),
        "next_7_days": (now, now + week),
        "past": (now - _FAR, now),
        "upcoming": (now, now + _FAR),
    }
    found = bounds.get(period)
    if found is None:
        raise ValueError(f"unknown period {period!r}; use one of {', '.join(PERIODS)}")
    return found
