"""Flights: one-way and round-trip flights between two cities (searches only)."""

from __future__ import annotations

import datetime
import random
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from assistworld.apps.services._common import (
    InvalidArgumentError,
    choice,
    derived_rng,
    found,
    optional_choice,
    positive,
)
from assistworld.apps.services._places import city
from assistworld.apps.services._timetables import Departure, departures, route
from assistworld.tools.declaration import tool
from assistworld.world.tables import Table
from assistworld.world.world import World

APP = "Flights"
DESCRIPTION = "Search one-way and round-trip flights between two cities."
SEATING_CLASSES: tuple[str, ...] = ("Economy", "Premium Economy", "Business")
AIRLINES: tuple[str, ...] = (
    "United Airlines",
    "American Airlines",
    "Delta Airlines",
    "Southwest Airlines",
    "Alaska Airlines",
)
_CLASS_FACTOR = {"Economy": 1.0, "Premium Economy": 1.6, "Business": 3.0}
TABLES: tuple[Table[Any], ...] = ()


class OneWayFlight(BaseModel):
    """A flight to the destination."""

    model_config = ConfigDict(extra="forbid")

    origin_airport: str = Field(description="city the flight leaves from")
    destination_airport: str = Field(description="city the flight goes to")
    departure_date: datetime.date = Field(description="day it leaves")
    airlines: str = Field(description="airline flying it")
    seating_class: str = Field(description="Economy, Premium Economy or Business")
    number_of_tickets: int = Field(description="tickets the price is for")
    is_nonstop: bool = Field(description="whether it flies without a stop")
    outbound_departure_time: datetime.time = Field(description="time it leaves")
    outbound_arrival_time: datetime.time = Field(description="time it lands")
    price: float = Field(description="price of all the tickets, in dollars")


class RoundTripFlight(OneWayFlight):
    """A flight there and one back."""

    return_date: datetime.date = Field(description="day the flight back leaves")
    inbound_departure_time: datetime.time = Field(description="time the flight back leaves")
    inbound_arrival_time: datetime.time = Field(description="time the flight back lands")


def populate(world: World, rng: random.Random, now: datetime.datetime) -> None:
    """Nothing to store: flight schedules are derived from the world's seed."""


def _legs(
    api: str, origin: str, destination: str, day: datetime.date
) -> tuple[str, str, list[Departure]]:
    start = city(api, "origin_airport", origin)
    end = city(api, "destination_airport", destination)
    route(
        api,
        start,
        end,
        day,
        names=("origin_airport", "destination_airport"),
        day_name="departure_date",
    )
    return start, end, departures("flight", start, end, day, count=4, fares=(90, 450))


def _offers(start: str, end: str, day: datetime.date, number: int, seats: str) -> bool:
    """Whether a flight sells seats of a class: every flight sells Economy, about two in three
    sell Premium Economy or Business."""
    if seats == "Economy":
        return True
    return derived_rng("cabin", start, end, day.isoformat(), number, seats).random() < 0.65


def _filters(
    api: str, seating_class: str | None, number_of_tickets: int | None, airlines: str | None
) -> tuple[str, int, str | None]:
    seats = choice(api, "seating_class", seating_class or "Economy", SEATING_CLASSES)
    tickets = positive(api, "number_of_tickets", number_of_tickets or 1)
    airline = optional_choice(api, "airlines", airlines, AIRLINES)
    return seats, tickets, airline


def _one_way(
    start: str, end: str, day: datetime.date, leg: Departure, seats: str, tickets: int
) -> OneWayFlight:
    return OneWayFlight(
        origin_airport=start,
        destination_airport=end,
        departure_date=day,
        airlines=AIRLINES[leg.carrier % len(AIRLINES)],
        seating_class=seats,
        number_of_tickets=tickets,
        is_nonstop=leg.stops == 0,
        outbound_departure_time=leg.leaves,
        outbound_arrival_time=leg.arrives,
        price=round(leg.fare * _CLASS_FACTOR[seats] * tickets, 2),
    )


@tool(app=APP, effect="read")
def searchonewayflight(
    origin_airport: str,
    destination_airport: str,
    departure_date: datetime.date,
    seating_class: str | None = None,
    number_of_tickets: int | None = None,
    airlines: str | None = None,
) -> list[OneWayFlight]:
    """One-way flights between two cities on a day, cheapest first.

    origin_airport
        City to fly from.
    destination_airport
        City to fly to.
    departure_date
        Day to fly (YYYY-MM-DD).
    seating_class
        Economy, Premium Economy or Business; Economy when not given.
    number_of_tickets
        Tickets to price (1 to 20); 1 when not given.
    airlines
        Only flights of this airline.
    """
    api = "searchonewayflight"
    seats, tickets, airline = _filters(api, seating_class, number_of_tickets, airlines)
    start, end, legs = _legs(api, origin_airport, destination_airport, departure_date)
    flights = [
        _one_way(start, end, departure_date, leg, seats, tickets)
        for number, leg in enumerate(legs)
        if _offers(start, end, departure_date, number, seats)
    ]
    flights = [f for f in flights if airline in (None, f.airlines)]
    flights.sort(key=lambda f: (f.price, f.outbound_departure_time))
    return found(api, f"{airline or ''} flight that day".strip(), flights)


@tool(app=APP, effect="read")
def searchroundtripflights(
    origin_airport: str,
    destination_airport: str,
    departure_date: datetime.date,
    return_date: datetime.date,
    seating_class: str | None = None,
    number_of_tickets: int | None = None,
    airlines: str | None = None,
) -> list[RoundTripFlight]:
    """Round trips between two cities, cheapest first (both legs with one airline).

    origin_airport
        City to fly from (and back to).
    destination_airport
        City to fly to.
    departure_date
        Day to fly out (YYYY-MM-DD).
    return_date
        Day to fly back (YYYY-MM-DD), on or after the day out.
    seating_class
        Economy, Premium Economy or Business; Economy when not given.
    number_of_tickets
        Tickets to price (1 to 20); 1 when not given.
    airlines
        Only flights of this airline.
    """
    api = "searchroundtripflights"
    seats, tickets, airline = _filters(api, seating_class, number_of_tickets, airlines)
    if return_date < departure_date:
        raise InvalidArgumentError(
            f"{api}: return_date {return_date.isoformat()} is before departure_date "
            f"{departure_date.isoformat()}"
        )
    start, end, out_legs = _legs(api, origin_airport, destination_airport, departure_date)
    back_legs = departures("flight", end, start, return_date, count=4, fares=(90, 450))
    trips = []
    for number, (out, back) in enumerate(zip(out_legs, back_legs, strict=True)):
        if not _offers(start, end, departure_date, number, seats):
            continue
        there = _one_way(start, end, departure_date, out, seats, tickets)
        back_price = round(back.fare * _CLASS_FACTOR[seats] * tickets, 2)
        trips.append(
            RoundTripFlight(
                **{**there.model_dump(), "price": round(there.price + back_price, 2)},
                return_date=return_date,
                inbound_departure_time=back.leaves,
                inbound_arrival_time=back.arrives,
            )
        )
    trips = [t for t in trips if airline in (None, t.airlines)]
    trips.sort(key=lambda t: (t.price, t.outbound_departure_time))
    return found(api, f"{airline or ''} round trip for those days".strip(), trips)


__all__ = ["OneWayFlight", "RoundTripFlight", "searchonewayflight", "searchroundtripflights"]
