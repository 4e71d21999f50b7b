"""The services' databases: the same seed gives the same world, app by app."""

from __future__ import annotations

from assistworld.apps import services
from assistworld.apps.services import _places
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


def test_each_city_is_filled_alike_alone_in_any_order_or_with_all() -> None:
    full = world(5)
    for app in services.APP_NAMES:
        parts = services.parts(app)
        if len(parts) <= 1:
            continue
        shared = [p for p in parts if p is None]
        cities = [p for p in parts if p is not None]
        assert cities == list(services.CITIES)
        backwards = World(NOW, seed=5)
        for part in shared + cities[::-1]:
            services.populate_part(backwards, 5, NOW, app, part)
        one = World(NOW, seed=5)
        for part in [*shared, cities[3]]:
            services.populate_part(one, 5, NOW, app, part)
        for table in services.filled_tables(app, per_city=True):
            assert backwards.table(table) == full.table(table), (app, table.name)
            rows_of_one = {k: r for k, r in full.table(table).items() if cities[3] in str(r)}
            assert one.table(table) == rows_of_one, (app, table.name)


def test_filled_tables_are_the_ones_populate_fills() -> None:
    for seed in (0, 5, 77):
        made = world(seed)
        for app in services.APP_NAMES:
            filled = {t.name for t in services.filled_tables(app)} | {
                t.name for t in services.filled_tables(app, per_city=True)
            }
            holding = {t.name for t in services.tables(app) if made.table(t)}
            assert holding == filled, app


def test_city_shares_split_a_pool_and_a_name_finds_its_city() -> None:
    pool = _places.name_pairs()
    shares = [_places.city_share(pool, where) for where in services.CITIES]
    assert sorted(pair for share in shares for pair in share) == sorted(pool)

    def spelled(pair: tuple[str, str]) -> str:
        return f"{pair[0]} {pair[1]} Salon"

    for where, share in zip(services.CITIES, shares, strict=True):
        assert _places.share_owner(pool, f"  {spelled(share[0]).lower()} ", spelled) == where
    assert _places.share_owner(pool, "Nowhere Salon", spelled) is None
    assert _places.city_prefix("san francisco Union Station") == "San Francisco"
    assert _places.city_prefix("Union Station") is None
