"""Music: songs found by artist, album, genre or year, and played on a speaker."""

from __future__ import annotations

import datetime
import random
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from assistworld.apps.services._catalogue import MUSIC_GENRES, people, song_titles
from assistworld.apps.services._common import (
    between,
    choice,
    draw,
    fits,
    found,
    nonempty,
    optional_choice,
    rows,
    same,
    stored,
    the_first,
)
from assistworld.apps.services._places import ADJECTIVES, NOUNS
from assistworld.tools.declaration import tool
from assistworld.world.tables import Table, keyed
from assistworld.world.world import World

APP = "Music"
DESCRIPTION = "Look up songs by artist, album, genre or year and play one on a speaker."
DEVICES: tuple[str, ...] = ("Living room", "Kitchen", "Patio")


class Song(BaseModel):
    """A song in the library."""

    model_config = ConfigDict(extra="forbid")

    track: str = Field(description="title of the song")
    artist: str = Field(description="who performs it")
    album: str = Field(description="album it is on")
    genre: str = Field(description="kind of music")
    year: str = Field(description="year it came out (YYYY)")


class Playing(Song):
    """A song started on a speaker."""

    device: str = Field(description="speaker it plays on: Living room, Kitchen or Patio")


SONGS = keyed("songs", Song, "track -> song.")
SONG_PLAYBACKS = keyed("song_playbacks", Playing, "playback id -> song started.")
TABLES: tuple[Table[Any], ...] = (SONGS, SONG_PLAYBACKS)
FILLED: tuple[Table[Any], ...] = (SONGS,)
"""The tables ``populate`` fills (the others start empty and hold what APIs add)."""


def populate(world: World, rng: random.Random, now: datetime.datetime) -> None:
    """Forty songs by eight artists, each artist with two albums."""
    table = world.table(SONGS)
    artists = rng.sample(people(), 8)
    albums = {
        artist: [f"{draw(rng, ADJECTIVES)} {draw(rng, NOUNS)}s" for _ in range(2)]
        for artist in artists
    }
    years = {album: str(between(rng, 1975, 2018)) for names in albums.values() for album in names}
    genres = {artist: draw(rng, MUSIC_GENRES) for artist in artists}
    for track in rng.sample(song_titles(), 40):
        artist = draw(rng, artists)
        album = draw(rng, albums[artist])
        table[track] = Song(
            track=track, artist=artist, album=album, genre=genres[artist], year=years[album]
        )


@tool(app=APP, effect="read")
def lookupmusic(
    artist: str | None = None,
    album: str | None = None,
    genre: str | None = None,
    year: str | None = None,
) -> list[Song]:
    """Songs that fit every filter given, by title.

    artist
        Only songs by this artist.
    album
        Only songs on this album.
    genre
        Only songs of this genre, such as Pop or Jazz.
    year
        Only songs that came out this year (YYYY).
    """
    api = "lookupmusic"
    kind = optional_choice(api, "genre", genre, MUSIC_GENRES)
    matches = [
        song
        for song in rows(SONGS).values()
        if fits(song.artist, artist)
        and fits(song.album, album)
        and fits(song.genre, kind)
        and fits(song.year, None if year is None else year.strip())
    ]
    matches.sort(key=lambda s: s.track)
    return found(api, "song fits those filters", matches)


@tool(app=APP, effect="write")
def playmedia(
    track: str, artist: str | None = None, device: str = "Living room", album: str | None = None
) -> Playing:
    """Play a song on a speaker; what is playing.

    track
        Title of the song.
    artist
        Who performs it (to tell apart songs of the same title).
    device
        Living room, Kitchen or Patio; Living room when not given.
    album
        Album it is on.
    """
    api = "playmedia"
    name = nonempty(api, "track", track)
    speaker = choice(api, "device", device, DEVICES)
    song = the_first(
        (
            s
            for s in rows(SONGS).values()
            if same(s.track, name) and fits(s.artist, artist) and fits(s.album, album)
        ),
        f"{api}: there is no song {name!r} with that artist and album",
    )
    playing = Playing(**song.model_dump(), device=speaker)
    return stored(SONG_PLAYBACKS, "song_playback", playing)


__all__ = ["Playing", "Song", "lookupmusic", "playmedia"]
