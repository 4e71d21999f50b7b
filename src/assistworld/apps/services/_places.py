"""The made-up geography and name parts the services draw their databases from.

Everything here is our own invention (street names, business names); only city names are real.
"""

from __future__ import annotations

from assistworld.apps.services._common import InvalidArgumentError

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


def business_names(count: int, rng_sample: list[tuple[str, str]]) -> list[str]:
    """``count`` names ``Adjective Noun`` from pairs drawn without replacement."""
    return [f"{adjective} {noun}" for adjective, noun in rng_sample[:count]]


def name_pairs() -> list[tuple[str, str]]:
    """Every ``(adjective, noun)`` pair, in a fixed order (shuffle a copy to draw names)."""
    return [(adjective, noun) for adjective in ADJECTIVES for noun in NOUNS]


def person_names() -> list[str]:
    """Every ``First Last`` name, in a fixed order."""
    return [f"{first} {last}" for first in FIRST_NAMES for last in LAST_NAMES]


__all__ = [
    "ADJECTIVES",
    "CITIES",
    "FIRST_NAMES",
    "LAST_NAMES",
    "NOUNS",
    "STREETS",
    "business_names",
    "city",
    "name_pairs",
    "person_names",
]
