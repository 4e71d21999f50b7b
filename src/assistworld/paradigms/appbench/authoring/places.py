"""Where and when a part of a request happens: stated by the user, or found by a first search.

A *place* is a city and a day. Stated by the user, both are literals ("in Denver next Friday");
found by a *root* search (a train, a bus, a flight, an event), both are variables that search
returns, and the calls that follow depend on it ("book a table there that day").
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from assistworld.apps.services import CITIES
from assistworld.paradigms.appbench.authoring.builder import Builder, Ref
from assistworld.paradigms.appbench.authoring.wording import clock, plural, relative_date


@dataclass(frozen=True)
class Place:
    """A city and a day that calls of a request share."""

    city: Ref
    day: Ref

    @property
    def date(self) -> datetime.date:
        value = self.day.value
        return value if isinstance(value, datetime.date) else datetime.date.fromisoformat(value)


def stated_place(b: Builder) -> Place:
    """A city and a day the user names."""
    day, words = relative_date(b.rng, b.today)
    where = b.rng.choice(CITIES)
    return Place(b.lit(where, where), b.lit(day, words))


def _route(b: Builder) -> tuple[str, str, datetime.date, str]:
    origin, destination = b.rng.sample(CITIES, 2)
    day, words = relative_date(b.rng, b.today)
    return origin, destination, day, words


def by_train(b: Builder, follow: bool) -> Place:
    """A train search (and, with ``follow``, seats on the earliest train)."""
    origin, destination, day, words = _route(b)
    arguments = {
        "from": b.lit(origin),
        "to": b.lit(destination),
        "date_of_journey": b.lit(day, words),
    }
    records = b.call(
        "Trains", "findtrains", arguments, ("to", "date_of_journey", "journey_start_time")
    )
    if follow:
        adults = b.lit(b.rng.randint(1, 4))
        protection = b.rng.random() < 0.5
        fare = b.pick("Value", "Flexible", "Business")
        booking = {
            "from": b.lit(origin),
            "to": b.var("to", "there"),
            "date_of_journey": b.var("date_of_journey", "that day"),
            "journey_start_time": b.var("journey_start_time", "earliest"),
            "number_of_adults": adults,
            "trip_protection": b.lit(protection),
            "class": b.lit(fare),
        }
        ticket = b.call("Trains", "gettraintickets", booking)[0]
        b.row("Trains", "train_tickets", ticket, list(booking))
        cover = "with trip protection" if protection else "without trip protection"
        b.say(
            b.pick(
                f"Reserve {adults.words} {fare} seats on the earliest train from {origin} to "
                f"{destination} {words}, {cover}",
                f"I need to get from {origin} to {destination} by train {words}: book the first "
                f"train of the day for {plural(adults.words, 'adult')} in {fare} class, {cover}",
            )
        )
    else:
        b.answer("findtrains", "journey_start_time", records[:1])
        b.say(
            b.pick(
                f"When does the first train from {origin} to {destination} leave {words}?",
                f"I'm taking the train from {origin} to {destination} {words}; find out when "
                "the earliest one departs",
            )
        )
    return Place(b.var("to", "there"), b.var("date_of_journey", "that day"))


def by_bus(b: Builder, follow: bool) -> Place:
    """A bus search (and, with ``follow``, tickets on the first bus)."""
    origin, destination, day, words = _route(b)
    arguments = {
        "from_city": b.lit(origin),
        "to_city": b.lit(destination),
        "departure_date": b.lit(day, words),
    }
    records = b.call("Buses", "findbus", arguments, ("to_city", "departure_date", "departure_time"))
    if follow:
        people = b.lit(b.rng.randint(1, 5))
        luggage = b.rng.random() < 0.5
        booking = {
            "from_city": b.lit(origin),
            "to_city": b.var("to_city", "there"),
            "departure_date": b.var("departure_date", "that day"),
            "departure_time": b.var("departure_time", "first"),
            "num_passengers": people,
            "additional_luggage": b.lit(luggage),
        }
        ticket = b.call("Buses", "buybusticket", booking)[0]
        b.row("Buses", "bus_tickets", ticket, list(booking))
        bags = "with extra luggage" if luggage else "with no extra luggage"
        b.say(
            b.pick(
                f"Buy {plural(people.words, 'ticket')} for the first bus from {origin} to "
                f"{destination} "
                f"{words}, {bags}",
                f"Get me on the earliest bus from {origin} to {destination} {words}: "
                f"{plural(people.words, 'passenger')}, {bags}",
            )
        )
    else:
        b.answer("findbus", "departure_time", records[:1])
        b.say(
            b.pick(
                f"What time does the first bus from {origin} to {destination} leave {words}?",
                f"Look up the earliest bus {words} from {origin} to {destination}",
            )
        )
    return Place(b.var("to_city", "there"), b.var("departure_date", "that day"))


def by_flight(b: Builder, follow: bool) -> Place:
    """A one-way flight search; the cheapest flight's price or airline is asked for."""
    origin, destination, day, words = _route(b)
    seats = b.pick("Economy", "Premium Economy", "Business")
    wanted = b.pick("price", "airlines", "outbound_departure_time")
    records = b.call(
        "Flights",
        "searchonewayflight",
        {
            "origin_airport": b.lit(origin),
            "destination_airport": b.lit(destination),
            "departure_date": b.lit(day, words),
            "seating_class": b.lit(seats),
        },
        ("destination_airport", "departure_date", wanted),
    )
    b.answer("searchonewayflight", wanted, records[:1])
    what = {
        "price": "how much",
        "airlines": "which airline flies",
        "outbound_departure_time": "when",
    }[wanted]
    tail = {"price": " costs", "airlines": "", "outbound_departure_time": " leaves"}[wanted]
    b.say(
        b.pick(
            f"I'm flying one way from {origin} to {destination} {words} in {seats}; tell me "
            f"{what} the cheapest flight{tail}",
            f"Search {seats} one-way flights from {origin} to {destination} {words} and tell me "
            f"{what} the cheapest one{tail}",
        )
    )
    return Place(b.var("destination_airport", "there"), b.var("departure_date", "that day"))


def by_event(b: Builder, follow: bool, venue: bool = False) -> Place:
    """An event search in a stated city (and, with ``follow``, tickets for the first event)."""
    where = b.rng.choice(CITIES)
    kinds = sorted({e.event_type for e in b.table("Events", "events").values() if e.city == where})
    kind = b.rng.choice(kinds)
    noun = "concert" if kind == "Music" else "play"
    returns = ("event_name", "city", "date") + (("venue_address",) if venue else ())
    records = b.call(
        "Events", "findevents", {"event_type": b.lit(kind), "city": b.lit(where)}, returns
    )
    if follow:
        count = b.lit(b.rng.randint(1, 6))
        tickets = b.call(
            "Events",
            "buyeventtickets",
            {
                "event_name": b.var("event_name", "it"),
                "number_of_tickets": count,
                "date": b.var("date", "that day"),
                "city": b.var("city", "there"),
            },
        )[0]
        b.row("Events", "event_tickets", tickets, ["event_type", "city", "number_of_tickets"])
        b.say(
            b.pick(
                f"Find the next {noun} ({kind}) in {where} and buy "
                f"{plural(count.words, 'ticket')} for it",
                f"Get {plural(count.words, 'ticket')} for the soonest {kind} event in {where}",
            )
        )
    else:
        b.answer("findevents", "event_name", records[:1])
        b.say(
            b.pick(
                f"What is the next {kind} event in {where}?",
                f"Find me the soonest {noun} in {where} (event type {kind})",
            )
        )
    return Place(b.var("city", "there"), b.var("date", "the day of the event"))


ROOTS = (by_train, by_bus, by_flight, by_event)


def time_between(b: Builder, first: int, last: int) -> tuple[datetime.time, str]:
    """A half-hour time between ``first`` and ``last`` o'clock and its words."""
    time = datetime.time(b.rng.randint(first, last), b.rng.choice((0, 30)))
    return time, clock(b.rng, time)


__all__ = [
    "ROOTS",
    "Place",
    "by_bus",
    "by_event",
    "by_flight",
    "by_train",
    "stated_place",
    "time_between",
]
