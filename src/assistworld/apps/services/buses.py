"""Buses: intercity bus trips between two cities on a day, and tickets for them."""

from __future__ import annotations

import datetime
import random
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from assistworld.apps.services._common import NoMatchError, found, optional_choice, positive, stored
from assistworld.apps.services._places import city
from assistworld.apps.services._timetables import departures, route
from assistworld.tools.declaration import tool
from assistworld.world.tables import Table, keyed
from assistworld.world.world import World

APP = "Buses"
DESCRIPTION = "Find intercity bus trips between two cities and buy tickets for them."
CATEGORIES: tuple[str, ...] = ("direct", "one-stop")


class BusTrip(BaseModel):
    """A bus leaving on a day."""

    model_config = ConfigDict(extra="forbid")

    from_city: str = Field(description="city the bus leaves from")
    to_city: str = Field(description="city the bus goes to")
    from_station: str = Field(description="station it leaves from")
    to_station: str = Field(description="station it arrives at")
    departure_date: datetime.date = Field(description="day it leaves")
    departure_time: datetime.time = Field(description="time it leaves")
    price: float = Field(description="fare for one passenger, in dollars")
    num_passengers: int = Field(description="passengers the fare was asked for")
    category: str = Field(description="direct or one-stop")


class BusTicket(BusTrip):
    """Tickets bought for a bus trip."""

    additional_luggage: bool = Field(description="whether extra luggage was paid for")


BUS_TICKETS = keyed("bus_tickets", BusTicket, "ticket id -> bus tickets bought.")
TABLES: tuple[Table[Any], ...] = (BUS_TICKETS,)


def populate(world: World, rng: random.Random, now: datetime.datetime) -> None:
    """Nothing to store: bus timetables are derived from the world's seed."""
    world.declare(*TABLES)


def _trips(
    api: str, from_city: str, to_city: str, departure_date: datetime.date, passengers: int
) -> list[BusTrip]:
    origin, destination = city(api, "from_city", from_city), city(api, "to_city", to_city)
    route(
        api,
        origin,
        destination,
        departure_date,
        names=("from_city", "to_city"),
        day_name="departure_date",
    )
    return [
        BusTrip(
            from_city=origin,
            to_city=destination,
            from_station=f"{origin} Bus Terminal",
            to_station=f"{destination} Bus Terminal",
            departure_date=departure_date,
            departure_time=trip.leaves,
            price=trip.fare,
            num_passengers=passengers,
            category="direct" if trip.stops == 0 else "one-stop",
        )
        for trip in departures("bus", origin, destination, departure_date, count=4, fares=(15, 90))
    ]


@tool(app=APP, effect="read")
def findbus(
    from_city: str,
    to_city: str,
    departure_date: datetime.date,
    num_passengers: int | None = None,
    category: str | None = None,
) -> list[BusTrip]:
    """Buses from one city to another on a day, earliest first.

    from_city
        City to leave from.
    to_city
        City to go to.
    departure_date
        Day to travel (YYYY-MM-DD).
    num_passengers
        How many people travel (1 to 20); 1 when not given.
    category
        Only direct or only one-stop buses.
    """
    api = "findbus"
    passengers = positive(api, "num_passengers", num_passengers or 1)
    kind = optional_choice(api, "category", category, CATEGORIES)
    trips = _trips(api, from_city, to_city, departure_date, passengers)
    return found(
        api,
        f"{kind or ''} bus on {departure_date.isoformat()}".replace("  ", " "),
        [trip for trip in trips if kind in (None, trip.category)],
    )


@tool(app=APP, effect="write")
def buybusticket(
    from_city: str,
    to_city: str,
    departure_date: datetime.date,
    departure_time: datetime.time,
    num_passengers: int,
    additional_luggage: bool = False,
) -> BusTicket:
    """Buy tickets for the bus leaving at a given time; the tickets bought.

    from_city
        City to leave from.
    to_city
        City to go to.
    departure_date
        Day to travel (YYYY-MM-DD).
    departure_time
        Time the bus leaves (HH:MM), as the search gave it.
    num_passengers
        How many tickets to buy (1 to 20).
    additional_luggage
        Whether to pay for extra luggage.
    """
    api = "buybusticket"
    passengers = positive(api, "num_passengers", num_passengers)
    trips = _trips(api, from_city, to_city, departure_date, passengers)
    trip = next((t for t in trips if t.departure_time == departure_time), None)
    if trip is None:
        times = ", ".join(t.departure_time.strftime("%H:%M") for t in trips)
        raise NoMatchError(
            f"{api}: no bus leaves at {departure_time.strftime('%H:%M')} that day; it leaves at "
            f"{times}"
        )
    ticket = BusTicket(**trip.model_dump(), additional_luggage=additional_luggage)
    return stored(BUS_TICKETS, "bus_ticket", ticket)


__all__ = ["BusTicket", "BusTrip", "buybusticket", "findbus"]
