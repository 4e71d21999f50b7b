"""Rents: rental cars by city and dates, and taxi rides to an address."""

from __future__ import annotations

import datetime
import random
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from assistworld.apps.services._common import (
    InvalidArgumentError,
    NoMatchError,
    choice,
    city_rows,
    derived_rng,
    draw,
    found,
    nonempty,
    not_past,
    optional_choice,
    positive,
    rows_of,
    same,
    stored,
)
from assistworld.apps.services._places import city_argument, city_prefix
from assistworld.tools.declaration import tool
from assistworld.world.tables import Table, keyed
from assistworld.world.world import World

APP = "Rents"
DESCRIPTION = "Rent a car for some days in a city, or call a taxi ride to an address."

CAR_TYPES: tuple[str, ...] = ("Hatchback", "Sedan", "SUV")
RIDE_TYPES: tuple[str, ...] = ("Pool", "Regular", "Luxury")
MODELS: dict[str, tuple[str, ...]] = {
    "Hatchback": ("Honda Fit", "Volkswagen Golf", "Mazda 3 Hatchback", "Ford Fiesta"),
    "Sedan": ("Toyota Camry", "Honda Accord", "Hyundai Elantra", "Nissan Altima"),
    "SUV": ("Subaru Forester", "Toyota RAV4", "Ford Explorer", "Jeep Cherokee"),
}
DESKS: tuple[str, ...] = ("International Airport", "Union Station", "Downtown Garage")


class Car(BaseModel):
    """A car a rental desk offers."""

    model_config = ConfigDict(extra="forbid")

    car_type: str = Field(description="Hatchback, Sedan or SUV")
    car_name: str = Field(description="make and model")
    pickup_location: str = Field(description="rental desk where the car is collected")
    city: str = Field(description="city of the rental desk")
    price_per_day: int = Field(description="rent for one day, in dollars")


class CarOffer(Car):
    """A car available for the dates asked about."""

    start_date: datetime.date = Field(description="first day of the rental")
    pickup_time: datetime.time = Field(description="time the car is collected")
    end_date: datetime.date = Field(description="day the car is returned")


class CarReservation(CarOffer):
    """A car reserved for some days."""

    add_insurance: bool = Field(description="whether insurance was bought")


class Ride(BaseModel):
    """A taxi ride booked to an address."""

    model_config = ConfigDict(extra="forbid")

    destination: str = Field(description="where the ride goes")
    ride_type: str = Field(description="Pool, Regular or Luxury")
    number_of_seats: int = Field(description="seats booked in the cab")
    ride_fare: float = Field(description="total fare, in dollars")
    wait_time: int = Field(description="minutes until the cab arrives")


CARS = keyed("rental_cars", Car, "car id -> car offered by a rental desk.")
CAR_RESERVATIONS = keyed("car_reservations", CarReservation, "reservation id -> rental.")
RIDES = keyed("rides", Ride, "ride id -> booked taxi ride.")
TABLES: tuple[Table[Any], ...] = (CARS, CAR_RESERVATIONS, RIDES)
FILLED_PER_CITY: tuple[Table[Any], ...] = (CARS,)
"""The tables ``populate_city`` fills, a city at a time."""


def populate_city(world: World, rng: random.Random, now: datetime.datetime, where: str) -> None:
    """Five cars at the desks of a city."""
    table = world.table(CARS)
    for number in range(5):
        kind = draw(rng, CAR_TYPES)
        table[f"{where}-{number}"] = Car(
            car_type=kind,
            car_name=draw(rng, MODELS[kind]),
            pickup_location=f"{where} {draw(rng, DESKS)}",
            city=where,
            price_per_day=rng.randrange(25, 120),
        )


def _rental_days(api: str, start_date: datetime.date, end_date: datetime.date) -> None:
    not_past(api, "start_date", start_date)
    if not 0 < (end_date - start_date).days <= 30:
        raise InvalidArgumentError(
            f"{api}: end_date must be 1 to 30 days after start_date ({start_date.isoformat()}),"
            f" got {end_date.isoformat()}"
        )


def _free(key: str, start_date: datetime.date, end_date: datetime.date) -> bool:
    """Whether a car is free for the whole rental (about one car in four is already taken)."""
    rng = derived_rng("car", key, start_date.isoformat(), end_date.isoformat())
    return rng.random() >= 0.25


def _ranked(cars: list[Car]) -> list[Car]:
    return sorted(cars, key=lambda c: (c.price_per_day, c.car_name, c.pickup_location))


@tool(app=APP, effect="read")
def getcarsavailable(
    city: str,
    start_date: datetime.date,
    pickup_time: datetime.time,
    end_date: datetime.date,
    car_type: str | None = None,
) -> list[CarOffer]:
    """Cars that can be rented in a city for the dates given, cheapest first.

    city
        City to rent in.
    start_date
        First day of the rental (YYYY-MM-DD).
    pickup_time
        Time to collect the car (HH:MM).
    end_date
        Day to return the car (YYYY-MM-DD), 1 to 30 days after the start.
    car_type
        Only cars of this type: Hatchback, Sedan or SUV.
    """
    api = "getcarsavailable"
    where = city_argument(api, city)
    _rental_days(api, start_date, end_date)
    kind = optional_choice(api, "car_type", car_type, CAR_TYPES)
    cars = _ranked(
        [
            car
            for key, car in city_rows(CARS, where).items()
            if car.city == where
            and kind in (None, car.car_type)
            and _free(key, start_date, end_date)
        ]
    )
    offers = [
        CarOffer(
            **car.model_dump(), start_date=start_date, pickup_time=pickup_time, end_date=end_date
        )
        for car in cars
    ]
    return found(api, f"{kind or 'car'} to rent in {where}", offers)


@tool(app=APP, effect="write")
def reservecar(
    pickup_location: str,
    start_date: datetime.date,
    pickup_time: datetime.time,
    end_date: datetime.date,
    car_type: str,
    add_insurance: bool,
) -> CarReservation:
    """Reserve the cheapest car of a type at a rental desk for the dates given.

    pickup_location
        Rental desk to collect the car from, as the search gave it.
    start_date
        First day of the rental (YYYY-MM-DD).
    pickup_time
        Time to collect the car (HH:MM).
    end_date
        Day to return the car (YYYY-MM-DD), 1 to 30 days after the start.
    car_type
        Hatchback, Sedan or SUV.
    add_insurance
        Whether to buy insurance for the rental.
    """
    api = "reservecar"
    desk = nonempty(api, "pickup_location", pickup_location)
    kind = choice(api, "car_type", car_type, CAR_TYPES)
    _rental_days(api, start_date, end_date)
    near = rows_of(CARS, city_prefix(desk))  # a desk's name starts with its city's
    at_desk = {k: c for k, c in near.items() if same(c.pickup_location, desk)}
    if not at_desk:
        raise NoMatchError(f"{api}: there is no rental desk called {desk!r}")
    cars = _ranked(
        [c for k, c in at_desk.items() if c.car_type == kind and _free(k, start_date, end_date)]
    )
    car = found(api, f"free {kind} at {desk} for those days", cars)[0]
    reservation = CarReservation(
        **car.model_dump(),
        start_date=start_date,
        pickup_time=pickup_time,
        end_date=end_date,
        add_insurance=add_insurance,
    )
    return stored(CAR_RESERVATIONS, "car_reservation", reservation)


@tool(app=APP, effect="write")
def getride(destination: str, number_of_seats: int, ride_type: str) -> Ride:
    """Book a taxi ride to an address now; the ride booked, with its fare and wait.

    destination
        Address or place the ride goes to.
    number_of_seats
        Seats to book in the cab (1 to 4).
    ride_type
        Pool, Regular or Luxury.
    """
    api = "getride"
    place = nonempty(api, "destination", destination)
    kind = choice(api, "ride_type", ride_type, RIDE_TYPES)
    seats = positive(api, "number_of_seats", number_of_seats, most=4)
    rng = derived_rng("ride", place.casefold(), kind)
    base = {"Pool": 0.7, "Regular": 1.0, "Luxury": 2.1}[kind]
    ride = Ride(
        destination=place,
        ride_type=kind,
        number_of_seats=seats,
        ride_fare=round(rng.uniform(9.0, 45.0) * base, 2),
        wait_time=rng.randint(2, 15),
    )
    return stored(RIDES, "ride", ride)


__all__ = [
    "Car",
    "CarOffer",
    "CarReservation",
    "Ride",
    "getcarsavailable",
    "getride",
    "reservecar",
]
