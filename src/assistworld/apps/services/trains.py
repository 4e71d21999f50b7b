"""Trains: train journeys between two cities on a day, and tickets for them.

The paper's argument names ``from`` and ``class`` are Python keywords: the functions take them as
``from_`` and ``class_`` (a trailing underscore), and plans write them as ``from`` and ``class``.
"""

from __future__ import annotations

import datetime
import random
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from assistworld.apps.services._common import NoMatchError, choice, found, positive, stored
from assistworld.apps.services._places import city
from assistworld.apps.services._timetables import departures, route
from assistworld.tools.declaration import tool
from assistworld.world.tables import Table, keyed
from assistworld.world.world import World

APP = "Trains"
DESCRIPTION = "Find train journeys between two cities and reserve seats on one."
CLASSES: tuple[str, ...] = ("Value", "Flexible", "Business")
_CLASS_FACTOR = {"Value": 1.0, "Flexible": 1.4, "Business": 2.2}
PROTECTION_FEE = 12.0


class TrainJourney(BaseModel):
    """A train leaving on a day."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    from_: str = Field(alias="from", description="city the train leaves from")
    to: str = Field(description="city the train goes to")
    from_station: str = Field(description="station it leaves from")
    to_station: str = Field(description="station it arrives at")
    date_of_journey: datetime.date = Field(description="day it leaves")
    journey_start_time: datetime.time = Field(description="time it leaves")
    total: float = Field(description="price for every adult in the fare class, in dollars")
    number_of_adults: int = Field(description="adults the price was asked for")
    class_: str = Field(alias="class", description="fare class: Value, Flexible or Business")
    trip_protection: bool = Field(description="whether trip protection is included")


TRAIN_TICKETS = keyed("train_tickets", TrainJourney, "ticket id -> train seats reserved.")
TABLES: tuple[Table[Any], ...] = (TRAIN_TICKETS,)


def populate(world: World, rng: random.Random, now: datetime.datetime) -> None:
    """Nothing to store: train timetables are derived from the world's seed."""
    world.declare(*TABLES)


def _journeys(
    api: str,
    origin_name: str,
    destination_name: str,
    day: datetime.date,
    adults: int,
    fare_class: str,
    protection: bool,
) -> list[TrainJourney]:
    origin, destination = city(api, "from", origin_name), city(api, "to", destination_name)
    route(api, origin, destination, day, names=("from", "to"), day_name="date_of_journey")
    extra = PROTECTION_FEE * adults if protection else 0.0
    return [
        TrainJourney(
            from_=origin,
            to=destination,
            from_station=f"{origin} Central",
            to_station=f"{destination} Central",
            date_of_journey=day,
            journey_start_time=trip.leaves,
            total=round(trip.fare * _CLASS_FACTOR[fare_class] * adults + extra, 2),
            number_of_adults=adults,
            class_=fare_class,
            trip_protection=protection,
        )
        for trip in departures("train", origin, destination, day, count=3, fares=(30, 160))
    ]


@tool(app=APP, effect="read")
def findtrains(
    from_: str,
    to: str,
    date_of_journey: datetime.date,
    class_: str | None = None,
    number_of_adults: int | None = None,
) -> list[TrainJourney]:
    """Trains from one city to another on a day, earliest first.

    from_
        City to leave from.
    to
        City to go to.
    date_of_journey
        Day to travel (YYYY-MM-DD).
    class_
        Fare class to price: Value, Flexible or Business; Value when not
        given.
    number_of_adults
        Adults to price for (1 to 20); 1 when not given.
    """
    api = "findtrains"
    fare_class = choice(api, "class", class_ or "Value", CLASSES)
    adults = positive(api, "number_of_adults", number_of_adults or 1)
    journeys = _journeys(api, from_, to, date_of_journey, adults, fare_class, False)
    return found(api, "train that day", journeys)


@tool(app=APP, effect="write")
def gettraintickets(
    from_: str,
    to: str,
    date_of_journey: datetime.date,
    journey_start_time: datetime.time,
    number_of_adults: int,
    trip_protection: bool,
    class_: str = "Value",
) -> TrainJourney:
    """Reserve seats on the train leaving at a given time; the reservation made.

    from_
        City to leave from.
    to
        City to go to.
    date_of_journey
        Day to travel (YYYY-MM-DD).
    journey_start_time
        Time the train leaves (HH:MM), as the search gave it.
    number_of_adults
        Adults to reserve for (1 to 20).
    trip_protection
        Whether to add trip protection, for a fee per adult.
    class_
        Fare class: Value, Flexible or Business; Value when not given.
    """
    api = "gettraintickets"
    fare_class = choice(api, "class", class_, CLASSES)
    adults = positive(api, "number_of_adults", number_of_adults)
    journeys = _journeys(api, from_, to, date_of_journey, adults, fare_class, trip_protection)
    journey = next((j for j in journeys if j.journey_start_time == journey_start_time), None)
    if journey is None:
        times = ", ".join(j.journey_start_time.strftime("%H:%M") for j in journeys)
        raise NoMatchError(
            f"{api}: no train leaves at {journey_start_time.strftime('%H:%M')} that day; trains "
            f"leave at {times}"
        )
    return stored(TRAIN_TICKETS, "train_ticket", journey)


__all__ = ["TrainJourney", "findtrains", "gettraintickets"]
