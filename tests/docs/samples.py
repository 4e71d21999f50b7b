"""Source text of small modules the documentation tests render."""

from __future__ import annotations

GARDEN = '''
"""Garden tools for the renderer's tests.

Everything here is made up.
"""

from __future__ import annotations

import datetime
from enum import Enum
from typing import Literal, NamedTuple, Optional

from pydantic import BaseModel, ConfigDict, Field, field_validator

__all__ = ["Bed", "Colour", "PLOT_COUNT", "Plant", "Priority", "plant_bed", "water"]

Priority = Literal["normal", "high"]
"""How urgent a job is."""

PLOT_COUNT = 12
"""How many plots the garden has."""


class Colour(str, Enum):
    """Flower colours."""

    Red = "red"
    White = "white"


class Plant(NamedTuple):
    """A plant in a bed."""

    name: str
    height: float = 1.5
    colour: Colour = Colour.Red

    def taller_than(self, other: Plant) -> bool:
        """True if this plant is taller than ``other``."""
        return self.height > other.height

    def _secret(self) -> None:
        """Not for readers."""


class Bed(BaseModel):
    """A flower bed."""

    model_config = ConfigDict(extra="forbid")

    plants: list[Plant] | None = None
    planted_on: datetime.date | None = None
    gardener: Optional[str] = None
    tags: list[str] = Field(default_factory=list, description="Free labels.")
    priority: Priority = "normal"

    @field_validator("tags")
    @classmethod
    def check_tags(cls, value: list[str]) -> list[str]:
        """Validators are machinery, never documentation."""
        return value

    @property
    def size(self) -> int:
        """Number of plants in the bed."""
        return len(self.plants or [])

    def model_summary(self) -> str:
        return "hidden: pydantic's namespace"

    def __eq__(self, other: object) -> bool:
        return self is other

    __hash__ = None


def plant_bed(
    bed: Bed, plant: Plant, *, when: datetime.datetime | None = None, priority: Priority = "high"
) -> Bed:
    """Put ``plant`` in ``bed``.

    The bed is changed in place and returned.
    """
    return bed


def water(*beds: Bed, litres: int = 2, **options: str) -> None:
    """Water ``beds``."""


def _helper() -> None:
    """A private helper."""
'''
