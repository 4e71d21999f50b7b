"""Departures between two cities on a day, derived from the world's seed (buses, trains, flights).

A timetable is not stored: it is computed from the world's seed, the route and the day, so every
question about the same route and day gets the same departures, and a world needs no row per
route and day.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from assistworld.apps.services._common import InvalidArgumentError, derived_rng, not_past


@dataclass(frozen=True)
class Departure:
    """One departure of a route: when it leaves and arrives, its base fare and its stops."""

    leaves: datetime.time
    arrives: datetime.time
    fare: float
    stops: int
    carrier: int
    """An index the caller maps to a carrier name (an airline); 0 where there is one carrier."""


def departures(
    mode: str,
    origin: str,
    destination: str,
    day: datetime.date,
    *,
    count: int,
    fares: tuple[int, int],
) -> list[Departure]:
    """``count`` departures of ``mode`` from ``origin`` to ``destination`` on ``day``, by time."""
    rng = derived_rng(mode, origin, destination, day.isoformat())
    hours = sorted(rng.sample(range(6, 22), count))
    found = []
    for hour in hours:
        minutes = rng.choice((0, 15, 30, 45))
        leaves = datetime.time(hour, minutes)
        duration = rng.randint(60, 360)
        end = datetime.datetime.combine(day, leaves) + datetime.timedelta(minutes=duration)
        found.append(
            Departure(
                leaves=leaves,
                arrives=end.time().replace(second=0),
                fare=float(rng.randint(*fares)),
                stops=rng.choice((0, 0, 1, 2)),
                carrier=rng.randrange(1000),
            )
        )
    return found


def route(
    api: str,
    origin: str,
    destination: str,
    day: datetime.date,
    *,
    names: tuple[str, str],
    day_name: str,
) -> None:
    """Check that a route goes somewhere and its day is not past; a clear error otherwise."""
    if origin == destination:
        raise InvalidArgumentError(
            f"{api}: {names[0]} and {names[1]} are both {origin!r}; they must differ"
        )
    not_past(api, day_name, day)


__all__ = ["Departure", "departures", "route"]
