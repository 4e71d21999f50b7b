"""Parts of a request that need no place (music, streaming, payments, reviews, round trips), and
single calls whose every argument the user states (bookings by name)."""

from __future__ import annotations

import datetime
from collections.abc import Callable

from assistworld.apps.services import CITIES
from assistworld.apps.services.payment import CONTACTS
from assistworld.paradigms.appbench.authoring.builder import Builder
from assistworld.paradigms.appbench.authoring.places import stated_place, time_between
from assistworld.paradigms.appbench.authoring.wording import (
    article,
    date_words,
    plural,
    relative_date,
)

Part = Callable[[Builder, bool], None]


def music(b: Builder, same_app: bool) -> None:
    song = b.rng.choice(list(b.table("Music", "songs").values()))
    kind = b.pick("artist", "album", "genre", "year")
    value = getattr(song, kind)
    records = b.call("Music", "lookupmusic", {kind: b.lit(value)}, ("track",))
    what = {
        "artist": f"by {value}",
        "album": f"from the album {value}",
        "genre": f"of {value} music",
        "year": f"released in {value}",
    }[kind]
    if not same_app:
        b.answer("lookupmusic", "track", records)
        b.say(b.pick(f"Find me a song {what}", f"What songs {what} are there?"))
        return
    device = b.pick("Living room", "Kitchen", "Patio")
    playing = b.call(
        "Music", "playmedia", {"track": b.var("track", "it"), "device": b.lit(device)}
    )[0]
    b.row("Music", "song_playbacks", playing, [kind, "device"])
    b.say(
        b.pick(
            f"Play a song {what} on the {device} speaker",
            f"Put on something {what} in the {device.lower()}",
        )
    )


def media(b: Builder, same_app: bool) -> None:
    film = b.rng.choice(list(b.table("Media", "streamed_films").values()))
    starring = b.rng.random() < 0.4
    arguments = {"genre": b.lit(film.genre)} | (
        {"starring": b.lit(film.starring)} if starring else {}
    )
    records = b.call("Media", "findmovies", arguments, ("title",))
    who = f" starring {film.starring}" if starring else ""
    if not same_app:
        b.answer("findmovies", "title", records)
        b.say(
            b.pick(
                f"What {film.genre} films{who} can I stream?",
                f"Find {article(film.genre)} {film.genre} movie{who} to watch online",
            )
        )
        return
    language = b.pick("English", "Spanish", "Hindi", "French")
    playing = b.call(
        "Media",
        "playmovie",
        {"title": b.var("title", "it"), "subtitle_language": b.lit(language)},
    )[0]
    b.row(
        "Media",
        "film_playbacks",
        playing,
        ["genre", "subtitle_language"] + (["starring"] if starring else []),
    )
    b.say(f"Stream {article(film.genre)} {film.genre} film{who} with {language} subtitles")


def _amount(b: Builder) -> float:
    return float(b.rng.randrange(5, 400)) + b.rng.choice((0.0, 0.5, 0.25))


def payment(b: Builder, same_app: bool) -> None:
    contacts: list[str] = b.world.table(CONTACTS)
    first, second = b.rng.sample(contacts, 2)
    kinds = ["send", "ask"] if same_app else [b.pick("send", "ask")]
    for kind, contact in zip(kinds, (first, second), strict=False):
        amount = b.lit(_amount(b))
        private = b.rng.random() < 0.3
        extra = {"private_visibility": b.lit(True)} if private else {}
        hidden = " privately" if private else ""
        if kind == "send":
            method = b.pick("app balance", "credit card", "debit card")
            made = b.call(
                "Payment",
                "makepayment",
                {"payment_method": b.lit(method), "amount": amount, "receiver": b.lit(contact)}
                | extra,
            )[0]
            b.row(
                "Payment",
                "payments",
                made,
                ["receiver", "amount", "payment_method", "private_visibility"],
            )
            b.say(
                b.pick(
                    f"Send ${amount.words} to {contact}{hidden} using my {method}",
                    f"Pay {contact} ${amount.words} from my {method}{hidden}",
                )
            )
        else:
            made = b.call(
                "Payment", "requestpayment", {"receiver": b.lit(contact), "amount": amount} | extra
            )[0]
            b.row("Payment", "payment_requests", made, ["receiver", "amount", "private_visibility"])
            b.say(
                b.pick(
                    f"Request ${amount.words} from {contact}{hidden}",
                    f"Ask {contact}{hidden} to pay me ${amount.words}",
                )
            )


def reviews(b: Builder, same_app: bool) -> None:
    review = b.rng.choice(list(b.table("Movies", "film_reviews").values()))
    kind = b.pick("directed_by", "cast", "genre")
    value = getattr(review, kind)
    records = b.call("Movies", "reviewmovies", {kind: b.lit(value)}, ("movie_title",))
    b.answer("reviewmovies", "movie_title", records[:1])
    what = {
        "directed_by": f"directed by {value}",
        "cast": f"with {value}",
        "genre": f"in the {value} genre",
    }[kind]
    b.say(
        b.pick(f"Which film {what} do critics rate best?", f"Find the best-reviewed movie {what}")
    )


def round_trip(b: Builder, same_app: bool) -> None:
    origin, destination = b.rng.sample(CITIES, 2)
    out, out_words = relative_date(b.rng, b.today, latest=12)
    stay = b.rng.randint(1, 7)
    back = out + datetime.timedelta(days=stay)
    wanted = b.pick("price", "airlines")
    records = b.call(
        "Flights",
        "searchroundtripflights",
        {
            "origin_airport": b.lit(origin),
            "destination_airport": b.lit(destination),
            "departure_date": b.lit(out, out_words),
            "return_date": b.lit(back, f"{plural(stay, 'day')} later"),
        },
        (wanted,),
    )
    b.answer("searchroundtripflights", wanted, records[:1])
    what = "the price of" if wanted == "price" else "the airline of"
    b.say(
        f"Tell me {what} the cheapest round trip from {origin} to {destination}, leaving "
        f"{out_words} and coming back {plural(stay, 'day')} later"
    )


STANDALONE: tuple[Part, ...] = (music, media, payment, reviews, round_trip)
"""Parts with no place; with ``same_app`` each uses two APIs of its app."""


# -- single calls with every argument stated ------------------------------------------------


def reserve_named(b: Builder) -> None:
    place = stated_place(b)
    chosen = b.rng.choice(
        [
            r
            for r in b.table("Restaurants", "restaurants").values()
            if r.location == place.city.value
        ]
    )
    time, time_words = time_between(b, 11, 21)
    seats = b.lit(b.rng.randint(1, 8))
    booking = b.call(
        "Restaurants",
        "reserverestaurant",
        {
            "restaurant_name": b.lit(chosen.restaurant_name),
            "location": place.city,
            "time": b.lit(time, time_words),
            "number_of_seats": seats,
            "date": place.day,
        },
    )[0]
    b.row(
        "Restaurants",
        "table_reservations",
        booking,
        ["restaurant_name", "location", "date", "time", "number_of_seats"],
    )
    b.say(
        b.pick(
            f"Reserve a table for {seats.words} at {chosen.restaurant_name} in {place.city.words} "
            f"{place.day.words} at {time_words}",
            f"Book {chosen.restaurant_name} ({place.city.words}) for {seats.words} people at "
            f"{time_words} {place.day.words}",
        )
    )


def visit_named(b: Builder) -> None:
    home = b.rng.choice(list(b.table("Homes", "properties").values()))
    day, words = relative_date(b.rng, b.today)
    visit = b.call(
        "Homes",
        "schedulevisit",
        {"property_name": b.lit(home.property_name), "visit_date": b.lit(day, words)},
    )[0]
    b.row("Homes", "property_visits", visit, ["property_name", "visit_date"])
    b.say(
        b.pick(
            f"Schedule a visit to {home.property_name} {words}",
            f"I'd like to see {home.property_name} {words}; set up the visit",
        )
    )


def salon_named(b: Builder) -> None:
    salon = b.rng.choice(list(b.table("Services", "stylists").values()))
    day, words = relative_date(b.rng, b.today)
    time, time_words = time_between(b, 9, 17)
    booking = b.call(
        "Services",
        "book_stylist_appointment",
        {
            "stylist_name": b.lit(salon.stylist_name),
            "appointment_time": b.lit(time, time_words),
            "appointment_date": b.lit(day, words),
        },
    )[0]
    b.row(
        "Services",
        "stylist_appointments",
        booking,
        ["stylist_name", "appointment_date", "appointment_time"],
    )
    b.say(f"Book me in at {salon.stylist_name} {words} at {time_words}")


def event_named(b: Builder) -> None:
    event = b.rng.choice(list(b.table("Events", "events").values()))
    count = b.lit(b.rng.randint(1, 6))
    words = date_words(b.rng, b.today, event.date)
    tickets = b.call(
        "Events",
        "buyeventtickets",
        {
            "event_name": b.lit(event.event_name),
            "number_of_tickets": count,
            "date": b.lit(event.date, words),
            "city": b.lit(event.city),
        },
    )[0]
    b.row("Events", "event_tickets", tickets, ["event_name", "date", "city", "number_of_tickets"])
    b.say(f"Buy {plural(count.words, 'ticket')} for {event.event_name} in {event.city} {words}")


def song_named(b: Builder) -> None:
    song = b.rng.choice(list(b.table("Music", "songs").values()))
    device = b.pick("Living room", "Kitchen", "Patio")
    playing = b.call(
        "Music",
        "playmedia",
        {"track": b.lit(song.track), "artist": b.lit(song.artist), "device": b.lit(device)},
    )[0]
    b.row("Music", "song_playbacks", playing, ["track", "artist", "device"])
    b.say(f"Play {song.track} by {song.artist} on the {device} speaker")


def film_named(b: Builder) -> None:
    film = b.rng.choice(list(b.table("Media", "streamed_films").values()))
    language = b.pick("Spanish", "Hindi", "French", "English")
    playing = b.call(
        "Media", "playmovie", {"title": b.lit(film.title), "subtitle_language": b.lit(language)}
    )[0]
    b.row("Media", "film_playbacks", playing, ["title", "subtitle_language"])
    b.say(f"Start streaming {film.title} with {language} subtitles")


def ride_named(b: Builder) -> None:
    place = b.rng.choice([r for r in b.table("Restaurants", "restaurants").values()])
    seats, kind = b.lit(b.rng.randint(1, 4)), b.pick("Pool", "Regular", "Luxury")
    ride = b.call(
        "Rents",
        "getride",
        {"destination": b.lit(place.address), "number_of_seats": seats, "ride_type": b.lit(kind)},
    )[0]
    b.row("Rents", "rides", ride, ["destination", "number_of_seats", "ride_type"])
    b.say(
        f"Call me {article(kind)} {kind} cab with {plural(seats.words, 'seat')} to {place.address}"
    )


def house_stated(b: Builder) -> None:
    place = stated_place(b)
    nights = b.rng.randint(1, 6)
    adults = b.lit(b.rng.randint(1, 3))
    leave = place.date + datetime.timedelta(days=nights)
    booking = b.call(
        "Hotels",
        "bookhouse",
        {
            "where_to": place.city,
            "number_of_adults": adults,
            "check_in_date": place.day,
            "check_out_date": b.lit(leave, f"{plural(nights, 'night')} later"),
        },
    )[0]
    b.row(
        "Hotels",
        "house_bookings",
        booking,
        ["where_to", "number_of_adults", "check_in_date", "check_out_date"],
    )
    b.say(
        f"Book a house in {place.city.words} for {plural(adults.words, 'adult')}, arriving "
        f"{place.day.words} and leaving {plural(nights, 'night')} later"
    )


def bus_stated(b: Builder) -> None:
    origin, destination = b.rng.sample(CITIES, 2)
    day, words = relative_date(b.rng, b.today)
    with b.world.active():
        from assistworld.apps.services.buses import findbus

        leaves = b.rng.choice(findbus(origin, destination, day)).departure_time
    people = b.lit(b.rng.randint(1, 4))
    time_words = leaves.strftime("%H:%M")
    ticket = b.call(
        "Buses",
        "buybusticket",
        {
            "from_city": b.lit(origin),
            "to_city": b.lit(destination),
            "departure_date": b.lit(day, words),
            "departure_time": b.lit(leaves, time_words),
            "num_passengers": people,
        },
    )[0]
    b.row(
        "Buses",
        "bus_tickets",
        ticket,
        ["from_city", "to_city", "departure_date", "departure_time", "num_passengers"],
    )
    b.say(
        f"Buy {plural(people.words, 'ticket')} for the {time_words} bus from {origin} to "
        f"{destination} "
        f"{words}"
    )


def pay_stated(b: Builder) -> None:
    payment(b, False)


NAMED: tuple[Callable[[Builder], None], ...] = (
    reserve_named,
    visit_named,
    salon_named,
    event_named,
    song_named,
    film_named,
    ride_named,
    house_stated,
    bus_stated,
    pay_stated,
)
"""Single transactional calls whose every argument the user states."""

__all__ = ["NAMED", "STANDALONE", "Part"]
