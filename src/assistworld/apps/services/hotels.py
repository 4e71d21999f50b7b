"""Hotels: short-stay houses to rent for a few nights, searched by city and booked by dates."""

from __future__ import annotations

import datetime
import random
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from assistworld.apps.services._common import (
    InvalidArgumentError,
    between,
    city_rows,
    describe,
    fits,
    found,
    not_past,
    phone,
    positive,
    stored,
    street_address,
)
from assistworld.apps.services._places import STREETS, city
from assistworld.tools.declaration import tool
from assistworld.world.tables import Table, keyed
from assistworld.world.world import World

APP = "Hotels"
DESCRIPTION = "Find houses for a short stay in a city and book one for given nights."
LONGEST_STAY = 30


class House(BaseModel):
    """A house offered for short stays."""

    model_config = ConfigDict(extra="forbid")

    where_to: str = Field(description="city the house is in")
    address: str = Field(description="street address of the house")
    phone_number: str = Field(description="number to call the host")
    rating: float = Field(description="mean guest rating out of 5")
    total_price: float = Field(description="price of one night")
    has_laundry_service: bool = Field(description="whether laundry is done for guests")
    number_of_adults: int = Field(description="how many adults the house sleeps")


class HouseBooking(House):
    """A stay booked at a house; ``total_price`` is the whole stay's price."""

    check_in_date: datetime.date = Field(description="first night of the stay")
    check_out_date: datetime.date = Field(description="day the guests leave")


HOUSES = keyed("houses", House, "house address -> house.")
HOUSE_BOOKINGS = keyed("house_bookings", HouseBooking, "booking id -> booked stay.")
TABLES: tuple[Table[Any], ...] = (HOUSES, HOUSE_BOOKINGS)
FILLED_PER_CITY: tuple[Table[Any], ...] = (HOUSES,)
"""The tables ``populate_city`` fills, a city at a time."""


def populate_city(world: World, rng: random.Random, now: datetime.datetime, where: str) -> None:
    """Four houses in a city."""
    table = world.table(HOUSES)
    for _ in range(4):
        house = House(
            where_to=where,
            address=street_address(rng, STREETS),
            phone_number=phone(rng),
            rating=round(rng.uniform(3.0, 5.0), 1),
            total_price=float(rng.randrange(80, 400, 5)),
            has_laundry_service=rng.random() < 0.5,
            number_of_adults=between(rng, 1, 6),
        )
        table.setdefault(f"{where}/{house.address}", house)


def _ranked(where: str) -> list[House]:
    houses = [house for house in city_rows(HOUSES, where).values() if house.where_to == where]
    return sorted(houses, key=lambda h: (-h.rating, h.total_price, h.address))


@tool(app=APP, effect="read")
def searchhouse(
    where_to: str,
    has_laundry_service: bool | None = None,
    number_of_adults: int | None = None,
    rating: float | None = None,
) -> list[House]:
    """Houses in a city, best rated first.

    where_to
        City to stay in.
    has_laundry_service
        Only houses with (True) or without (False) laundry service.
    number_of_adults
        Only houses that sleep at least this many adults.
    rating
        Only houses rated at least this (out of 5).
    """
    api = "searchhouse"
    where = city(api, "where_to", where_to)
    matches = [
        house
        for house in _ranked(where)
        if fits(house.has_laundry_service, has_laundry_service)
        and (number_of_adults is None or house.number_of_adults >= number_of_adults)
        and (rating is None or house.rating >= rating)
    ]
    filters = describe(
        {
            "has_laundry_service": has_laundry_service,
            "number_of_adults": number_of_adults,
            "rating": rating,
        }
    )
    return found(api, f"house in {where}" + (f" with {filters}" if filters else ""), matches)


@tool(app=APP, effect="write")
def bookhouse(
    where_to: str,
    number_of_adults: int,
    check_in_date: datetime.date,
    check_out_date: datetime.date,
) -> HouseBooking:
    """Book the best-rated house of a city that sleeps everyone, for the nights given.

    where_to
        City to stay in.
    number_of_adults
        How many adults will stay (1 to 20).
    check_in_date
        Day of arrival (YYYY-MM-DD).
    check_out_date
        Day of departure (YYYY-MM-DD), after the day of arrival.
    """
    api = "bookhouse"
    where = city(api, "where_to", where_to)
    adults = positive(api, "number_of_adults", number_of_adults)
    arrival = not_past(api, "check_in_date", check_in_date)
    nights = (check_out_date - arrival).days
    if not 1 <= nights <= LONGEST_STAY:
        raise InvalidArgumentError(
            f"{api}: check_out_date must be 1 to {LONGEST_STAY} days after check_in_date "
            f"({arrival.isoformat()}), got {check_out_date.isoformat()}"
        )
    candidates = [house for house in _ranked(where) if house.number_of_adults >= adults]
    house = found(api, f"house in {where} sleeps {adults} adults", candidates)[0]
    booking = HouseBooking(
        **{**house.model_dump(), "total_price": house.total_price * nights},
        check_in_date=arrival,
        check_out_date=check_out_date,
    )
    booking.number_of_adults = adults
    return stored(HOUSE_BOOKINGS, "house_booking", booking)


__all__ = ["House", "HouseBooking", "bookhouse", "searchhouse"]
