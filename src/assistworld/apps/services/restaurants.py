"""Restaurants: find restaurants in a city by cuisine, and reserve a table."""

from __future__ import annotations

import datetime
import random
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from assistworld.apps.services._common import (
    NoMatchError,
    city_rows,
    describe,
    draw,
    fits,
    found,
    nonempty,
    not_past,
    phone,
    positive,
    same,
    stored,
    street_address,
    the_first,
    today,
)
from assistworld.apps.services._places import STREETS, city, city_share, name_pairs
from assistworld.tools.declaration import tool
from assistworld.world.tables import Table, keyed
from assistworld.world.world import World

APP = "Restaurants"
DESCRIPTION = "Look up restaurants in a city by cuisine and book a table at one."

CATEGORIES: tuple[str, ...] = (
    "Italian",
    "Mexican",
    "Chinese",
    "Indian",
    "Japanese",
    "Thai",
    "Korean",
    "American",
    "French",
    "Vietnamese",
)
PRICE_RANGES: tuple[str, ...] = ("cheap", "moderate", "pricey", "ultra high-end")
OPENS, LAST_BOOKING = datetime.time(11, 0), datetime.time(22, 0)


class Restaurant(BaseModel):
    """A restaurant the service lists."""

    model_config = ConfigDict(extra="forbid")

    restaurant_name: str = Field(description="name of the restaurant")
    location: str = Field(description="city the restaurant is in")
    category: str = Field(description="kind of food it serves")
    price_range: str = Field(description="cheap, moderate, pricey or ultra high-end")
    has_vegetarian_options: bool = Field(description="whether it has good vegetarian dishes")
    has_seating_outdoors: bool = Field(description="whether it has tables outside")
    rating: float = Field(description="mean guest rating out of 5")
    phone_number: str = Field(description="number to call the restaurant")
    address: str = Field(description="street address of the restaurant")


class TableReservation(Restaurant):
    """A table booked at a restaurant (the restaurant's details, then the booking's)."""

    date: datetime.date = Field(description="day of the reservation")
    time: datetime.time = Field(description="time of the reservation")
    number_of_seats: int = Field(description="how many seats are reserved")


RESTAURANTS = keyed("restaurants", Restaurant, "restaurant name -> restaurant.")
TABLE_RESERVATIONS = keyed(
    "table_reservations", TableReservation, "reservation id -> table reservation."
)
TABLES: tuple[Table[Any], ...] = (RESTAURANTS, TABLE_RESERVATIONS)
FILLED_PER_CITY: tuple[Table[Any], ...] = (RESTAURANTS,)
"""The tables ``populate_city`` fills, a city at a time."""


def populate_city(world: World, rng: random.Random, now: datetime.datetime, where: str) -> None:
    """Six restaurants in a city, each with its own name."""
    table = world.table(RESTAURANTS)
    for adjective, noun in rng.sample(city_share(name_pairs(), where), 6):
        name = f"{adjective} {noun} " + draw(rng, ("Kitchen", "Bistro", "Grill", "House", "Cafe"))
        table[name] = Restaurant(
            restaurant_name=name,
            location=where,
            category=draw(rng, CATEGORIES),
            price_range=draw(rng, PRICE_RANGES),
            has_vegetarian_options=rng.random() < 0.5,
            has_seating_outdoors=rng.random() < 0.5,
            rating=round(rng.uniform(3.0, 5.0), 1),
            phone_number=phone(rng),
            address=street_address(rng, STREETS),
        )


@tool(app=APP, effect="read")
def findrestaurants(
    category: str,
    location: str,
    price_range: str | None = None,
    has_vegetarian_options: bool | None = None,
    has_seating_outdoors: bool | None = None,
) -> list[Restaurant]:
    """Restaurants of a city serving a kind of food, best rated first.

    category
        Kind of food, such as Italian or Thai.
    location
        City to search in.
    price_range
        Only restaurants in this price range: cheap, moderate, pricey or ultra high-end.
    has_vegetarian_options
        Only restaurants with (True) or without (False) good vegetarian dishes.
    has_seating_outdoors
        Only restaurants with (True) or without (False) outdoor tables.
    """
    api = "findrestaurants"
    where = city(api, "location", location)
    kind = nonempty(api, "category", category)
    matches = [
        restaurant
        for restaurant in city_rows(RESTAURANTS, where).values()
        if restaurant.location == where
        and same(restaurant.category, kind)
        and fits(restaurant.price_range, price_range)
        and fits(restaurant.has_vegetarian_options, has_vegetarian_options)
        and fits(restaurant.has_seating_outdoors, has_seating_outdoors)
    ]
    matches.sort(key=lambda r: (-r.rating, r.restaurant_name))
    filters = describe(
        {
            "price_range": price_range,
            "has_vegetarian_options": has_vegetarian_options,
            "has_seating_outdoors": has_seating_outdoors,
        }
    )
    what = f"{kind} restaurant in {where}" + (f" with {filters}" if filters else "")
    return found(api, what, matches)


@tool(app=APP, effect="write")
def reserverestaurant(
    restaurant_name: str,
    location: str,
    time: datetime.time,
    number_of_seats: int = 2,
    date: datetime.date | None = None,
) -> TableReservation:
    """Book a table at a restaurant; the reservation made.

    restaurant_name
        Name of the restaurant, as the search gave it.
    location
        City the restaurant is in.
    time
        Time of the reservation (HH:MM), between 11:00 and 22:00.
    number_of_seats
        How many seats to reserve (1 to 20; 2 when not given).
    date
        Day of the reservation (YYYY-MM-DD); today when not given.
    """
    api = "reserverestaurant"
    where = city(api, "location", location)
    name = nonempty(api, "restaurant_name", restaurant_name)
    restaurant = the_first(
        (
            r
            for r in city_rows(RESTAURANTS, where).values()
            if same(r.restaurant_name, name) and r.location == where
        ),
        f"{api}: there is no restaurant named {name!r} in {where}",
    )
    if not OPENS <= time <= LAST_BOOKING:
        raise NoMatchError(f"{api}: tables can be booked from 11:00 to 22:00, not at {time}")
    day = not_past(api, "date", date if date is not None else today())
    booking = TableReservation(
        **restaurant.model_dump(),
        date=day,
        time=time,
        number_of_seats=positive(api, "number_of_seats", number_of_seats),
    )
    return stored(TABLE_RESERVATIONS, "table_reservation", booking)


__all__ = [
    "Restaurant",
    "TableReservation",
    "findrestaurants",
    "reserverestaurant",
]
