"""The simulated services of the AppBench apps, as apps of the world.

Fifteen apps (Hotels, Rents, Buses, Events, Flights, Homes, Media, Movies, Music, Payment,
Restaurants, Services, Trains, Travel, Weather), one module each. API and argument names are the
paper's (the Schema-Guided Dialogue intents and slots, lower-cased); descriptions and behaviour are
our own. Each module declares its tables (``TABLES``; ``FILLED`` and ``FILLED_PER_CITY``: those
it fills), fills them for a world (``populate`` for the rows the whole app shares,
``populate_city`` for one city's rows) and exports its APIs as tools of its app
(``@tool(app=APP, ...)``).

:func:`populate` fills a world's databases from a seed. Every app, and every city of an app whose
rows belong to cities, draws from its own generator
(:func:`~assistworld.apps.services._common.app_rng`, ``city_rng``), so filling only some apps, or
only some cities of an app (:func:`populate_part`), gives them the same rows as filling all: a
plan's execution fills only what its calls reach (``paradigms/appbench/grading/task_worlds.py``).
:func:`toolset` gives one app's tools; an app reaches only its own.
"""

from __future__ import annotations

import datetime
import functools
import keyword
from types import ModuleType
from typing import Any

from assistworld.apps.services import (
    appointments,
    buses,
    events,
    flights,
    homes,
    hotels,
    media,
    movies,
    music,
    payment,
    rents,
    restaurants,
    trains,
    travel,
    weather,
)
from assistworld.apps.services._catalogue import FILM_GENRES, MUSIC_GENRES
from assistworld.apps.services._common import (
    InvalidArgumentError,
    NoMatchError,
    ServiceError,
    app_rng,
    canonical,
    city_rng,
)
from assistworld.apps.services._places import CITIES
from assistworld.tools.toolset import Toolset
from assistworld.world.tables import Table
from assistworld.world.world import World

SERVICE_MODULES: tuple[ModuleType, ...] = (
    hotels,
    rents,
    buses,
    events,
    flights,
    homes,
    media,
    movies,
    music,
    payment,
    restaurants,
    appointments,
    trains,
    travel,
    weather,
)
"""One module per app, in the paper's order of apps."""

APP_NAMES: tuple[str, ...] = tuple(module.APP for module in SERVICE_MODULES)


class UnknownAppError(LookupError):
    """No service is called by the name given."""


def app_module(app: str) -> ModuleType:
    """The module of the app called ``app`` (exact name, as :data:`APP_NAMES` spells it)."""
    for module in SERVICE_MODULES:
        if app == module.APP:
            return module
    raise UnknownAppError(f"there is no app {app!r}; apps: {', '.join(APP_NAMES)}")


def find_app(name: str) -> str | None:
    """The app's name as :data:`APP_NAMES` spells it, matched ignoring case; None if unknown."""
    folded = name.strip().casefold()
    return next((app for app in APP_NAMES if app.casefold() == folded), None)


@functools.cache
def toolset(app: str) -> Toolset:
    """The APIs of one app (built once per process: a toolset is immutable)."""
    return Toolset((app_module(app),))


def tables(app: str) -> tuple[Table[Any], ...]:
    """The tables one app keeps in a world."""
    return tuple(app_module(app).TABLES)


def filled_tables(app: str, *, per_city: bool = False) -> tuple[Table[Any], ...]:
    """The tables of ``app`` that its ``populate`` fills (``per_city``: that its
    ``populate_city`` fills); its other tables start empty and hold what its APIs add."""
    return tuple(getattr(app_module(app), "FILLED_PER_CITY" if per_city else "FILLED", ()))


def parts(app: str) -> tuple[str | None, ...]:
    """The parts ``app``'s databases are filled in: None for the rows the whole app shares (if
    it has any), then each city, for an app whose rows belong to cities."""
    module = app_module(app)
    shared: tuple[str | None, ...] = (None,) if hasattr(module, "populate") else ()
    return shared + (CITIES if hasattr(module, "populate_city") else ())


def populate_part(
    world: World, seed: int, now: datetime.datetime, app: str, part: str | None
) -> None:
    """Fill one part of ``app``'s databases in ``world`` (see :func:`parts`). A city's rows may
    read the shared part (a cinema shows reviewed films): fill that first."""
    module = app_module(app)
    world.declare(*module.TABLES)
    if part is None:
        module.populate(world, app_rng(seed, app), now)
    else:
        module.populate_city(world, city_rng(seed, app, part), now, part)


def populate(
    world: World, seed: int, now: datetime.datetime, apps: tuple[str, ...] | None = None
) -> None:
    """Fill ``world``'s service databases for ``seed`` (all apps, or only ``apps``).

    Sets the world's clock to ``now``; the databases' dates are relative to it.
    """
    world.now = now
    for module in SERVICE_MODULES:
        if apps is not None and module.APP not in apps:
            continue
        world.declare(*module.TABLES)
        for part in parts(module.APP):
            populate_part(world, seed, now, module.APP, part)


VALUE_SETS: tuple[tuple[str, ...], ...] = (
    CITIES,
    restaurants.CATEGORIES,
    restaurants.PRICE_RANGES,
    rents.CAR_TYPES,
    rents.RIDE_TYPES,
    buses.CATEGORIES,
    events.EVENT_TYPES,
    flights.SEATING_CLASSES,
    flights.AIRLINES,
    homes.INTENTS,
    media.SUBTITLE_LANGUAGES,
    movies.SHOW_TYPES,
    music.DEVICES,
    payment.PAYMENT_METHODS,
    appointments.THERAPIST_TYPES,
    trains.CLASSES,
    travel.CATEGORIES,
    FILM_GENRES,
    MUSIC_GENRES,
)
"""The closed sets of values some arguments take (cities, cuisines, car types, ...)."""


def sibling_value(value: str) -> str | None:
    """Another value of the closed set ``value`` belongs to (the next one), or None."""
    folded = value.strip().casefold()
    for values in VALUE_SETS:
        for index, known in enumerate(values):
            if known.casefold() == folded:
                return values[(index + 1) % len(values)]
    return None


def python_name(argument: str) -> str:
    """The parameter name a plan's argument has in Python (``from`` -> ``from_``)."""
    return argument + "_" if keyword.iskeyword(argument) else argument


def plan_name(parameter: str) -> str:
    """The name a plan writes for a Python parameter (``class_`` -> ``class``)."""
    stripped = parameter[:-1] if parameter.endswith("_") else parameter
    return stripped if keyword.iskeyword(stripped) else parameter


__all__ = [
    "APP_NAMES",
    "CITIES",
    "SERVICE_MODULES",
    "VALUE_SETS",
    "InvalidArgumentError",
    "NoMatchError",
    "ServiceError",
    "UnknownAppError",
    "app_module",
    "canonical",
    "filled_tables",
    "find_app",
    "parts",
    "plan_name",
    "populate",
    "populate_part",
    "python_name",
    "sibling_value",
    "tables",
    "toolset",
]
