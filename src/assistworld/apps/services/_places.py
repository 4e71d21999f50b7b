"""The made-up geography and name parts the services draw their databases from.

Everything here is our own invention (street names, business names); only city names are real.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from assistworld.apps.services._common import InvalidArgumentError

T = TypeVar("T")

CITIES: tuple[str, ...] = (
    "New York",
    "San Francisco",
    "Los Angeles",
    "Chicago",
    "Seattle",
    "Portland",
    "San Diego",
    "Boston",
    "Denver",
    "Austin",
    "Atlanta",
    "Phoenix",
)

STREETS: tuple[str, ...] = (
    "Alder Street",
    "Birch Avenue",
    "Canal Road",
    "Dockside Way",
    "Elm Row",
    "Foundry Lane",
    "Granite Boulevard",
    "Harbor Drive",
    "Iris Court",
    "Juniper Place",
    "Kestrel Street",
    "Linden Avenue",
    "Millpond Road",
    "Northgate Drive",
    "Orchard Terrace",
    "Pioneer Square",
)

ADJECTIVES: tuple[str, ...] = (
    "Amber",
    "Blue",
    "Copper",
    "Drifting",
    "Emerald",
    "Foggy",
    "Golden",
    "Hidden",
    "Ivory",
    "Jade",
    "Lucky",
    "Midnight",
    "Northern",
    "Olive",
    "Painted",
    "Quiet",
    "Rustic",
    "Silver",
    "Tidal",
    "Velvet",
    "Wild",
    "Crimson",
)

NOUNS: tuple[str, ...] = (
    "Lantern",
    "Fig",
    "Kettle",
    "Harbor",
    "Orchard",
    "Sparrow",
    "Anchor",
    "Willow",
    "Garden",
    "Table",
    "Ember",
    "Meadow",
    "Pepper",
    "Compass",
    "Bridge",
    "Fox",
    "Spoon",
    "Lotus",
)

FIRST_NAMES: tuple[str, ...] = (
    "Avery",
    "Bianca",
    "Caleb",
    "Dalia",
    "Elliot",
    "Farah",
    "Gideon",
    "Hana",
    "Idris",
    "Juno",
    "Kian",
    "Leona",
    "Milo",
    "Nadia",
    "Oren",
    "Priya",
    "Quinn",
    "Rosa",
    "Silas",
    "Talia",
)

LAST_NAMES: tuple[str, ...] = (
    "Abernathy",
    "Brennan",
    "Castillo",
    "Dvorak",
    "Eriksen",
    "Fontaine",
    "Galloway",
    "Hartmann",
    "Iqbal",
    "Jovanovic",
    "Kowalski",
    "Lindqvist",
    "Mbeki",
    "Novak",
    "Okafor",
    "Petrov",
)


def city(api: str, argument: str, value: str) -> str:
    """``value`` as one of the cities the services cover (ignoring case), or a clear error."""
    folded = value.strip().casefold()
    for known in CITIES:
        if known.casefold() == folded:
            return known
    raise InvalidArgumentError(
        f"{api}: {argument}={value!r} is not a city this service covers; cities: "
        + ", ".join(CITIES)
    )


def city_argument(api: str, value: str) -> str:
    """:func:`city` for an API whose argument is called ``city``."""
    return city(api, "city", value)


NAME_PAIRS: tuple[tuple[str, str], ...] = tuple(
    (adjective, noun) for adjective in ADJECTIVES for noun in NOUNS
)
PERSON_NAMES: tuple[str, ...] = tuple(
    f"{first} {last}" for first in FIRST_NAMES for last in LAST_NAMES
)


def city_share(pool: Sequence[T], where: str) -> list[T]:
    """The part of a pool of names that is ``where``'s alone (every twelfth, by the city's
    position): rows drawn per city from their city's share keep names unique across cities, so a
    lookup by name alone finds one row however many cities are filled."""
    return list(pool[CITIES.index(where) :: len(CITIES)])


def share_owner(pool: Sequence[T], name: str, spelled: Callable[[T], str]) -> str | None:
    """The city whose :func:`city_share` of ``pool`` holds the entry ``spelled`` as ``name``
    (ignoring case and surrounding spaces); None when no entry is. A lookup by name alone reads
    only that city's rows."""
    folded = name.strip().casefold()
    for index, entry in enumerate(pool):
        if spelled(entry).casefold() == folded:
            return CITIES[index % len(CITIES)]
    return None


def city_prefix(text: str) -> str | None:
    """The city ``text`` starts with, followed by a space (``"Seattle Union Station"``), or
    None."""
    folded = text.strip().casefold()
    return next((c for c in CITIES if folded.startswith(c.casefold() + " ")), None)


def name_pairs() -> tuple[tuple[str, str], ...]:
    """Every ``(adjective, noun)`` pair, in a fixed order (draw names with ``rng.sample``)."""
    return NAME_PAIRS


def person_names() -> tuple[str, ...]:
    """Every ``First Last`` name, in a fixed order."""
    return PERSON_NAMES


__all__ = [
    "ADJECTIVES",
    "CITIES",
    "FIRST_NAMES",
    "LAST_NAMES",
    "NOUNS",
    "STREETS",
    "city",
    "city_argument",
    "city_prefix",
    "city_share",
    "name_pairs",
    "person_names",
    "share_owner",
]
