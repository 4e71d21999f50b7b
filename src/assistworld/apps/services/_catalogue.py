"""Films and songs the media services share: made-up titles, people and genres."""

from __future__ import annotations

from assistworld.apps.services._places import ADJECTIVES, FIRST_NAMES, LAST_NAMES, NOUNS

FILM_GENRES: tuple[str, ...] = ("Comedy", "Drama", "Thriller", "Action", "Fantasy", "Documentary")
MUSIC_GENRES: tuple[str, ...] = ("Pop", "Rock", "Jazz", "Country", "Electronic", "Folk")


def film_titles() -> list[str]:
    """Candidate film titles, in a fixed order."""
    return [f"The {adjective} {noun}" for noun in NOUNS for adjective in ADJECTIVES]


def people() -> list[str]:
    """Candidate names of actors, directors and artists, in a fixed order."""
    return [f"{first} {last}" for last in LAST_NAMES for first in FIRST_NAMES]


def song_titles() -> list[str]:
    """Candidate song titles, in a fixed order."""
    return [f"{adjective} {noun} Song" for adjective in ADJECTIVES for noun in NOUNS]


__all__ = ["FILM_GENRES", "MUSIC_GENRES", "film_titles", "people", "song_titles"]
