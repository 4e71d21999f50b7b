"""Events: concerts and plays in a city, and tickets for them."""

from __future__ import annotations

import datetime
import random
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from assistworld.apps.services._common import (
    between,
    choice,
    city_rows,
    draw,
    found,
    nonempty,
    positive,
    same,
    stored,
    street_address,
    the_first,
)
from assistworld.apps.services._places import STREETS, city_argument, city_share, name_pairs
from assistworld.tools.declaration import tool
from assistworld.world.tables import Table, keyed
from assistworld.world.world import World

APP = "Events"
DESCRIPTION = "Find concerts and plays in a city and buy tickets for them."
EVENT_TYPES: tuple[str, ...] = ("Music", "Theater")
VENUE_KINDS: tuple[str, ...] = ("Hall", "Theatre", "Arena", "Playhouse", "Auditorium")


class Event(BaseModel):
    """A concert or a play on a day."""

    model_config = ConfigDict(extra="forbid")

    event_name: str = Field(description="artist or play")
    event_type: str = Field(description="Music or Theater")
    city: str = Field(description="city it takes place in")
    date: datetime.date = Field(description="day of the event")
    time: datetime.time = Field(description="time it starts")
    price_per_ticket: float = Field(description="price of one ticket, in dollars")
    venue: str = Field(description="where it takes place")
    venue_address: str = Field(description="street address of the venue")


class EventTickets(Event):
    """Tickets bought for an event."""

    number_of_tickets: int = Field(description="tickets bought")


EVENTS = keyed("events", Event, "event id -> concert or play.")
EVENT_TICKETS = keyed("event_tickets", EventTickets, "purchase id -> tickets bought.")
TABLES: tuple[Table[Any], ...] = (EVENTS, EVENT_TICKETS)
FILLED_PER_CITY: tuple[Table[Any], ...] = (EVENTS,)
"""The tables ``populate_city`` fills, a city at a time."""


def populate_city(world: World, rng: random.Random, now: datetime.datetime, where: str) -> None:
    """Five events in a city over the next four weeks."""
    table = world.table(EVENTS)
    names = rng.sample(city_share(name_pairs(), where), 6)
    venue_adjective, venue_noun = names[5]
    for index, (adjective, noun) in enumerate(names[:5]):
        kind = draw(rng, EVENT_TYPES)
        name = f"The {adjective} {noun}s" if kind == "Music" else f"{noun} of {adjective} Hours"
        table[f"event-{where}-{index}"] = Event(
            event_name=name,
            event_type=kind,
            city=where,
            date=now.date() + datetime.timedelta(days=between(rng, 1, 28)),
            time=datetime.time(draw(rng, (17, 18, 19, 20, 21)), draw(rng, (0, 30))),
            price_per_ticket=float(rng.randrange(20, 160, 5)),
            venue=f"{venue_adjective} {venue_noun} {draw(rng, VENUE_KINDS)}",
            venue_address=street_address(rng, STREETS),
        )


@tool(app=APP, effect="read")
def findevents(event_type: str, city: str, date: datetime.date | None = None) -> list[Event]:
    """Concerts (Music) or plays (Theater) in a city, soonest first.

    event_type
        Music or Theater.
    city
        City to look in.
    date
        Only events on this day (YYYY-MM-DD).
    """
    api = "findevents"
    kind = choice(api, "event_type", event_type, EVENT_TYPES)
    where = city_argument(api, city)
    matches = [
        event
        for event in city_rows(EVENTS, where).values()
        if event.event_type == kind and event.city == where and date in (None, event.date)
    ]
    matches.sort(key=lambda e: (e.date, e.time, e.event_name))
    when = f" on {date.isoformat()}" if date is not None else ""
    return found(api, f"{kind} event in {where}{when}", matches)


@tool(app=APP, effect="write")
def buyeventtickets(
    event_name: str, number_of_tickets: int, date: datetime.date, city: str
) -> EventTickets:
    """Buy tickets for an event on its day; the tickets bought.

    event_name
        Artist or play, as the search gave it.
    number_of_tickets
        Tickets to buy (1 to 20).
    date
        Day of the event (YYYY-MM-DD).
    city
        City it takes place in.
    """
    api = "buyeventtickets"
    name = nonempty(api, "event_name", event_name)
    where = city_argument(api, city)
    count = positive(api, "number_of_tickets", number_of_tickets)
    event = the_first(
        (
            e
            for e in city_rows(EVENTS, where).values()
            if same(e.event_name, name) and e.city == where and e.date == date
        ),
        f"{api}: {name!r} is not on in {where} on {date.isoformat()}",
    )
    tickets = EventTickets(**event.model_dump(), number_of_tickets=count)
    return stored(EVENT_TICKETS, "event_tickets", tickets)


__all__ = ["Event", "EventTickets", "buyeventtickets", "findevents"]
