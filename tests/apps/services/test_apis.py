"""Every API of every service: a valid call works, and bad arguments get a clear error."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from assistworld.apps import services
from assistworld.world import World
from tests.apps.services._world import call, first, world

Case = Callable[[World], dict[str, Any]]


def _restaurant(made: World) -> Any:
    return first(made, "Restaurants", "restaurants", location="Boston")


def _event(made: World) -> Any:
    return first(made, "Events", "events", city="Denver")


def _home(made: World) -> Any:
    return first(made, "Homes", "properties", area="Austin")


def _showing(made: World) -> Any:
    return first(made, "Movies", "showings", location="Seattle")


def _film(made: World) -> Any:
    return next(iter(made.table(services.tables("Media")[0]).values()))


def _song(made: World) -> Any:
    return next(iter(made.table(services.tables("Music")[0]).values()))


def _contact(made: World) -> str:
    return str(made.table(services.tables("Payment")[0])[0])


VALID: dict[tuple[str, str], Case] = {
    ("Hotels", "searchhouse"): lambda w: {"where_to": "Chicago"},
    ("Hotels", "bookhouse"): lambda w: {
        "where_to": "Chicago",
        "number_of_adults": 1,
        "check_in_date": "2019-03-04",
        "check_out_date": "2019-03-06",
    },
    ("Rents", "getcarsavailable"): lambda w: {
        "city": "Boston",
        "start_date": "2019-03-04",
        "pickup_time": "10:00",
        "end_date": "2019-03-07",
    },
    ("Rents", "reservecar"): lambda w: {
        "pickup_location": first(w, "Rents", "rental_cars", city="Boston").pickup_location,
        "start_date": "2019-03-04",
        "pickup_time": "10:00",
        "end_date": "2019-03-07",
        "car_type": first(w, "Rents", "rental_cars", city="Boston").car_type,
        "add_insurance": True,
    },
    ("Rents", "getride"): lambda w: {
        "destination": "12 Harbor Drive",
        "number_of_seats": 2,
        "ride_type": "Pool",
    },
    ("Buses", "findbus"): lambda w: {
        "from_city": "Boston",
        "to_city": "New York",
        "departure_date": "2019-03-08",
    },
    ("Buses", "buybusticket"): lambda w: {
        "from_city": "Boston",
        "to_city": "New York",
        "departure_date": "2019-03-08",
        "departure_time": call(
            w,
            "Buses",
            "findbus",
            from_city="Boston",
            to_city="New York",
            departure_date="2019-03-08",
        ).result[0]["departure_time"],
        "num_passengers": 2,
    },
    ("Events", "findevents"): lambda w: {"event_type": _event(w).event_type, "city": "Denver"},
    ("Events", "buyeventtickets"): lambda w: {
        "event_name": _event(w).event_name,
        "number_of_tickets": 2,
        "date": _event(w).date.isoformat(),
        "city": "Denver",
    },
    ("Flights", "searchonewayflight"): lambda w: {
        "origin_airport": "Seattle",
        "destination_airport": "Phoenix",
        "departure_date": "2019-03-10",
    },
    ("Flights", "searchroundtripflights"): lambda w: {
        "origin_airport": "Seattle",
        "destination_airport": "Phoenix",
        "departure_date": "2019-03-10",
        "return_date": "2019-03-14",
    },
    ("Homes", "findhomebyarea"): lambda w: {
        "area": "Austin",
        "intent": _home(w).intent,
        "number_of_beds": _home(w).number_of_beds,
        "number_of_baths": _home(w).number_of_baths,
    },
    ("Homes", "schedulevisit"): lambda w: {
        "property_name": _home(w).property_name,
        "visit_date": "2019-03-05",
    },
    ("Media", "findmovies"): lambda w: {"genre": _film(w).genre},
    ("Media", "playmovie"): lambda w: {"title": _film(w).title, "subtitle_language": "French"},
    ("Movies", "findmovies"): lambda w: {"location": "Seattle"},
    ("Movies", "gettimesformovie"): lambda w: {
        "movie_name": _showing(w).movie_name,
        "location": "Seattle",
        "show_date": "2019-03-02",
    },
    ("Movies", "buymovietickets"): lambda w: {
        "movie_name": _showing(w).movie_name,
        "number_of_tickets": 3,
        "show_date": "2019-03-02",
        "location": "Seattle",
        "show_time": call(
            w,
            "Movies",
            "gettimesformovie",
            movie_name=_showing(w).movie_name,
            location="Seattle",
            show_date="2019-03-02",
            show_type=_showing(w).show_type,
        ).result[0]["show_time"],
        "show_type": _showing(w).show_type,
    },
    ("Movies", "reviewmovies"): lambda w: {},
    ("Music", "lookupmusic"): lambda w: {"artist": _song(w).artist},
    ("Music", "playmedia"): lambda w: {"track": _song(w).track, "device": "Kitchen"},
    ("Payment", "makepayment"): lambda w: {
        "payment_method": "debit card",
        "amount": 42.5,
        "receiver": _contact(w),
    },
    ("Payment", "requestpayment"): lambda w: {"receiver": _contact(w), "amount": 18},
    ("Restaurants", "findrestaurants"): lambda w: {
        "category": _restaurant(w).category,
        "location": "Boston",
    },
    ("Restaurants", "reserverestaurant"): lambda w: {
        "restaurant_name": _restaurant(w).restaurant_name,
        "location": "Boston",
        "time": "19:00",
    },
    ("Services", "find_stylist_provider"): lambda w: {"city": "Atlanta"},
    ("Services", "book_stylist_appointment"): lambda w: {
        "stylist_name": first(w, "Services", "stylists", city="Atlanta").stylist_name,
        "appointment_time": "10:30",
        "appointment_date": "2019-03-06",
    },
    ("Services", "find_therapist_provider"): lambda w: {
        "city": "Atlanta",
        "type": first(w, "Services", "therapists", city="Atlanta").type,
    },
    ("Services", "book_therapist_appointment"): lambda w: {
        "therapist_name": first(w, "Services", "therapists", city="Atlanta").therapist_name,
        "appointment_time": "15:00",
        "appointment_date": "2019-03-06",
    },
    ("Trains", "findtrains"): lambda w: {
        "from_": "Portland",
        "to": "Seattle",
        "date_of_journey": "2019-03-09",
    },
    ("Trains", "gettraintickets"): lambda w: {
        "from_": "Portland",
        "to": "Seattle",
        "date_of_journey": "2019-03-09",
        "journey_start_time": call(
            w,
            "Trains",
            "findtrains",
            from_="Portland",
            to="Seattle",
            date_of_journey="2019-03-09",
        ).result[0]["journey_start_time"],
        "number_of_adults": 2,
        "trip_protection": False,
        "class_": "Business",
    },
    ("Travel", "findattractions"): lambda w: {"location": "San Diego"},
    ("Weather", "getweather"): lambda w: {"city": "Chicago", "date": "2019-03-03"},
}


def test_every_api_has_a_case() -> None:
    declared = {(app, tool.name) for app in services.APP_NAMES for tool in services.toolset(app)}
    assert declared == set(VALID)


@pytest.mark.parametrize(("app", "api"), sorted(VALID))
def test_a_valid_call_returns_records_and_writes_only_when_transactional(
    app: str, api: str
) -> None:
    made = world()
    arguments = VALID[(app, api)](made)
    before = made.version
    event = call(made, app, api, **arguments)
    assert event.error is None, event.error
    records = event.result if isinstance(event.result, list) else [event.result]
    assert records and all(isinstance(record, dict) and record for record in records)
    writes = services.toolset(app).tool(api).effect == "write"
    assert (made.version > before) is writes


BAD: list[tuple[str, str, dict[str, Any], str]] = [
    ("Weather", "getweather", {"city": "Atlantis"}, "not a city"),
    ("Weather", "getweather", {"city": "Boston", "date": "2019-02-27"}, "outside the forecast"),
    ("Weather", "getweather", {"city": "Boston", "date": "tomorrow"}, "invalid arguments"),
    ("Restaurants", "findrestaurants", {"category": "Martian", "location": "Boston"}, "no "),
    (
        "Restaurants",
        "reserverestaurant",
        {"restaurant_name": "Nowhere Grill", "location": "Boston", "time": "19:00"},
        "no restaurant",
    ),
    (
        "Rents",
        "getride",
        {"destination": "Pier 9", "number_of_seats": 2, "ride_type": "Rocket"},
        "Pool, Regular, Luxury",
    ),
    (
        "Rents",
        "getride",
        {"destination": " ", "number_of_seats": 2, "ride_type": "Pool"},
        "must not be empty",
    ),
    (
        "Rents",
        "getride",
        {"destination": "Pier 9", "number_of_seats": 9, "ride_type": "Pool"},
        "between 1 and 4",
    ),
    (
        "Hotels",
        "bookhouse",
        {
            "where_to": "Boston",
            "number_of_adults": 2,
            "check_in_date": "2019-03-06",
            "check_out_date": "2019-03-05",
        },
        "after check_in_date",
    ),
    (
        "Hotels",
        "bookhouse",
        {
            "where_to": "Boston",
            "number_of_adults": 2,
            "check_in_date": "2019-02-20",
            "check_out_date": "2019-03-05",
        },
        "in the past",
    ),
    (
        "Buses",
        "findbus",
        {"from_city": "Boston", "to_city": "boston", "departure_date": "2019-03-05"},
        "must differ",
    ),
    (
        "Buses",
        "buybusticket",
        {
            "from_city": "Boston",
            "to_city": "Denver",
            "departure_date": "2019-03-05",
            "departure_time": "03:17",
            "num_passengers": 1,
        },
        "no bus leaves at 03:17",
    ),
    (
        "Trains",
        "findtrains",
        {"from_": "Boston", "to": "Denver", "date_of_journey": "2019-03-05", "class_": "Steerage"},
        "Value, Flexible, Business",
    ),
    (
        "Flights",
        "searchroundtripflights",
        {
            "origin_airport": "Boston",
            "destination_airport": "Denver",
            "departure_date": "2019-03-05",
            "return_date": "2019-03-04",
        },
        "before departure_date",
    ),
    ("Events", "findevents", {"event_type": "Circus", "city": "Denver"}, "Music, Theater"),
    (
        "Homes",
        "schedulevisit",
        {"property_name": "Castle Nowhere", "visit_date": "2019-03-05"},
        "no property",
    ),
    ("Media", "playmovie", {"title": "Untitled", "subtitle_language": "English"}, "no film"),
    (
        "Movies",
        "buymovietickets",
        {
            "movie_name": "Untitled",
            "number_of_tickets": 1,
            "show_date": "2019-03-02",
            "location": "Boston",
            "show_time": "20:00",
            "show_type": "imax",
        },
        "no imax show",
    ),
    ("Music", "playmedia", {"track": "Silence", "device": "Garage"}, "Living room, Kitchen"),
    (
        "Payment",
        "makepayment",
        {"payment_method": "cash", "amount": 5, "receiver": "x"},
        "not one of your contacts",
    ),
    ("Payment", "requestpayment", {"receiver": "Nobody At All", "amount": 5}, "contacts"),
    (
        "Services",
        "book_stylist_appointment",
        {
            "stylist_name": "Nowhere Salon",
            "appointment_time": "10:00",
            "appointment_date": "2019-03-05",
        },
        "no salon",
    ),
    (
        "Services",
        "find_therapist_provider",
        {"city": "Boston", "type": "Astrologer"},
        "Psychologist",
    ),
    ("Travel", "findattractions", {"location": "Boston", "category": "Casino"}, "Museum"),
    (
        "Restaurants",
        "findrestaurants",
        {"category": "Thai", "location": "Boston", "stars": 5},
        "stars",
    ),
]


@pytest.mark.parametrize(("app", "api", "arguments", "message"), BAD)
def test_bad_arguments_get_an_error_naming_the_problem(
    app: str, api: str, arguments: dict[str, Any], message: str
) -> None:
    made = world()
    before = made.to_json()
    event = call(made, app, api, **arguments)
    assert event.error is not None
    assert message in event.error.message
    assert made.to_json() == before


def test_payment_amount_must_be_positive() -> None:
    made = world()
    event = call(made, "Payment", "requestpayment", receiver=_contact(made), amount=0)
    assert event.error is not None and "more than 0" in event.error.message


def test_bookings_copy_the_booked_place_and_the_request() -> None:
    made = world()
    restaurant = first(made, "Restaurants", "restaurants", location="Boston")
    event = call(
        made,
        "Restaurants",
        "reserverestaurant",
        restaurant_name=restaurant.restaurant_name.upper(),
        location="boston",
        time="20:30",
        number_of_seats=5,
        date="2019-03-09",
    )
    assert event.error is None
    assert event.result["restaurant_name"] == restaurant.restaurant_name
    assert event.result["category"] == restaurant.category
    assert (event.result["date"], event.result["number_of_seats"]) == ("2019-03-09", 5)


def test_searches_rank_their_results() -> None:
    made = world()
    event = call(made, "Hotels", "searchhouse", where_to="Boston")
    ratings = [house["rating"] for house in event.result]
    assert ratings == sorted(ratings, reverse=True)
    best = ratings[0]
    event = call(made, "Hotels", "searchhouse", where_to="Boston", rating=best)
    assert event.error is None, event.error
    assert event.result and all(h["rating"] >= best for h in event.result)
    assert len(event.result) < len(ratings) or len(set(ratings)) == 1


def test_derived_timetables_and_forecasts_are_stable_and_depend_on_the_day() -> None:
    made = world()
    one = call(made, "Weather", "getweather", city="Denver", date="2019-03-04").result
    again = call(made, "Weather", "getweather", city="Denver", date="2019-03-04").result
    other_days = [
        call(made, "Weather", "getweather", city="Denver", date=f"2019-03-{day:02d}").result
        for day in range(5, 12)
    ]
    assert one == again
    assert any(day["temperature"] != one["temperature"] for day in other_days)
    trains = call(
        made, "Trains", "findtrains", from_="Denver", to="Austin", date_of_journey="2019-03-04"
    ).result
    assert trains[0]["from"] == "Denver" and trains[0]["class"] == "Value"
