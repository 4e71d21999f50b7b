"""The helpers every service's APIs share: storing what a booking made, picking the one match,
optional choices and the ``city`` argument."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from assistworld.apps.services._common import (
    InvalidArgumentError,
    NoMatchError,
    between,
    draw,
    optional_choice,
    phone,
    stored,
    street_address,
    the_first,
)
from assistworld.apps.services._places import STREETS, city_argument
from assistworld.apps.services.events import EVENT_TICKETS, EventTickets
from tests.apps.services._world import world


def test_stored_adds_the_row_under_a_fresh_key_each_time() -> None:
    made = world()
    with made.active():
        assert not made.table(EVENT_TICKETS)
        row = EventTickets(
            event_name="The Quiet Owls",
            event_type="Music",
            city=city_argument("test", "new york"),
            date=made.now.date(),
            time=made.now.time(),
            price_per_ticket=20.0,
            venue="Hall",
            venue_address="1 Main St",
            number_of_tickets=2,
        )
        assert stored(EVENT_TICKETS, "event_tickets", row) is row
        stored(EVENT_TICKETS, "event_tickets", row)
    tickets: dict[str, EventTickets] = made.table(EVENT_TICKETS)
    keys = list(tickets)
    assert len(keys) == 2 and keys[0] != keys[1]


def test_the_first_reads_only_up_to_the_match_and_names_what_is_missing() -> None:
    read: list[int] = []

    def numbers() -> Iterator[int]:
        for number in range(10):
            read.append(number)
            yield number

    assert the_first((n for n in numbers() if n > 2), "none") == 3
    assert read == [0, 1, 2, 3]
    with pytest.raises(NoMatchError, match=r"^api: there is no salon named 'x'$"):
        the_first(iter(()), "api: there is no salon named 'x'")


def test_optional_choice_keeps_none_and_spells_a_value_as_allowed() -> None:
    assert optional_choice("findbus", "category", None, ("direct", "one-stop")) is None
    assert optional_choice("findbus", "category", " DIRECT ", ("direct", "one-stop")) == "direct"
    with pytest.raises(InvalidArgumentError, match="findbus: category='x' is not accepted"):
        optional_choice("findbus", "category", "x", ("direct", "one-stop"))


def test_the_city_argument_is_named_city_in_its_error() -> None:
    with pytest.raises(InvalidArgumentError, match=r"^findevents: city='Atlantis' is not a city"):
        city_argument("findevents", "Atlantis")


@pytest.mark.parametrize("seed", range(40))
def test_phone_and_address_draw_as_between_and_draw_do(seed: int) -> None:
    """The two per-row helpers spell out ``between`` and ``draw``; the databases (and every
    task's gold answers) depend on them consuming the generator exactly as those do."""
    written_out, composed = random.Random(seed), random.Random(seed)
    for _ in range(50):
        assert phone(written_out) == (
            f"{between(composed, 200, 989)}-555-{between(composed, 0, 9999):04d}"
        )
        assert street_address(written_out, STREETS) == (
            f"{between(composed, 10, 2999)} {draw(composed, STREETS)}"
        )
    assert written_out.random() == composed.random()
