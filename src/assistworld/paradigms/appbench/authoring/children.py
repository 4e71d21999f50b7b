"""Parts of a request that happen at a place: a forecast, a table, a house, a car, a salon...

Each takes the builder, the :class:`Place` (stated, or found by a root search), and two flags:
``same_app`` lets it add a second API of its app (book what it found), ``other_apps`` lets it add
a call of another app that depends on it (pay for the house, take a cab to the restaurant).
"""

from __future__ import annotations

import datetime
from collections.abc import Callable

from assistworld.apps.services.payment import CONTACTS
from assistworld.paradigms.appbench.authoring.builder import Builder, BuildError, Ref
from assistworld.paradigms.appbench.authoring.places import Place, time_between
from assistworld.paradigms.appbench.authoring.wording import article, plural

Child = Callable[[Builder, Place, bool, bool], None]


def _in(place: Place) -> str:
    words = place.city.words
    return words if words == "there" else f"in {words}"


def weather(b: Builder, place: Place, same_app: bool, other_apps: bool) -> None:
    field = b.pick("temperature", "precipitation", "humidity", "wind")
    records = b.call("Weather", "getweather", {"city": place.city, "date": place.day}, (field,))
    b.answer("getweather", field, records)
    noun = {
        "temperature": "temperature",
        "precipitation": "chance of rain",
        "humidity": "humidity",
        "wind": "wind speed",
    }[field]
    b.say(
        b.pick(
            f"What will the {noun} be {_in(place)} {place.day.words}?",
            f"Check the {noun} forecast {_in(place)} for {place.day.words}",
            f"Tell me the {noun} expected {_in(place)} {place.day.words}",
        )
    )


def _ride(b: Builder, address: str, words: str) -> None:
    seats = b.lit(b.rng.randint(1, 4))
    kind = b.pick("Pool", "Regular", "Luxury")
    ride = b.call(
        "Rents",
        "getride",
        {"destination": b.var(address, words), "number_of_seats": seats, "ride_type": b.lit(kind)},
    )[0]
    b.row("Rents", "rides", ride, ["destination", "number_of_seats", "ride_type"])
    b.say(
        b.pick(
            f"Book {article(kind)} {kind} cab with {plural(seats.words, 'seat')} to {words}",
            f"Get me {article(kind)} {kind} taxi for {seats.words} to {words}",
        )
    )


def restaurant(b: Builder, place: Place, same_app: bool, other_apps: bool) -> None:
    city = str(place.city.value)
    options = [r for r in b.table("Restaurants", "restaurants").values() if r.location == city]
    chosen = b.rng.choice(options)
    kind = b.lit(chosen.category)
    arguments = {"category": kind, "location": place.city}
    priced = b.rng.random() < 0.3
    if priced:
        arguments["price_range"] = b.lit(chosen.price_range)
    cab = other_apps and b.rng.random() < 0.5
    returns = ("restaurant_name",) + (("address",) if cab else ())
    records = b.call("Restaurants", "findrestaurants", arguments, returns)
    cost = f" {chosen.price_range}" if priced else ""
    a = article(cost or kind.words)
    priced_words = f" at {article(cost)}{cost} price" if priced else ""
    if same_app:
        time, time_words = time_between(b, 11, 21)
        seats = b.lit(b.rng.randint(1, 8))
        booking = b.call(
            "Restaurants",
            "reserverestaurant",
            {
                "restaurant_name": b.var("restaurant_name", "it"),
                "location": place.city,
                "time": b.lit(time, time_words),
                "number_of_seats": seats,
                "date": place.day,
            },
        )[0]
        fields = ["location", "category", "date", "time", "number_of_seats"]
        b.row(
            "Restaurants",
            "table_reservations",
            booking,
            fields + (["price_range"] if priced else []),
        )
        b.say(
            b.pick(
                f"Book a table for {seats.words} at {a}{cost} {kind.words} restaurant {_in(place)} "
                f"{place.day.words} at {time_words}",
                f"Find {a}{cost} {kind.words} place {_in(place)} and reserve "
                f"{plural(seats.words, 'seat')} "
                f"for {time_words} {place.day.words}",
                f"I'd like {kind.words} food{priced_words} {_in(place)} "
                f"{place.day.words}: reserve a table for {seats.words} at {time_words}",
            )
        )
    else:
        b.answer("findrestaurants", "restaurant_name", records)
        b.say(
            b.pick(
                f"Recommend {a}{cost} {kind.words} restaurant {_in(place)}",
                f"Which{cost} {kind.words} restaurants are there {_in(place)}?",
                f"Look for{cost} {kind.words} food {_in(place)}",
            )
        )
    if cab:
        _ride(b, "address", "the restaurant")


def house(b: Builder, place: Place, same_app: bool, other_apps: bool) -> None:
    city = str(place.city.value)
    houses = [h for h in b.table("Hotels", "houses").values() if h.where_to == city]
    if b.rng.random() < 0.3 and not other_apps:
        laundry = b.rng.random() < 0.5
        field = b.pick("address", "phone_number", "rating")
        records = b.call(
            "Hotels",
            "searchhouse",
            {"where_to": place.city, "has_laundry_service": b.lit(laundry)},
            (field,),
        )
        b.answer("searchhouse", field, records[:1])
        noun = {"address": "address", "phone_number": "phone number", "rating": "rating"}[field]
        with_laundry = "with" if laundry else "without"
        b.say(
            f"What is the {noun} of the best-rated house {_in(place)} {with_laundry} laundry "
            "service?"
        )
        return
    adults = b.lit(b.rng.randint(1, max(h.number_of_adults for h in houses)))
    nights = b.rng.randint(1, 5)
    leave = place.date + datetime.timedelta(days=nights)
    night_words = f"{nights} night{'s' if nights > 1 else ''}"
    pay = other_apps and b.rng.random() < 0.6
    stay = {
        "where_to": place.city,
        "number_of_adults": adults,
        "check_in_date": place.day,
        "check_out_date": b.lit(leave, f"for {night_words}"),
    }
    booking = b.call("Hotels", "bookhouse", stay, ("total_price",) if pay else ())[0]
    b.row("Hotels", "house_bookings", booking, list(stay))
    b.say(
        b.pick(
            f"Book a house {_in(place)} for {plural(adults.words, 'adult')} from "
            f"{place.day.words} for "
            f"{night_words}",
            f"I need somewhere to stay {_in(place)}: {plural(adults.words, 'adult')}, checking in "
            f"{place.day.words} and staying {night_words}",
            f"Reserve a place {_in(place)} for {night_words} starting {place.day.words}, "
            f"{plural(adults.words, 'guest')}",
        )
    )
    if pay:
        contacts: list[str] = b.world.table(CONTACTS)
        contact = b.rng.choice(contacts)
        amount = b.var("total_price", "the total")
        if b.rng.random() < 0.5:
            request = b.call(
                "Payment", "requestpayment", {"receiver": b.lit(contact), "amount": amount}
            )[0]
            b.row("Payment", "payment_requests", request, ["receiver", "amount"])
            b.say(f"Ask {contact} to pay me back the total of the stay")
        else:
            method = b.pick("app balance", "credit card", "debit card")
            transfer = b.call(
                "Payment",
                "makepayment",
                {"payment_method": b.lit(method), "amount": amount, "receiver": b.lit(contact)},
            )[0]
            b.row("Payment", "payments", transfer, ["receiver", "amount", "payment_method"])
            b.say(f"Send {contact} the cost of the stay from my {method}")


def attractions(b: Builder, place: Place, same_app: bool, other_apps: bool) -> None:
    city = str(place.city.value)
    chosen = b.rng.choice(
        [a for a in b.table("Travel", "attractions").values() if a.location == city]
    )
    kind = b.pick("category", "free_entry", "good_for_kids")
    value = getattr(chosen, kind)
    records = b.call(
        "Travel",
        "findattractions",
        {"location": place.city, kind: b.lit(value)},
        ("attraction_name",),
    )
    b.answer("findattractions", "attraction_name", records)
    what = {
        "category": f"{article(str(value))} {str(value).lower()} to visit",
        "free_entry": "a free attraction" if value else "an attraction with paid entry",
        "good_for_kids": "something good for kids" if value else "an attraction for adults",
    }[kind]
    b.say(
        b.pick(
            f"Suggest {what} {_in(place)}",
            f"Find {what} {_in(place)}",
            f"Is there {what} {_in(place)}?",
            f"I'd like to go sightseeing {_in(place)}: {what}, please",
        )
    )


def car(b: Builder, place: Place, same_app: bool, other_apps: bool) -> None:
    city = str(place.city.value)
    kind = b.lit(
        b.rng.choice(
            [c for c in b.table("Rents", "rental_cars").values() if c.city == city]
        ).car_type
    )
    time, time_words = time_between(b, 8, 18)
    days = b.rng.randint(1, 6)
    back = b.lit(place.date + datetime.timedelta(days=days), f"{plural(days, 'day')} later")
    arguments = {
        "city": place.city,
        "start_date": place.day,
        "pickup_time": b.lit(time, time_words),
        "end_date": back,
        "car_type": kind,
    }
    wanted = "pickup_location" if same_app else b.pick("price_per_day", "car_name")
    records = b.call("Rents", "getcarsavailable", arguments, (wanted,))
    if not same_app:
        b.answer("getcarsavailable", wanted, records[:1])
        what = "how much per day" if wanted == "price_per_day" else "which model"
        b.say(
            f"Tell me {what} the cheapest {kind.words} rental {_in(place)} would be, picked up "
            f"{place.day.words} at {time_words} and returned {back.words}"
        )
        return
    insured = b.rng.random() < 0.5
    reservation = b.call(
        "Rents",
        "reservecar",
        {
            "pickup_location": b.var("pickup_location", "the desk"),
            "start_date": place.day,
            "pickup_time": b.lit(time, time_words),
            "end_date": back,
            "car_type": kind,
            "add_insurance": b.lit(insured),
        },
    )[0]
    fields = ["city", "car_type", "start_date", "end_date", "pickup_time", "add_insurance"]
    b.row("Rents", "car_reservations", reservation, fields)
    cover = "with insurance" if insured else "without insurance"
    b.say(
        b.pick(
            f"Rent the cheapest {kind.words} {_in(place)} from {place.day.words} at {time_words}, "
            f"returning it {back.words}, {cover}",
            f"I want {article(kind.words)} {kind.words} {_in(place)} {cover}: pick-up "
            f"{place.day.words} at "
            f"{time_words}, drop-off {back.words}",
        )
    )


def stylist(b: Builder, place: Place, same_app: bool, other_apps: bool) -> None:
    unisex = b.rng.random() < 0.4
    arguments = {"city": place.city} | ({"is_unisex": b.lit(True)} if unisex else {})
    cab = other_apps and b.rng.random() < 0.5
    returns = ("stylist_name",) + (("street_address",) if cab else ())
    records = b.call("Services", "find_stylist_provider", arguments, returns)
    salon = "unisex salon" if unisex else "hair salon"
    if same_app:
        time, time_words = time_between(b, 9, 17)
        booking = b.call(
            "Services",
            "book_stylist_appointment",
            {
                "stylist_name": b.var("stylist_name", "it"),
                "appointment_time": b.lit(time, time_words),
                "appointment_date": place.day,
            },
        )[0]
        fields = ["city", "appointment_date", "appointment_time"] + (
            ["is_unisex"] if unisex else []
        )
        b.row("Services", "stylist_appointments", booking, fields)
        b.say(
            b.pick(
                f"Book me a haircut at a {salon} {_in(place)} {place.day.words} at {time_words}",
                f"Find a {salon} {_in(place)} and get me an appointment {place.day.words} at "
                f"{time_words}",
            )
        )
    else:
        b.answer("find_stylist_provider", "stylist_name", records)
        b.say(b.pick(f"Find a {salon} {_in(place)}", f"Which {salon}s are {_in(place)}?"))
    if cab:
        _ride(b, "street_address", "the salon")


def therapist(b: Builder, place: Place, same_app: bool, other_apps: bool) -> None:
    city = str(place.city.value)
    kind = b.lit(
        b.rng.choice([t for t in b.table("Services", "therapists").values() if t.city == city]).type
    )
    records = b.call(
        "Services",
        "find_therapist_provider",
        {"city": place.city, "type": kind},
        ("therapist_name",),
    )
    if not same_app:
        b.answer("find_therapist_provider", "therapist_name", records)
        b.say(
            b.pick(
                f"I'm looking for {article(kind.words)} {kind.words} {_in(place)}",
                f"Find {article(kind.words)} {kind.words} {_in(place)}",
                f"Who could I see {_in(place)}? I need {article(kind.words)} {kind.words}",
            )
        )
        return
    time, time_words = time_between(b, 9, 17)
    booking = b.call(
        "Services",
        "book_therapist_appointment",
        {
            "therapist_name": b.var("therapist_name", "them"),
            "appointment_time": b.lit(time, time_words),
            "appointment_date": place.day,
        },
    )[0]
    b.row(
        "Services",
        "therapist_appointments",
        booking,
        ["city", "type", "appointment_date", "appointment_time"],
    )
    b.say(
        f"Book an appointment with {article(kind.words)} {kind.words} {_in(place)} "
        f"{place.day.words} at {time_words}"
    )


def movies(b: Builder, place: Place, same_app: bool, other_apps: bool) -> None:
    city = str(place.city.value)
    showing = b.rng.choice(
        [s for s in b.table("Movies", "showings").values() if s.location == city]
    )
    genre = b.lit(showing.genre)
    a_film = f"{article(genre.words)} {genre.words.lower()}"
    returns = ("movie_name", "theater_name", "show_type") if same_app else ("movie_name",)
    records = b.call("Movies", "findmovies", {"location": place.city, "genre": genre}, returns)
    if not same_app:
        b.answer("findmovies", "movie_name", records)
        b.say(
            b.pick(
                f"What {genre.words.lower()} films are showing {_in(place)}?",
                f"Find {a_film} movie in cinemas {_in(place)}",
            )
        )
        return
    times = b.call(
        "Movies",
        "gettimesformovie",
        {
            "movie_name": b.var("movie_name", "it"),
            "location": place.city,
            "show_date": place.day,
            "theater_name": b.var("theater_name", "that cinema"),
            "show_type": b.var("show_type", "that format"),
        },
        ("show_time",),
    )
    if b.rng.random() < 0.4:
        b.answer("gettimesformovie", "show_time", times)
        b.say(
            f"Find {a_film} film showing {_in(place)} and tell me its show times {place.day.words}"
        )
        return
    count = b.lit(b.rng.randint(1, 6))
    tickets = b.call(
        "Movies",
        "buymovietickets",
        {
            "movie_name": b.var("movie_name", "it"),
            "number_of_tickets": count,
            "show_date": place.day,
            "location": place.city,
            "show_time": b.var("show_time", "the first show"),
            "show_type": b.var("show_type", "that format"),
        },
    )[0]
    b.row(
        "Movies",
        "movie_tickets",
        tickets,
        ["location", "genre", "show_date", "show_time", "number_of_tickets"],
    )
    b.say(
        b.pick(
            f"Get {plural(count.words, 'ticket')} for {a_film} film {_in(place)} "
            f"{place.day.words}, the earliest show",
            f"I want to see {a_film} movie {_in(place)} {place.day.words}: buy "
            f"{plural(count.words, 'ticket')} for the first showing",
        )
    )


def homes(b: Builder, place: Place, same_app: bool, other_apps: bool) -> None:
    city = str(place.city.value)
    home = b.rng.choice([h for h in b.table("Homes", "properties").values() if h.area == city])
    arguments = {
        "area": place.city,
        "intent": b.lit(home.intent),
        "number_of_beds": b.lit(home.number_of_beds),
        "number_of_baths": b.lit(home.number_of_baths),
    }
    records = b.call("Homes", "findhomebyarea", arguments, ("property_name",))
    rooms = (
        f"{home.number_of_beds} bedroom{'s' if home.number_of_beds > 1 else ''} and "
        f"{home.number_of_baths} bathroom{'s' if home.number_of_baths > 1 else ''}"
    )
    if not same_app:
        b.answer("findhomebyarea", "property_name", records)
        b.say(
            b.pick(
                f"Find a home to {home.intent} {_in(place)} with {rooms}",
                f"Are there places to {home.intent} {_in(place)} with {rooms}?",
            )
        )
        return
    visit = b.call(
        "Homes",
        "schedulevisit",
        {"property_name": b.var("property_name", "it"), "visit_date": place.day},
    )[0]
    fields = ["area", "intent", "number_of_beds", "number_of_baths", "visit_date"]
    b.row("Homes", "property_visits", visit, fields)
    b.say(
        b.pick(
            f"Find a place to {home.intent} {_in(place)} with {rooms}, and schedule a visit "
            f"{place.day.words}",
            f"I want to {home.intent} a home {_in(place)} ({rooms}); set up a viewing "
            f"{place.day.words}",
        )
    )


def events(b: Builder, place: Place, same_app: bool, other_apps: bool) -> None:
    city = str(place.city.value)
    kinds = sorted({e.event_type for e in b.table("Events", "events").values() if e.city == city})
    if not kinds:
        raise BuildError(f"no events in {city}")
    kind = b.lit(b.rng.choice(kinds))
    returns = ("event_name", "date") if same_app else ("event_name",)
    records = b.call("Events", "findevents", {"event_type": kind, "city": place.city}, returns)
    noun = "concert" if kind.value == "Music" else "play"
    if not same_app:
        b.answer("findevents", "event_name", records[:1])
        b.say(
            b.pick(
                f"What's the next {noun} ({kind.words}) {_in(place)}?",
                f"Is there {article(kind.words)} {kind.words} event coming up {_in(place)}? "
                "Name the soonest",
            )
        )
        return
    count = b.lit(b.rng.randint(1, 6))
    tickets = b.call(
        "Events",
        "buyeventtickets",
        {
            "event_name": b.var("event_name", "it"),
            "number_of_tickets": count,
            "date": b.var("date", "its day"),
            "city": place.city,
        },
    )[0]
    b.row("Events", "event_tickets", tickets, ["event_type", "city", "number_of_tickets"])
    b.say(f"Buy {plural(count.words, 'ticket')} for the next {noun} ({kind.words}) {_in(place)}")


CHILDREN: tuple[Child, ...] = (
    weather,
    restaurant,
    house,
    attractions,
    car,
    stylist,
    therapist,
    movies,
    homes,
    events,
)
SAME_APP_CHILDREN: tuple[Child, ...] = (restaurant, car, stylist, therapist, movies, homes, events)
"""Children that can use two APIs of their app."""

__all__ = ["CHILDREN", "SAME_APP_CHILDREN", "Child", "Ref"]
