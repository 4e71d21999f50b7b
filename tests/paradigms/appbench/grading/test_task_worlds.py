"""A task's world fills an app's databases when a plan first reaches one of its tables."""

from __future__ import annotations

from assistworld.apps import services
from assistworld.paradigms.appbench.grading.execution import execute_plan
from assistworld.paradigms.appbench.grading.task_worlds import TaskWorlds
from assistworld.paradigms.appbench.tasks.model import Call
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


def test_a_search_in_one_city_copies_in_only_that_citys_rows() -> None:
    worlds = TaskWorlds(booking_task())
    world = worlds.world(("Restaurants",))
    with world.active():
        found = services.toolset("Restaurants").call_json(
            "findrestaurants", {"category": KIND, "location": WHERE}
        )
    assert found.error is None
    held = World.table(world, services.restaurants.RESTAURANTS).values()
    assert {r.location for r in held} == {WHERE}
    fresh = World(NOW, seed=SEED)
    services.populate(fresh, SEED, NOW, ("Restaurants",))
    whole = World.table(fresh, services.restaurants.RESTAURANTS)
    assert World.table(world, services.restaurants.RESTAURANTS) == {
        key: row for key, row in whole.items() if row.location == WHERE
    }


def test_a_lookup_by_name_alone_copies_in_the_city_that_name_belongs_to() -> None:
    fresh = World(NOW, seed=SEED)
    services.populate(fresh, SEED, NOW, ("Services",))
    salon = next(
        s for s in World.table(fresh, services.appointments.STYLISTS).values() if s.city != WHERE
    )
    world = TaskWorlds(booking_task()).world(("Services",))
    with world.active():
        booked = services.toolset("Services").call_json(
            "book_stylist_appointment",
            {
                "stylist_name": salon.stylist_name.upper(),
                "appointment_time": "10:30",
                "appointment_date": "2019-03-05",
            },
        )
    assert booked.error is None, booked.error
    assert booked.result["city"] == salon.city
    held = World.table(world, services.appointments.STYLISTS).values()
    assert {s.city for s in held} == {salon.city}


def test_a_name_no_city_holds_reads_every_city_and_is_refused() -> None:
    world = TaskWorlds(booking_task()).world(("Services",))
    with world.active():
        refused = services.toolset("Services").call_json(
            "book_therapist_appointment",
            {
                "therapist_name": "Nobody Atall",
                "appointment_time": "10:30",
                "appointment_date": "2019-03-05",
            },
        )
    assert refused.error is not None and "no therapist named" in refused.error.message
    held = World.table(world, services.appointments.THERAPISTS).values()
    assert len({t.city for t in held}) == len(services.CITIES)


def test_a_write_that_reads_no_rows_fills_nothing_and_its_row_is_still_unexpected() -> None:
    task = booking_task()
    worlds = TaskWorlds(task)
    ride = Call(
        app="Rents",
        api="getride",
        arguments={
            "destination": lit("Pier 39"),
            "number_of_seats": lit("2"),
            "ride_type": lit("Pool"),
        },
    )
    report = execute_plan(task, [SEARCH, RESERVE, ride], worlds)
    assert report.all_ran and not report.missing_rows
    assert [text.split(":")[0] for text in report.unexpected_rows] == ["Rents rides"]
    assert "Rents" not in worlds.apps_filled  # getride reads no car
