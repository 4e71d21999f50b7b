"""Films and songs the media services share: made-up titles, people and genres."""

from __future__ import annotations

from assistworld.apps.services._places import ADJECTIVES, FIRST_NAMES, LAST_NAMES, NOUNS

FILM_GENRES: tuple[str, ...] = ("Comedy", "Drama", "Thriller", "Action", "Fantasy", "Documentary")
MUSIC_GENRES: tuple[str, ...] = ("Pop", "Rock", "Jazz", "Country", "Electronic", "Folk")


_FILMS = tuple(f"The {adjective} {noun}" for noun in NOUNS for adjective in ADJECTIVES)
_PEOPLE = tuple(f"{first} {last}" for last in LAST_NAMES for first in FIRST_NAMES)
_SONGS = tuple(f"{adjective} {noun} Song" for adjective in ADJECTIVES for noun in NOUNS)


def film_titles() -> tuple[str, ...]:
    """Candidate film titles, in a fixed order."""
    return _FILMS


def people() -> tuple[str, ...]:
    """Candidate names of actors, directors and artists, in a fixed order."""
    return _PEOPLE


def song_titles() -> tuple[str, ...]:
    """Candidate song titles, in a fixed order."""
    return _SONGS


__all__ = ["FILM_GENRES", "MUSIC_GENRES", "film_titles", "people", "song_titles"]
