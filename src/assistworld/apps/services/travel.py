"""Travel: attractions and places to visit in a city."""

from __future__ import annotations

import datetime
import random
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from assistworld.apps.services._common import (
    city_rows,
    draw,
    fits,
    found,
    optional_choice,
    phone,
)
from assistworld.apps.services._places import city, city_share, name_pairs
from assistworld.tools.declaration import tool
from assistworld.world.tables import Table, keyed
from assistworld.world.world import World

APP = "Travel"
DESCRIPTION = "Browse the attractions and places to visit in a city."
CATEGORIES: tuple[str, ...] = (
    "Museum",
    "Park",
    "Theme Park",
    "Historical Landmark",
    "Place of Worship",
    "Shopping Area",
    "Nature Preserve",
)


class Attraction(BaseModel):
    """A place to visit."""

    model_config = ConfigDict(extra="forbid")

    attraction_name: str = Field(description="name of the place")
    location: str = Field(description="city it is in")
    category: str = Field(description="kind of place, such as Museum or Park")
    phone_number: str = Field(description="number to call")
    free_entry: bool = Field(description="whether entry is free")
    good_for_kids: bool = Field(description="whether it suits children")


ATTRACTIONS = keyed("attractions", Attraction, "attraction name -> place to visit.")
TABLES: tuple[Table[Any], ...] = (ATTRACTIONS,)
FILLED_PER_CITY: tuple[Table[Any], ...] = (ATTRACTIONS,)
"""The tables ``populate_city`` fills, a city at a time."""


def populate_city(world: World, rng: random.Random, now: datetime.datetime, where: str) -> None:
    """Six attractions in a city."""
    table = world.table(ATTRACTIONS)
    for adjective, noun in rng.sample(city_share(name_pairs(), where), 6):
        kind = draw(rng, CATEGORIES)
        name = f"{adjective} {noun} {kind}"
        table[name] = Attraction(
            attraction_name=name,
            location=where,
            category=kind,
            phone_number=phone(rng),
            free_entry=rng.random() < 0.5,
            good_for_kids=rng.random() < 0.6,
        )


@tool(app=APP, effect="read")
def findattractions(
    location: str,
    free_entry: bool | None = None,
    category: str | None = None,
    good_for_kids: bool | None = None,
) -> list[Attraction]:
    """Attractions of a city that fit every filter given, by name.

    location
        City to look in.
    free_entry
        Only places free (True) or not free (False) to enter.
    category
        Only places of this kind: Museum, Park, Theme Park, Historical Landmark, Place of
        Worship, Shopping Area or Nature Preserve.
    good_for_kids
        Only places that suit (True) or do not suit (False) children.
    """
    api = "findattractions"
    where = city(api, "location", location)
    kind = optional_choice(api, "category", category, CATEGORIES)
    matches = [
        a
        for a in city_rows(ATTRACTIONS, where).values()
        if a.location == where
        and fits(a.category, kind)
        and fits(a.free_entry, free_entry)
        and fits(a.good_for_kids, good_for_kids)
    ]
    matches.sort(key=lambda a: a.attraction_name)
    return found(api, f"attraction in {where} fits those filters", matches)


__all__ = ["Attraction", "findattractions"]
