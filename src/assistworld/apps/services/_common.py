"""What every simulated service shares: its errors, argument checks, seeds and value formats.

The services are the AppBench apps (hotels, trains, restaurants, ...) as apps of the world. Each
keeps a small database in the world's tables, filled by its ``populate`` from a random generator
seeded per app (:func:`app_rng`), so a world made from the same seed holds the same rows whatever
else was populated first.
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Iterable, Sequence
from typing import Any, TypeVar

from assistworld.core.seeds import stable_seed
from assistworld.world.context import current_world
from assistworld.world.tables import Table

C = TypeVar("C")


class ServiceError(ValueError):
    """A service refused a call; the message names the API, the argument and what would fit."""


class InvalidArgumentError(ServiceError):
    """An argument's value is not one the service accepts (unknown city, bad choice, past date)."""


class NoMatchError(ServiceError):
    """A search or booking found nothing that fits the arguments given."""


def app_rng(seed: int, app: str) -> random.Random:
    """The random generator one app's ``populate`` draws from, for a world seed."""
    return random.Random(stable_seed("services", seed, app))


def city_rng(seed: int, app: str, city: str) -> random.Random:
    """The random generator one app's ``populate_city`` draws a city's rows from: each city has
    its own, so a city's rows are the same whether it is filled alone or with all the others."""
    return random.Random(stable_seed("services", seed, app, city))


def derived_rng(*parts: object) -> random.Random:
    """A generator for values the services derive on demand (timetables, forecasts): seeded by
    the active world's seed and ``parts``, so the same question gets the same answer."""
    return random.Random(stable_seed("derived", current_world().seed, *parts))


def rows(table: Table[C]) -> C:
    """The live rows of ``table`` in the active world."""
    return current_world().table(table)


def city_rows(table: Table[C], city: str) -> C:
    """The live rows of ``table`` in the active world, at least those of ``city`` (a lazily
    filled world fills only that city's; filter by the city all the same)."""
    return current_world().table_part(table, city)


def rows_of(table: Table[C], city: str | None) -> C:
    """:func:`city_rows` when the rows wanted are known to be ``city``'s, else every row."""
    return rows(table) if city is None else city_rows(table, city)


def new_key(kind: str) -> str:
    """A fresh, deterministic key for a row a transactional API adds."""
    return current_world().new_id(kind)


def stored(table: Table[dict[str, C]], kind: str, row: C) -> C:
    """``row`` added to ``table`` of the active world under a fresh ``kind`` key (what every
    booking, purchase or playback API does with what it made); the row."""
    rows(table)[new_key(kind)] = row
    return row


def today() -> datetime.date:
    """The active world's current date."""
    return current_world().now.date()


def choice(api: str, argument: str, value: str, allowed: Sequence[str]) -> str:
    """``value`` as spelled in ``allowed`` (matched ignoring case), or a clear error."""
    folded = value.strip().casefold()
    for option in allowed:
        if option.casefold() == folded:
            return option
    raise InvalidArgumentError(
        f"{api}: {argument}={value!r} is not accepted; use one of: {', '.join(allowed)}"
    )


def optional_choice(
    api: str, argument: str, value: str | None, allowed: Sequence[str]
) -> str | None:
    """:func:`choice` for a filter that may be left out (None stays None)."""
    return None if value is None else choice(api, argument, value, allowed)


def nonempty(api: str, argument: str, value: str) -> str:
    """``value`` stripped; an error if nothing is left."""
    text = value.strip()
    if not text:
        raise InvalidArgumentError(f"{api}: {argument} must not be empty")
    return text


def positive(api: str, argument: str, value: int, most: int = 20) -> int:
    """``value`` if it is between 1 and ``most``; an error otherwise."""
    if not 1 <= value <= most:
        raise InvalidArgumentError(f"{api}: {argument}={value} must be between 1 and {most}")
    return value


def not_past(api: str, argument: str, value: datetime.date) -> datetime.date:
    """``value`` if it is today or later in the world's calendar; an error otherwise."""
    if value < today():
        raise InvalidArgumentError(
            f"{api}: {argument}={value.isoformat()} is in the past (today is {today().isoformat()})"
        )
    return value


def same(a: str, b: str) -> bool:
    """Whether two names are the same, ignoring case and surrounding spaces."""
    return a.strip().casefold() == b.strip().casefold()


def fits(value: Any, wanted: Any) -> bool:
    """Whether a row's ``value`` fits a filter ``wanted`` (None: no filter; text ignores case)."""
    if wanted is None:
        return True
    if isinstance(value, str) and isinstance(wanted, str):
        return same(value, wanted)
    return bool(value == wanted)


def found(api: str, what: str, matches: list[C]) -> list[C]:
    """``matches`` if there is any; a :class:`NoMatchError` describing the search otherwise."""
    if not matches:
        raise NoMatchError(f"{api}: no {what}")
    return matches


def the_first(matches: Iterable[C], missing: str) -> C:
    """The first of ``matches`` (read lazily); a :class:`NoMatchError` saying ``missing`` when
    there is none."""
    for match in matches:
        return match
    raise NoMatchError(missing)


def describe(filters: dict[str, Any]) -> str:
    """The filters of a search as text, for a no-match message (unset ones left out)."""
    return ", ".join(f"{name}={value!r}" for name, value in filters.items() if value is not None)


def canonical(value: Any) -> str:
    """A value as the text plans and goals compare: booleans ``True``/``False``, dates ISO,
    times ``HH:MM``, whole floats without ``.0`` noise kept as written by ``repr``."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "True" if value else "False"
    if isinstance(value, datetime.datetime):
        return value.isoformat(timespec="minutes")
    if isinstance(value, datetime.date):
        return value.isoformat()
    if isinstance(value, datetime.time):
        return value.strftime("%H:%M")
    if isinstance(value, float):
        return f"{value:.2f}".rstrip("0").rstrip(".")
    if isinstance(value, str):
        return _canonical_text(value)
    return str(value)


def _canonical_text(text: str) -> str:
    """JSON forms of times (``13:30:00``) read back as ``13:30``; other text unchanged."""
    if len(text) == 8 and text[2] == ":" and text[5] == ":" and text.endswith(":00"):
        try:
            return datetime.time.fromisoformat(text).strftime("%H:%M")
        except ValueError:
            return text
    return text


def draw(rng: random.Random, options: Sequence[C]) -> C:
    """One of ``options`` (a cheaper ``rng.choice``: databases draw thousands of values)."""
    return options[int(rng.random() * len(options))]


def between(rng: random.Random, low: int, high: int) -> int:
    """A whole number from ``low`` to ``high`` inclusive (a cheaper ``rng.randint``)."""
    return low + int(rng.random() * (high - low + 1))


def pick(rng: random.Random, options: Sequence[C], count: int) -> list[C]:
    """``count`` distinct options in random order (all of them when there are fewer)."""
    return rng.sample(list(options), min(count, len(options)))


def phone(rng: random.Random) -> str:
    """A made-up phone number in a reserved-looking 555 range."""
    # between(rng, 200, 989) then between(rng, 0, 9999), written out: every row calls this
    area = 200 + int(rng.random() * 790)
    return f"{area}-555-{int(rng.random() * 10000):04d}"


def street_address(rng: random.Random, streets: Sequence[str]) -> str:
    """A made-up street address."""
    # between(rng, 10, 2999) then draw(rng, streets), written out: every row calls this
    number = 10 + int(rng.random() * 2990)
    return f"{number} {streets[int(rng.random() * len(streets))]}"


__all__ = [
    "InvalidArgumentError",
    "NoMatchError",
    "ServiceError",
    "app_rng",
    "between",
    "canonical",
    "choice",
    "city_rng",
    "city_rows",
    "derived_rng",
    "describe",
    "draw",
    "fits",
    "found",
    "new_key",
    "nonempty",
    "not_past",
    "optional_choice",
    "phone",
    "pick",
    "positive",
    "rows",
    "rows_of",
    "same",
    "stored",
    "street_address",
    "the_first",
    "today",
]
