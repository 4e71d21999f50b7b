"""Personal worlds from storylines (ASTRA-bench section 3): a protagonist's biography and
social graph, a pattern-of-life grammar expanding routines into events, each event projected
into app records and verified, the whole assembled into a personal world's plain data.

    profile = load_protagonist("amara")
    world = generate_world(profile, seed=1)      # world.data loads with personal_world()
"""

from __future__ import annotations

from assistworld.llm import ModelConfigError
from assistworld.paradigms.astra.authoring.storylines.biography import (
    ProtagonistError,
    ProtagonistProfile,
    bundled_protagonists,
    load_protagonist,
)
from assistworld.paradigms.astra.authoring.storylines.generate import (
    GeneratedWorld,
    WorldRejectedError,
    generate_world,
)

WORLD_ERRORS: tuple[type[Exception], ...] = (
    ProtagonistError,
    WorldRejectedError,
    ModelConfigError,
)
"""Errors a user can act on (bad protagonist file, a world that fails verification, a model
string that cannot be used)."""

__all__ = [
    "WORLD_ERRORS",
    "GeneratedWorld",
    "ProtagonistError",
    "ProtagonistProfile",
    "WorldRejectedError",
    "bundled_protagonists",
    "generate_world",
    "load_protagonist",
]
