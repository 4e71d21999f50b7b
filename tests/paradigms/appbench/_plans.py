"""A small planning task over the simulated services, for the executor and mutant tests."""

from __future__ import annotations

import datetime

from assistworld.apps import services
from assistworld.paradigms.appbench.tasks.model import (
    Call,
    ExecutionGoal,
    PlanningTask,
    RowRequirement,
)
from assistworld.world import World
from tests.paradigms.appbench.helpers import lit, var

NOW = datetime.datetime(2019, 3, 1, 9, 0)
SEED = 21


def restaurants() -> list[services.restaurants.Restaurant]:
    world = World(NOW, seed=SEED)
    services.populate(world, SEED, NOW, ("Restaurants",))
    return list(world.table(services.restaurants.RESTAURANTS).values())


def _target() -> tuple[str, str, list[str]]:
    """A (city, cuisine) with at least two restaurants, and their names, best first (the
    order ``findrestaurants`` gives them in). The next city (where a changed-literal mutant
    moves the search) has one too, so a lax goal lets that mutant through."""
    by_place: dict[tuple[str, str], list[str]] = {}
    for r in sorted(restaurants(), key=lambda r: (-r.rating, r.restaurant_name)):
        by_place.setdefault((r.location, r.category), []).append(r.restaurant_name)
    (where, kind), names = next(
        (key, names)
        for key, names in sorted(by_place.items())
        if len(names) >= 2 and (services.sibling_value(key[0]), key[1]) in by_place
    )
    return where, kind, names


WHERE, KIND, NAMES = _target()

SEARCH = Call(
    app="Restaurants",
    api="findrestaurants",
    arguments={"category": lit(KIND), "location": lit(WHERE)},
    returns=("restaurant_name",),
)
RESERVE = Call(
    app="Restaurants",
    api="reserverestaurant",
    arguments={
        "restaurant_name": var("restaurant_name"),
        "location": lit(WHERE),
        "time": lit("19:30"),
        "number_of_seats": lit("4"),
        "date": lit("2019-03-05"),
    },
)
WEATHER = Call(
    app="Weather",
    api="getweather",
    arguments={"city": lit(WHERE), "date": lit("2019-03-05")},
    returns=("temperature",),
)


def task(answers: dict[str, list[str]] | None = None) -> PlanningTask:
    goal = ExecutionGoal(
        rows=[
            RowRequirement(
                app="Restaurants",
                table="table_reservations",
                fields={
                    "location": WHERE,
                    "category": KIND,
                    "time": "19:30",
                    "number_of_seats": "4",
                    "date": "2019-03-05",
                },
            )
        ],
        answers=answers or {},
    )
    return PlanningTask(
        query_id="sm-0",
        query="book",
        category="sm",
        calls=[SEARCH, RESERVE],
        world_seed=SEED,
        goal=goal,
        now=NOW,
    )
