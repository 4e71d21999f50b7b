"""The protagonist: a fixed biography, the places of their life and the people they know.

A protagonist file (YAML, one per person, in ``protagonists/`` or anywhere) holds three parts:
``biography`` (who they are and how their weeks run), ``places`` (venues, shops, clinics) and
``people`` (everyone who recurs in their life, each with one or more ties: a relationship label
and a weight in expected contacts per quarter). The file is frozen input: every storyline is
conditioned on it.
"""

from __future__ import annotations

import datetime
from importlib import resources
from pathlib import Path
from typing import Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

Relationship = Literal[
    "partner",
    "family",
    "friend",
    "colleague",
    "classmate",
    "neighbour",
    "club",
    "service_provider",
]
"""The labels of the social graph's edges."""

PlaceKind = Literal[
    "home",
    "work",
    "restaurant",
    "cafe",
    "bar",
    "theatre",
    "cinema",
    "park",
    "gym",
    "shop",
    "clinic",
    "salon",
    "venue",
]
Channel = Literal["sms", "whatsapp"]

_FROZEN = ConfigDict(extra="forbid", frozen=True)


class Place(BaseModel):
    """A place of the protagonist's life; bookable places send email confirmations."""

    model_config = _FROZEN
    name: str = Field(min_length=1)
    kind: PlaceKind
    address: str = Field(min_length=1)
    email: str | None = None
    phone: str | None = None


class Exercise(BaseModel):
    model_config = _FROZEN
    activity: str
    place: str
    sessions_per_week: float = Field(ge=0, le=7)
    time_of_day: Literal["morning", "evening"] = "morning"


class Biography(BaseModel):
    """Who the protagonist is; fixed for the whole storyline."""

    model_config = _FROZEN
    name: str = Field(min_length=1)
    age: int = Field(ge=16, le=100)
    gender: str
    nationality: str
    languages: list[str] = Field(min_length=1)
    city: str
    country: str
    occupation: str
    employer: str | None = None
    education: str
    household: str
    housing: str
    income_bracket: Literal["low", "middle", "upper-middle", "high"]
    phone: str
    email: str
    birthday: datetime.date
    home: Place
    work: Place | None = None
    work_days: list[int] = Field(default_factory=lambda: [0, 1, 2, 3, 4])
    """Days worked, Monday 0 to Sunday 6."""
    work_start: datetime.time = datetime.time(9, 0)
    work_end: datetime.time = datetime.time(17, 30)
    commute_minutes: int = Field(default=30, ge=0, le=180)
    commute_mode: str = "train"
    wake: datetime.time = datetime.time(7, 0)
    bedtime: datetime.time = datetime.time(23, 0)
    exercise: Exercise | None = None
    hobbies: list[str] = Field(default_factory=list)
    dietary: str = "no restrictions"
    chat_app: Channel = "whatsapp"
    """The channel the protagonist uses by default for friends and family."""
    start_date: datetime.date
    """The first day of the storyline."""

    @model_validator(mode="after")
    def _sane_days(self) -> Biography:
        if any(day not in range(7) for day in self.work_days):
            raise ValueError("work_days must be numbers from 0 (Monday) to 6 (Sunday)")
        if not self.wake < self.bedtime:
            raise ValueError("wake must be before bedtime")
        return self


class Tie(BaseModel):
    """One edge pair of the graph: ``weight`` contacts per quarter the protagonist starts,
    ``weight_in`` (default: the same) the other person starts."""

    model_config = _FROZEN
    label: Relationship
    weight: float = Field(ge=0)
    weight_in: float | None = Field(default=None, ge=0)


class Person(BaseModel):
    """Someone who recurs in the protagonist's life (a contact of their phone)."""

    model_config = _FROZEN
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9_-]*$")
    name: str = Field(min_length=1)
    phone: str
    email: str | None = None
    address: str | None = None
    birthday: datetime.date | None = None
    role: str | None = None
    """What a service provider does (dentist, hairdresser...)."""
    place: str | None = None
    """A service provider's place (a name from ``places``)."""
    channel: Channel | None = None
    """How the protagonist texts this person (default: the biography's ``chat_app``)."""
    ties: list[Tie] = Field(min_length=1)


class ProtagonistProfile(BaseModel):
    """A whole protagonist file."""

    model_config = _FROZEN
    biography: Biography
    places: list[Place] = Field(default_factory=list)
    people: list[Person] = Field(min_length=3)

    @model_validator(mode="after")
    def _references(self) -> ProtagonistProfile:
        names = {place.name for place in self.all_places()}
        problems = []
        ids = [person.id for person in self.people]
        if len(set(ids)) != len(ids):
            problems.append("people: two people share an id; give each person their own id")
        for person in self.people:
            if person.place is not None and person.place not in names:
                problems.append(
                    f"people ({person.id}), field 'place': {person.place!r} is not a "
                    "place of this file; add it to places or fix the name"
                )
        exercise = self.biography.exercise
        if exercise is not None and exercise.place not in names:
            problems.append(
                f"biography.exercise, field 'place': {exercise.place!r} is not a "
                "place of this file; add it to places or fix the name"
            )
        if problems:
            raise ValueError("; ".join(problems))
        return self

    def all_places(self) -> list[Place]:
        """Home, work and the listed places."""
        own = [self.biography.home] + ([self.biography.work] if self.biography.work else [])
        return own + list(self.places)

    def place(self, name: str) -> Place:
        for place in self.all_places():
            if place.name == name:
                return place
        raise KeyError(name)

    def person(self, person_id: str) -> Person:
        for person in self.people:
            if person.id == person_id:
                return person
        raise KeyError(person_id)

    @property
    def slug(self) -> str:
        return self.biography.name.split()[0].lower()


class ProtagonistError(ValueError):
    """A protagonist cannot be found or its file is invalid (the message says where and how)."""


def bundled_protagonists() -> list[str]:
    """The names of the bundled protagonists (their files' stems), sorted."""
    folder = resources.files(__package__).joinpath("protagonists")
    return sorted(
        entry.name.removesuffix(".yaml")
        for entry in folder.iterdir()
        if entry.name.endswith(".yaml")
    )


def load_protagonist(name_or_path: str | Path) -> ProtagonistProfile:
    """A bundled protagonist by name (``amara``) or a protagonist file by path."""
    path = Path(name_or_path)
    if path.suffix in (".yaml", ".yml") or path.exists():
        if not path.is_file():
            raise ProtagonistError(f"{path}: no such protagonist file")
        return parse_protagonist(path.read_text(encoding="utf-8"), str(path))
    key = str(name_or_path).strip().lower()
    if key not in bundled_protagonists():
        raise ProtagonistError(
            f"unknown protagonist {name_or_path!r}; fix: use one of "
            f"{', '.join(bundled_protagonists())} or the path of a protagonist file"
        )
    text = (
        resources.files(__package__)
        .joinpath("protagonists", f"{key}.yaml")
        .read_text(encoding="utf-8")
    )
    return parse_protagonist(text, f"protagonist {key}")


def parse_protagonist(text: str, source: str) -> ProtagonistProfile:
    """Validate a protagonist file's text; every problem is named with its field and the fix."""
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise ProtagonistError(f"{source}: not valid YAML ({exc})") from None
    try:
        return ProtagonistProfile.model_validate(data)
    except ValidationError as exc:
        lines = []
        for item in exc.errors(include_url=False):
            where = ".".join(str(part) for part in item.get("loc", ())) or "the file"
            lines.append(f"- {where}: {item.get('msg', 'invalid')}")
        raise ProtagonistError(f"{source}: {len(lines)} problem(s):\n" + "\n".join(lines)) from None
