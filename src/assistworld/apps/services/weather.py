"""Weather: the forecast for a city on a day (up to four weeks ahead)."""

from __future__ import annotations

import datetime
import random
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from assistworld.apps.services._common import (
    InvalidArgumentError,
    between,
    derived_rng,
    rows,
    today,
)
from assistworld.apps.services._places import CITIES, city_argument
from assistworld.tools.declaration import tool
from assistworld.world.tables import Table, keyed
from assistworld.world.world import World

APP = "Weather"
DESCRIPTION = "Check the weather forecast for a city on a day."
HORIZON_DAYS = 28


class Climate(BaseModel):
    """What a city's weather is like in this season: forecasts vary around it."""

    model_config = ConfigDict(extra="forbid")

    mean_temperature: float
    rain_chance: int


class Forecast(BaseModel):
    """The weather of a city on a day."""

    model_config = ConfigDict(extra="forbid")

    city: str = Field(description="the city")
    date: datetime.date = Field(description="the day")
    temperature: int = Field(description="highest temperature, in Fahrenheit")
    precipitation: int = Field(description="chance of rain or snow, in percent")
    humidity: int = Field(description="relative humidity, in percent")
    wind: int = Field(description="wind speed, in miles per hour")


CLIMATES = keyed("climates", Climate, "city -> its weather this season.")
TABLES: tuple[Table[Any], ...] = (CLIMATES,)
FILLED: tuple[Table[Any], ...] = (CLIMATES,)
"""The tables ``populate`` fills (the others start empty and hold what APIs add)."""


def populate(world: World, rng: random.Random, now: datetime.datetime) -> None:
    """A climate for every city; each day's forecast is derived from it."""
    table = world.table(CLIMATES)
    for where in CITIES:
        table[where] = Climate(
            mean_temperature=round(rng.uniform(35.0, 80.0), 1), rain_chance=between(rng, 5, 70)
        )


@tool(app=APP, effect="read")
def getweather(city: str, date: datetime.date | None = None) -> Forecast:
    """The forecast for a city on a day.

    city
        The city.
    date
        The day (YYYY-MM-DD), today to four weeks ahead; today when not given.
    """
    api = "getweather"
    where = city_argument(api, city)
    day = date if date is not None else today()
    ahead = (day - today()).days
    if not 0 <= ahead <= HORIZON_DAYS:
        raise InvalidArgumentError(
            f"{api}: date={day.isoformat()} is outside the forecast, which covers "
            f"{today().isoformat()} to {(today() + datetime.timedelta(HORIZON_DAYS)).isoformat()}"
        )
    climate = rows(CLIMATES)[where]
    rng = derived_rng("weather", where, day.isoformat())
    rain = min(100, max(0, climate.rain_chance + rng.randint(-30, 30)))
    return Forecast(
        city=where,
        date=day,
        temperature=round(climate.mean_temperature + rng.uniform(-12.0, 12.0)),
        precipitation=rain,
        humidity=min(100, max(10, rain + rng.randint(10, 40))),
        wind=rng.randint(0, 30),
    )


__all__ = ["Forecast", "getweather"]
