"""A task's world fills an app's databases when a plan first reaches one of its tables."""

from __future__ import annotations

from assistworld.apps import services
from assistworld.paradigms.appbench.execution import execute_plan
from assistworld.paradigms.appbench.task_worlds import TaskWorlds
from assistworld.world.world import World
from tests.paradigms.appbench._plans import KIND, NOW, RESERVE, SEARCH, SEED, WEATHER, WHERE
from tests.paradigms.appbench._plans import task as booking_task
from tests.paradigms.appbench.helpers import lit


def test_an_app_is_filled_when_a_call_first_reaches_its_rows() -> None:
    world = TaskWorlds(booking_task()).world(("Restaurants", "Weather"))
    assert world.filled_apps == []
    tools = services.toolset("Restaurants")
    with world.active():
        rejected = tools.call_json("findrestaurants", {"category": "Sushi", "location": "Atlantis"})
        assert rejected.error is not None and "Atlantis" in rejected.error.message
        assert world.filled_apps == []  # the city was refused before any row was read
        found = tools.call_json("findrestaurants", {"category": KIND, "location": WHERE})
    assert world.filled_apps == ["Restaurants"]
    fresh = World(NOW, seed=SEED)
    services.populate(fresh, SEED, NOW, ("Restaurants",))
    for table in services.tables("Restaurants"):
        assert world.table(table) == fresh.table(table)
    assert found.error is None and len(found.result) >= 2


def test_a_plan_stopped_before_the_data_fills_nothing_and_scores_as_before() -> None:
    task = booking_task()
    worlds = TaskWorlds(task)
    elsewhere = SEARCH.model_copy(
        update={"arguments": {**SEARCH.arguments, "location": lit("Atlantis")}}
    )
    report = execute_plan(task, [elsewhere.model_copy(update={"app": "Hotels"}), WEATHER], worlds)
    assert [call.status for call in report.calls] == ["refused", "ok"]
    assert report.missing_rows and not report.unexpected_rows
    assert worlds.apps_filled == ("Weather",)  # not Hotels (refused) nor Restaurants (unreached)
    booked = execute_plan(task, [SEARCH, RESERVE, RESERVE], worlds)
    assert booked.all_ran and len(booked.unexpected_rows) == 1 and not booked.missing_rows
