"""The services' databases: the same seed gives the same world, app by app."""

from __future__ import annotations

from assistworld.apps import services
from assistworld.world import World
from tests.apps.services._world import NOW, world


def test_the_same_seed_gives_the_same_databases() -> None:
    assert world(5) == world(5)
    assert world(5).to_json() == world(5).to_json()


def test_another_seed_gives_other_databases() -> None:
    assert world(5).to_json() != world(6).to_json()


def test_populating_some_apps_gives_them_the_rows_a_full_populate_gives() -> None:
    some = World(NOW, seed=5)
    services.populate(some, 5, NOW, ("Restaurants", "Events"))
    full = world(5)
    for app in ("Restaurants", "Events"):
        for table in services.tables(app):
            assert some.table(table) == full.table(table)
    hotels = services.tables("Hotels")[0]
    assert some.table(hotels) == {}


def test_every_app_has_tools_of_its_own_name() -> None:
    assert len(services.APP_NAMES) == 15
    for app in services.APP_NAMES:
        tools = services.toolset(app)
        assert len(tools) >= 1
        assert {tool.app for tool in tools} == {app}


def test_clock_is_set_and_dated_rows_follow_it() -> None:
    made = world()
    assert made.now == NOW
    events = services.tables("Events")[0]
    dates = [event.date for event in made.table(events).values()]
    assert min(dates) > NOW.date()


def test_keyword_argument_names_map_both_ways() -> None:
    assert services.python_name("from") == "from_"
    assert services.python_name("class") == "class_"
    assert services.python_name("to") == "to"
    assert services.plan_name("from_") == "from"
    assert services.plan_name("class_") == "class"
    assert services.plan_name("where_to") == "where_to"
