"""Services: hair stylists and therapists in a city, and appointments with them."""

from __future__ import annotations

import datetime
import random
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from assistworld.apps.services._common import (
    NoMatchError,
    choice,
    city_rows,
    draw,
    fits,
    found,
    nonempty,
    not_past,
    phone,
    rows_of,
    same,
    stored,
    street_address,
    the_first,
)
from assistworld.apps.services._places import (
    STREETS,
    city_argument,
    city_share,
    name_pairs,
    person_names,
    share_owner,
)
from assistworld.tools.declaration import tool
from assistworld.world.tables import Table, keyed
from assistworld.world.world import World

APP = "Services"
DESCRIPTION = "Find hair stylists and therapists in a city and book appointments with them."
THERAPIST_TYPES: tuple[str, ...] = ("Psychologist", "Family Counselor", "Psychiatrist")
FIRST_SLOT, LAST_SLOT = datetime.time(9, 0), datetime.time(18, 0)


def _salon_name(parts: tuple[str, str]) -> str:
    adjective, noun = parts
    return f"{adjective} {noun} Salon"


class Stylist(BaseModel):
    """A hair salon."""

    model_config = ConfigDict(extra="forbid")

    stylist_name: str = Field(description="name of the salon")
    city: str = Field(description="city of the salon")
    street_address: str = Field(description="street address of the salon")
    phone_number: str = Field(description="number to call the salon")
    average_rating: float = Field(description="mean client rating out of 5")
    is_unisex: bool = Field(description="whether it serves everyone")


class StylistAppointment(Stylist):
    """An appointment at a salon."""

    appointment_date: datetime.date = Field(description="day of the appointment")
    appointment_time: datetime.time = Field(description="time of the appointment")


class Therapist(BaseModel):
    """A therapist."""

    model_config = ConfigDict(extra="forbid")

    therapist_name: str = Field(description="name of the therapist")
    city: str = Field(description="city the therapist works in")
    type: str = Field(description="Psychologist, Family Counselor or Psychiatrist")
    address: str = Field(description="street address of the practice")
    phone_number: str = Field(description="number to call the practice")


class TherapistAppointment(Therapist):
    """An appointment with a therapist."""

    appointment_date: datetime.date = Field(description="day of the appointment")
    appointment_time: datetime.time = Field(description="time of the appointment")


STYLISTS = keyed("stylists", Stylist, "salon name -> salon.")
THERAPISTS = keyed("therapists", Therapist, "therapist name -> therapist.")
STYLIST_APPOINTMENTS = keyed(
    "stylist_appointments", StylistAppointment, "appointment id -> salon appointment."
)
THERAPIST_APPOINTMENTS = keyed(
    "therapist_appointments", TherapistAppointment, "appointment id -> therapy appointment."
)
TABLES: tuple[Table[Any], ...] = (
    STYLISTS,
    THERAPISTS,
    STYLIST_APPOINTMENTS,
    THERAPIST_APPOINTMENTS,
)
FILLED_PER_CITY: tuple[Table[Any], ...] = (STYLISTS, THERAPISTS)
"""The tables ``populate_city`` fills, a city at a time."""


def populate_city(world: World, rng: random.Random, now: datetime.datetime, where: str) -> None:
    """Three salons and four therapists in a city."""
    salons, therapists = world.table(STYLISTS), world.table(THERAPISTS)
    for adjective, noun in rng.sample(city_share(name_pairs(), where), 3):
        name = _salon_name((adjective, noun))
        salons[name] = Stylist(
            stylist_name=name,
            city=where,
            street_address=street_address(rng, STREETS),
            phone_number=phone(rng),
            average_rating=round(rng.uniform(3.0, 5.0), 1),
            is_unisex=rng.random() < 0.6,
        )
    for person in rng.sample(city_share(person_names(), where), 4):
        therapists[person] = Therapist(
            therapist_name=person,
            city=where,
            type=draw(rng, THERAPIST_TYPES),
            address=street_address(rng, STREETS),
            phone_number=phone(rng),
        )


def _slot(api: str, day: datetime.date, time: datetime.time) -> datetime.date:
    if not FIRST_SLOT <= time <= LAST_SLOT:
        raise NoMatchError(f"{api}: appointments run from 09:00 to 18:00, not at {time}")
    return not_past(api, "appointment_date", day)


@tool(app=APP, effect="read")
def find_stylist_provider(city: str, is_unisex: bool | None = None) -> list[Stylist]:
    """Hair salons of a city, best rated first.

    city
        City to look in.
    is_unisex
        Only salons that serve everyone (True) or that do not (False).
    """
    api = "find_stylist_provider"
    where = city_argument(api, city)
    matches = [
        s
        for s in city_rows(STYLISTS, where).values()
        if s.city == where and fits(s.is_unisex, is_unisex)
    ]
    matches.sort(key=lambda s: (-s.average_rating, s.stylist_name))
    return found(api, f"salon in {where} fits", matches)


@tool(app=APP, effect="write")
def book_stylist_appointment(
    stylist_name: str, appointment_time: datetime.time, appointment_date: datetime.date
) -> StylistAppointment:
    """Book an appointment at a salon; the appointment.

    stylist_name
        Name of the salon, as the search gave it.
    appointment_time
        Time of the appointment (HH:MM), between 09:00 and 18:00.
    appointment_date
        Day of the appointment (YYYY-MM-DD).
    """
    api = "book_stylist_appointment"
    name = nonempty(api, "stylist_name", stylist_name)
    salons = rows_of(STYLISTS, share_owner(name_pairs(), name, _salon_name)).values()
    salon = the_first(
        (s for s in salons if same(s.stylist_name, name)),
        f"{api}: there is no salon named {name!r}",
    )
    booking = StylistAppointment(
        **salon.model_dump(),
        appointment_date=_slot(api, appointment_date, appointment_time),
        appointment_time=appointment_time,
    )
    return stored(STYLIST_APPOINTMENTS, "stylist_appointment", booking)


@tool(app=APP, effect="read")
def find_therapist_provider(city: str, type: str) -> list[Therapist]:
    """Therapists of a kind in a city, by name.

    city
        City to look in.
    type
        Psychologist, Family Counselor or Psychiatrist.
    """
    api = "find_therapist_provider"
    where = city_argument(api, city)
    kind = choice(api, "type", type, THERAPIST_TYPES)
    matches = [
        t for t in city_rows(THERAPISTS, where).values() if t.city == where and t.type == kind
    ]
    matches.sort(key=lambda t: t.therapist_name)
    return found(api, f"{kind} in {where}", matches)


@tool(app=APP, effect="write")
def book_therapist_appointment(
    therapist_name: str, appointment_time: datetime.time, appointment_date: datetime.date
) -> TherapistAppointment:
    """Book an appointment with a therapist; the appointment.

    therapist_name
        Name of the therapist, as the search gave it.
    appointment_time
        Time of the appointment (HH:MM), between 09:00 and 18:00.
    appointment_date
        Day of the appointment (YYYY-MM-DD).
    """
    api = "book_therapist_appointment"
    name = nonempty(api, "therapist_name", therapist_name)
    therapists = rows_of(THERAPISTS, share_owner(person_names(), name, str)).values()
    therapist = the_first(
        (t for t in therapists if same(t.therapist_name, name)),
        f"{api}: there is no therapist named {name!r}",
    )
    booking = TherapistAppointment(
        **therapist.model_dump(),
        appointment_date=_slot(api, appointment_date, appointment_time),
        appointment_time=appointment_time,
    )
    return stored(THERAPIST_APPOINTMENTS, "therapist_appointment", booking)


__all__ = [
    "Stylist",
    "StylistAppointment",
    "Therapist",
    "TherapistAppointment",
    "book_stylist_appointment",
    "book_therapist_appointment",
    "find_stylist_provider",
    "find_therapist_provider",
]
