"""Composing the parts of a request into a task of one category, and checking it runs.

SS: one call. SM: calls of two or more APIs of one app. MS: two or more apps, one call each.
MM: two or more apps, one of them with two or more calls. A request has one to four independent
components (parallel); a component's calls depend on each other, up to eight of them
(sequential). Every candidate is run with :func:`execute_plan` before it is kept: its gold plan
must succeed and the empty plan must fail.
"""

from __future__ import annotations

import datetime
import random
from collections import Counter
from collections.abc import Callable

import networkx as nx

from assistworld.apps import services
from assistworld.core.seeds import stable_seed
from assistworld.paradigms.appbench.authoring.builder import Builder, BuildError
from assistworld.paradigms.appbench.authoring.children import (
    CHILDREN,
    SAME_APP_CHILDREN,
    house,
    movies,
    stylist,
    therapist,
)
from assistworld.paradigms.appbench.authoring.places import ROOTS, Place, by_flight, stated_place
from assistworld.paradigms.appbench.authoring.singles import NAMED, STANDALONE, reviews, round_trip
from assistworld.paradigms.appbench.authoring.wording import join_sentences
from assistworld.paradigms.appbench.grading.execution import execute_plan
from assistworld.paradigms.appbench.grading.graph import dependency_graph
from assistworld.paradigms.appbench.tasks.model import Call, Category, PlanningTask
from assistworld.world.world import World

FIRST_DAY = datetime.datetime(2019, 3, 1, 9, 0)
"""The paper's reference day; each task's clock is set some days after it."""
MAX_SEQUENTIAL = 8
MAX_PARALLEL = 4
ATTEMPTS = 200


class GenerationError(RuntimeError):
    """No task of a category could be made for a slot (a bug in the generator)."""


def component_sizes(calls: list[Call]) -> list[int]:
    """Sizes of the plan's dependency components (an edge from the latest earlier call that
    returns a variable a call uses), in order of first call."""
    components = sorted(nx.weakly_connected_components(dependency_graph(calls)), key=min)
    return [len(component) for component in components]


def _single(b: Builder) -> None:
    choice = b.rng.random()
    if choice < 0.35:
        child = b.rng.choice(CHILDREN)
        child(b, stated_place(b), False, False)
    elif choice < 0.55:
        b.rng.choice(ROOTS)(b, False)
    elif choice < 0.7:
        part = b.rng.choice([p for p in STANDALONE if p.__name__ != "payment"])
        part(b, False)
    else:
        b.rng.choice(NAMED)(b)


def _one_app(b: Builder) -> None:
    choice = b.rng.random()
    if choice < 0.45:
        child = b.rng.choice(SAME_APP_CHILDREN)
        child(b, stated_place(b), True, False)
    elif choice < 0.7:
        root = b.rng.choice([r for r in ROOTS if r.__name__ != "by_flight"])
        root(b, True)
    elif choice < 0.9:
        b.rng.choice([p for p in STANDALONE if p.__name__ != "reviews"])(b, True)
    else:
        _two_of_one_app(b)


def _two_of_one_app(b: Builder) -> None:
    """Two independent parts of one app (two searches, or a search and a booking)."""
    pair = b.rng.choice(("hotels", "services", "movies", "flights"))
    if pair == "hotels":
        house(b, stated_place(b), False, False)
        house(b, stated_place(b), False, False)
    elif pair == "services":
        stylist(b, stated_place(b), False, False)
        therapist(b, stated_place(b), False, False)
    elif pair == "movies":
        reviews(b, False)
        movies(b, stated_place(b), False, False)
    else:
        by_flight(b, False)
        round_trip(b, False)


def _components(b: Builder, same_app: bool) -> None:
    """One to four components over several apps."""
    count = b.rng.choice((1, 1, 2, 2, 3, 4))
    children = list(CHILDREN)
    b.rng.shuffle(children)
    roots = list(ROOTS)
    b.rng.shuffle(roots)
    standalone = list(STANDALONE)
    b.rng.shuffle(standalone)
    for number in range(count):
        if number and standalone and b.rng.random() < 0.35:
            standalone.pop()(b, same_app and b.rng.random() < 0.6)
            continue
        place: Place
        if roots and b.rng.random() < 0.6:
            place = roots.pop()(b, same_app and b.rng.random() < 0.4)
        else:
            place = stated_place(b)
        budget = b.rng.randint(1, 5 if count == 1 else 3)
        for _ in range(budget):
            if not children:
                break
            child = children.pop()
            child(b, place, same_app and b.rng.random() < 0.6, b.rng.random() < 0.5)


def _fits(category: Category, calls: list[Call]) -> bool:
    apps = Counter(call.app for call in calls)
    apis = {(call.app, call.api) for call in calls}
    sizes = component_sizes(calls)
    if max(sizes, default=0) > MAX_SEQUENTIAL or len(sizes) > MAX_PARALLEL:
        return False
    if category is Category.SS:
        return len(calls) == 1
    if category is Category.SM:
        return len(apps) == 1 and len(apis) >= 2
    if category is Category.MS:
        return len(apps) >= 2 and max(apps.values()) == 1
    return len(apps) >= 2 and max(apps.values()) >= 2 and len(apis) > len(apps)


def _apps_once(b: Builder) -> None:
    _components(b, False)


def _apps_many(b: Builder) -> None:
    _components(b, True)


BUILDERS: dict[Category, Callable[[Builder], None]] = {
    Category.SS: _single,
    Category.SM: _one_app,
    Category.MS: _apps_once,
    Category.MM: _apps_many,
}


def make_task(category: Category, index: int, seen: set[str]) -> PlanningTask:
    """The task ``<category>-<index>``: the first seeded attempt that fits its category, runs,
    and asks something no earlier task asked."""
    for attempt in range(ATTEMPTS):
        seed = stable_seed("travelplans", category.value, index, attempt) % 2**31
        rng = random.Random(seed)
        now = FIRST_DAY + datetime.timedelta(
            days=rng.randint(0, 120), hours=rng.randint(0, 9), minutes=rng.choice((0, 15, 30, 45))
        )
        world = World(now, seed=seed)
        services.populate(world, seed, now)
        builder = Builder(world=world, rng=rng, now=now)
        try:
            BUILDERS[category](builder)
        except BuildError:
            continue
        if not builder.calls or not _fits(category, builder.calls):
            continue
        query = join_sentences(rng, builder.sentences)
        if query in seen:
            continue
        task = PlanningTask(
            query_id=f"{category.value}-{index}",
            query=query,
            category=category.value,
            now=now,
            calls=builder.calls,
            user_arguments=builder.user_arguments,
            world_seed=seed,
            goal=builder.goal(),
            tags=sorted({call.app for call in builder.calls}),
        )
        if not execute_plan(task, task.calls).success or execute_plan(task, []).success:
            continue
        seen.add(query)
        return task
    raise GenerationError(f"no {category.value} task could be made for slot {index}")


__all__ = ["BUILDERS", "GenerationError", "component_sizes", "make_task"]
