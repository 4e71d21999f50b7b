"""Homes: properties to rent or buy in a city, and visits to see them."""

from __future__ import annotations

import datetime
import random
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from assistworld.apps.services._common import (
    between,
    choice,
    city_rows,
    draw,
    fits,
    found,
    nonempty,
    not_past,
    phone,
    positive,
    rows_of,
    same,
    stored,
    street_address,
    the_first,
)
from assistworld.apps.services._places import NOUNS, STREETS, city, city_share, share_owner
from assistworld.tools.declaration import tool
from assistworld.world.tables import Table, keyed
from assistworld.world.world import World

APP = "Homes"
DESCRIPTION = "Find homes to rent or buy in a city and schedule a visit to one."
INTENTS: tuple[str, ...] = ("rent", "buy")
KINDS: tuple[str, ...] = ("Apartments", "Residences", "Court", "Lofts", "Gardens")


HOME_NAMES: tuple[tuple[str, str], ...] = tuple((n, k) for n in NOUNS for k in KINDS)
"""Every home's name as (noun, kind); each city draws from its own share."""


def _home_name(parts: tuple[str, str]) -> str:
    noun, kind = parts
    return f"{noun} {kind}"


class Property(BaseModel):
    """A home offered for rent or for sale."""

    model_config = ConfigDict(extra="forbid")

    property_name: str = Field(description="name of the property or building")
    area: str = Field(description="city it is in")
    intent: str = Field(description="rent or buy")
    address: str = Field(description="street address")
    phone_number: str = Field(description="number to call the agent")
    number_of_beds: int = Field(description="bedrooms")
    number_of_baths: int = Field(description="bathrooms")
    has_garage: bool = Field(description="whether it has a garage")
    in_unit_laundry: bool = Field(description="whether it has its own laundry")
    price: float = Field(description="monthly rent, or sale price, in dollars")


class Visit(Property):
    """A visit scheduled to see a property."""

    visit_date: datetime.date = Field(description="day of the visit")


PROPERTIES = keyed("properties", Property, "property name -> home offered.")
VISITS = keyed("property_visits", Visit, "visit id -> scheduled visit.")
TABLES: tuple[Table[Any], ...] = (PROPERTIES, VISITS)
FILLED_PER_CITY: tuple[Table[Any], ...] = (PROPERTIES,)
"""The tables ``populate_city`` fills, a city at a time."""


def populate_city(world: World, rng: random.Random, now: datetime.datetime, where: str) -> None:
    """Five homes in a city, some to rent and some to buy."""
    table = world.table(PROPERTIES)
    for noun, kind in rng.sample(city_share(HOME_NAMES, where), 5):
        intent = draw(rng, INTENTS)
        beds = between(rng, 1, 4)
        price = (
            rng.randrange(1500, 6000, 50) if intent == "rent" else rng.randrange(300, 2000) * 1000
        )
        name = _home_name((noun, kind))
        table[name] = Property(
            property_name=name,
            area=where,
            intent=intent,
            address=street_address(rng, STREETS),
            phone_number=phone(rng),
            number_of_beds=beds,
            number_of_baths=between(rng, 1, max(1, beds - 1)),
            has_garage=rng.random() < 0.5,
            in_unit_laundry=rng.random() < 0.5,
            price=float(price),
        )


@tool(app=APP, effect="read")
def findhomebyarea(
    area: str,
    intent: str,
    number_of_beds: int,
    number_of_baths: int,
    has_garage: bool | None = None,
    in_unit_laundry: bool | None = None,
) -> list[Property]:
    """Homes of a city to rent or to buy with the rooms asked for, cheapest first.

    area
        City to look in.
    intent
        rent or buy.
    number_of_beds
        Bedrooms wanted (exactly).
    number_of_baths
        Bathrooms wanted (exactly).
    has_garage
        Only homes with (True) or without (False) a garage.
    in_unit_laundry
        Only homes with (True) or without (False) their own laundry.
    """
    api = "findhomebyarea"
    where = city(api, "area", area)
    wanted = choice(api, "intent", intent, INTENTS)
    beds = positive(api, "number_of_beds", number_of_beds, most=10)
    baths = positive(api, "number_of_baths", number_of_baths, most=10)
    matches = [
        home
        for home in city_rows(PROPERTIES, where).values()
        if home.area == where
        and home.intent == wanted
        and home.number_of_beds == beds
        and home.number_of_baths == baths
        and fits(home.has_garage, has_garage)
        and fits(home.in_unit_laundry, in_unit_laundry)
    ]
    matches.sort(key=lambda h: (h.price, h.property_name))
    return found(api, f"home to {wanted} in {where} with {beds} beds and {baths} baths", matches)


@tool(app=APP, effect="write")
def schedulevisit(property_name: str, visit_date: datetime.date) -> Visit:
    """Schedule a visit to a property on a day; the visit.

    property_name
        Name of the property, as the search gave it.
    visit_date
        Day of the visit (YYYY-MM-DD).
    """
    api = "schedulevisit"
    name = nonempty(api, "property_name", property_name)
    homes = rows_of(PROPERTIES, share_owner(HOME_NAMES, name, _home_name)).values()
    home = the_first(
        (h for h in homes if same(h.property_name, name)),
        f"{api}: there is no property named {name!r}",
    )
    visit = Visit(**home.model_dump(), visit_date=not_past(api, "visit_date", visit_date))
    return stored(VISITS, "visit", visit)


__all__ = ["Property", "Visit", "findhomebyarea", "schedulevisit"]
