"""Movies: films showing in a city's cinemas, their show times, tickets, and critics' reviews."""

from __future__ import annotations

import datetime
import random
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from assistworld.apps.services._catalogue import FILM_GENRES, film_titles, people
from assistworld.apps.services._common import (
    NoMatchError,
    between,
    city_rows,
    derived_rng,
    draw,
    fits,
    found,
    nonempty,
    not_past,
    optional_choice,
    positive,
    rows,
    stored,
    street_address,
)
from assistworld.apps.services._places import ADJECTIVES, STREETS, city
from assistworld.tools.declaration import tool
from assistworld.world.tables import Table, keyed
from assistworld.world.world import World

APP = "Movies"
DESCRIPTION = "Find films showing in a city's cinemas, their show times, reviews, and tickets."
SHOW_TYPES: tuple[str, ...] = ("regular", "3d", "imax")


class Showing(BaseModel):
    """A film a cinema is showing, in one format."""

    model_config = ConfigDict(extra="forbid")

    movie_name: str = Field(description="title of the film")
    genre: str = Field(description="genre of the film")
    theater_name: str = Field(description="cinema showing it")
    location: str = Field(description="city of the cinema")
    street_address: str = Field(description="street address of the cinema")
    show_type: str = Field(description="regular, 3d or imax")
    price: float = Field(description="price of one ticket, in dollars")


class ShowTime(Showing):
    """One show of a film on a day."""

    show_date: datetime.date = Field(description="day of the show")
    show_time: datetime.time = Field(description="time the show starts")


class MovieTickets(ShowTime):
    """Tickets bought for a show."""

    number_of_tickets: int = Field(description="tickets bought")


class Review(BaseModel):
    """What critics made of a film."""

    model_config = ConfigDict(extra="forbid")

    movie_title: str = Field(description="title of the film")
    genre: str = Field(description="genre of the film")
    directed_by: str = Field(description="its director")
    cast: str = Field(description="its lead actor")
    percent_rating: int = Field(description="share of critics who liked it, in percent")


SHOWINGS = keyed("showings", Showing, "showing id -> film shown in a cinema.")
REVIEWS = keyed("film_reviews", Review, "title -> critics' review.")
MOVIE_TICKETS = keyed("movie_tickets", MovieTickets, "purchase id -> cinema tickets bought.")
TABLES: tuple[Table[Any], ...] = (SHOWINGS, REVIEWS, MOVIE_TICKETS)
FILLED: tuple[Table[Any], ...] = (REVIEWS,)
"""The tables ``populate`` fills (the others start empty and hold what APIs add)."""
FILLED_PER_CITY: tuple[Table[Any], ...] = (SHOWINGS,)
"""The tables ``populate_city`` fills, a city at a time."""


def populate(world: World, rng: random.Random, now: datetime.datetime) -> None:
    """Twelve films with reviews (every city's cinemas show some of them)."""
    reviews = world.table(REVIEWS)
    directors, actors = rng.sample(people(), 6), rng.sample(people(), 8)
    for title in rng.sample(film_titles(), 12):
        reviews[title] = Review(
            movie_title=title,
            genre=draw(rng, FILM_GENRES),
            directed_by=draw(rng, directors),
            cast=draw(rng, actors),
            percent_rating=between(rng, 20, 99),
        )


def populate_city(world: World, rng: random.Random, now: datetime.datetime, where: str) -> None:
    """Two cinemas in a city showing three of the reviewed films each."""
    films = list(world.table(REVIEWS).values())
    showings = world.table(SHOWINGS)
    for word in rng.sample(ADJECTIVES, 2):
        cinema = f"{word} Screens {where}"
        address = street_address(rng, STREETS)
        for film in rng.sample(films, 3):
            kind = draw(rng, SHOW_TYPES)
            showings[f"{cinema}/{film.movie_title}"] = Showing(
                movie_name=film.movie_title,
                genre=film.genre,
                theater_name=cinema,
                location=where,
                street_address=address,
                show_type=kind,
                price=float(rng.randrange(9, 16) + {"regular": 0, "3d": 4, "imax": 7}[kind]),
            )


def _showings(
    api: str,
    location: str,
    theater_name: str | None,
    genre: str | None,
    show_type: str | None,
    movie_name: str | None = None,
) -> list[Showing]:
    where = city(api, "location", location)
    kind = optional_choice(api, "show_type", show_type, SHOW_TYPES)
    matches = [
        s
        for s in city_rows(SHOWINGS, where).values()
        if s.location == where
        and fits(s.theater_name, theater_name)
        and fits(s.genre, genre)
        and fits(s.show_type, kind)
        and fits(s.movie_name, movie_name)
    ]
    return sorted(matches, key=lambda s: (s.movie_name, s.theater_name))


def _times(showing: Showing, day: datetime.date) -> list[ShowTime]:
    rng = derived_rng("show", showing.theater_name, showing.movie_name, day.isoformat())
    hours = sorted(rng.sample(range(12, 23), 3))
    return [
        ShowTime(
            **showing.model_dump(), show_date=day, show_time=datetime.time(h, rng.choice((0, 30)))
        )
        for h in hours
    ]


@tool(app=APP, effect="read")
def findmovies(
    location: str,
    theater_name: str | None = None,
    genre: str | None = None,
    show_type: str | None = None,
) -> list[Showing]:
    """Films showing in a city's cinemas, by title.

    location
        City to look in.
    theater_name
        Only films at this cinema.
    genre
        Only films of this genre, such as Comedy.
    show_type
        Only shows in this format: regular, 3d or imax.
    """
    api = "findmovies"
    return found(
        api,
        "film showing there with those filters",
        _showings(api, location, theater_name, genre, show_type),
    )


@tool(app=APP, effect="read")
def gettimesformovie(
    movie_name: str,
    location: str,
    show_date: datetime.date,
    theater_name: str | None = None,
    show_type: str | None = None,
) -> list[ShowTime]:
    """Show times of a film in a city's cinemas on a day, earliest first.

    movie_name
        Title of the film.
    location
        City to look in.
    show_date
        Day of the show (YYYY-MM-DD).
    theater_name
        Only shows at this cinema.
    show_type
        Only shows in this format: regular, 3d or imax.
    """
    api = "gettimesformovie"
    name = nonempty(api, "movie_name", movie_name)
    day = not_past(api, "show_date", show_date)
    showings = _showings(api, location, theater_name, None, show_type, name)
    times = [time for showing in showings for time in _times(showing, day)]
    times.sort(key=lambda t: (t.show_time, t.theater_name))
    return found(api, f"show of {name!r} on {day.isoformat()} there", times)


@tool(app=APP, effect="write")
def buymovietickets(
    movie_name: str,
    number_of_tickets: int,
    show_date: datetime.date,
    location: str,
    show_time: datetime.time,
    show_type: str,
) -> MovieTickets:
    """Buy tickets for the show of a film starting at a given time; the tickets bought.

    movie_name
        Title of the film.
    number_of_tickets
        Tickets to buy (1 to 20).
    show_date
        Day of the show (YYYY-MM-DD).
    location
        City of the cinema.
    show_time
        Time the show starts (HH:MM), as the show times gave it.
    show_type
        regular, 3d or imax.
    """
    api = "buymovietickets"
    name = nonempty(api, "movie_name", movie_name)
    count = positive(api, "number_of_tickets", number_of_tickets)
    day = not_past(api, "show_date", show_date)
    showings = _showings(api, location, None, None, show_type, name)
    show = next((t for s in showings for t in _times(s, day) if t.show_time == show_time), None)
    if show is None:
        raise NoMatchError(
            f"{api}: no {show_type} show of {name!r} starts at {show_time.strftime('%H:%M')} "
            f"on {day.isoformat()} there"
        )
    tickets = MovieTickets(**show.model_dump(), number_of_tickets=count)
    return stored(MOVIE_TICKETS, "movie_tickets", tickets)


@tool(app=APP, effect="read")
def reviewmovies(
    directed_by: str | None = None, genre: str | None = None, cast: str | None = None
) -> list[Review]:
    """Critics' reviews of films that fit every filter given, best liked first.

    directed_by
        Only films by this director.
    genre
        Only films of this genre.
    cast
        Only films with this lead actor.
    """
    api = "reviewmovies"
    matches = [
        r
        for r in rows(REVIEWS).values()
        if fits(r.directed_by, directed_by) and fits(r.genre, genre) and fits(r.cast, cast)
    ]
    matches.sort(key=lambda r: (-r.percent_rating, r.movie_title))
    return found(api, "reviewed film fits those filters", matches)


__all__ = [
    "MovieTickets",
    "Review",
    "ShowTime",
    "Showing",
    "buymovietickets",
    "findmovies",
    "gettimesformovie",
    "reviewmovies",
]
