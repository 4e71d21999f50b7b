"""Media: films to stream at home, found by genre or actor and played with subtitles."""

from __future__ import annotations

import datetime
import random
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from assistworld.apps.services._catalogue import FILM_GENRES, film_titles, people
from assistworld.apps.services._common import (
    choice,
    draw,
    found,
    nonempty,
    rows,
    same,
    stored,
    the_first,
)
from assistworld.tools.declaration import tool
from assistworld.world.tables import Table, keyed
from assistworld.world.world import World

APP = "Media"
DESCRIPTION = "Stream films at home: find them by genre or actor and play one."
SUBTITLE_LANGUAGES: tuple[str, ...] = ("English", "Spanish", "Hindi", "French")


class StreamedFilm(BaseModel):
    """A film the streaming service offers."""

    model_config = ConfigDict(extra="forbid")

    title: str = Field(description="title of the film")
    genre: str = Field(description="genre of the film")
    starring: str = Field(description="lead actor")
    subtitle_language: str = Field(description="subtitles shown: English, Spanish, Hindi or French")


STREAMED_FILMS = keyed("streamed_films", StreamedFilm, "title -> film offered for streaming.")
PLAYBACKS = keyed("film_playbacks", StreamedFilm, "playback id -> film started, with subtitles.")
TABLES: tuple[Table[Any], ...] = (STREAMED_FILMS, PLAYBACKS)
FILLED: tuple[Table[Any], ...] = (STREAMED_FILMS,)
"""The tables ``populate`` fills (the others start empty and hold what APIs add)."""


def populate(world: World, rng: random.Random, now: datetime.datetime) -> None:
    """Thirty films led by ten actors."""
    table = world.table(STREAMED_FILMS)
    actors = rng.sample(people(), 10)
    for title in rng.sample(film_titles(), 30):
        table[title] = StreamedFilm(
            title=title,
            genre=draw(rng, FILM_GENRES),
            starring=draw(rng, actors),
            subtitle_language="English",
        )


@tool(app=APP, effect="read")
def findmovies(genre: str, starring: str | None = None) -> list[StreamedFilm]:
    """Films to stream of a genre, by title.

    genre
        Genre, such as Comedy or Thriller.
    starring
        Only films with this lead actor.
    """
    api = "findmovies"
    kind = choice(api, "genre", genre, FILM_GENRES)
    matches = [
        film
        for film in rows(STREAMED_FILMS).values()
        if film.genre == kind and (starring is None or same(film.starring, starring))
    ]
    matches.sort(key=lambda f: f.title)
    who = f" starring {starring}" if starring is not None else ""
    return found(api, f"{kind} film{who} to stream", matches)


@tool(app=APP, effect="write")
def playmovie(title: str, subtitle_language: str = "English") -> StreamedFilm:
    """Start streaming a film with subtitles in a language; what is playing.

    title
        Title of the film, as the search gave it.
    subtitle_language
        English, Spanish, Hindi or French; English when not given.
    """
    api = "playmovie"
    name = nonempty(api, "title", title)
    language = choice(api, "subtitle_language", subtitle_language, SUBTITLE_LANGUAGES)
    film = the_first(
        (f for f in rows(STREAMED_FILMS).values() if same(f.title, name)),
        f"{api}: there is no film titled {name!r} to stream",
    )
    playing = film.model_copy(update={"subtitle_language": language})
    return stored(PLAYBACKS, "film_playback", playing)


__all__ = ["StreamedFilm", "findmovies", "playmovie"]
