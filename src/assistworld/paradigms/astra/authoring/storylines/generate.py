"""A personal world from a protagonist and a seed: storyline, projection, verification,
assembly. The same protagonist, seed and days give the same world data, byte for byte.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Protocol

from assistworld.paradigms.astra.authoring.storylines.artifacts import ArtifactSet
from assistworld.paradigms.astra.authoring.storylines.assemble import world_data
from assistworld.paradigms.astra.authoring.storylines.biography import ProtagonistProfile
from assistworld.paradigms.astra.authoring.storylines.events import Event, Storyline
from assistworld.paradigms.astra.authoring.storylines.storyline import build_storyline
from assistworld.paradigms.astra.authoring.storylines.templates import TemplateProjector
from assistworld.paradigms.astra.authoring.storylines.verify import (
    Problem,
    check_world,
    verify_artifacts,
)


class Projector(Protocol):
    name: str

    def project(self, event: Event) -> ArtifactSet | None:
        """The event's artifacts (None: the projector could not make acceptable ones)."""
        ...


class WorldRejectedError(ValueError):
    """The projected artifacts failed verification (the problems say which and why)."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        lines = "\n".join(f"- {p}" for p in problems[:20])
        more = f"\n(and {len(problems) - 20} more)" if len(problems) > 20 else ""
        super().__init__(f"{len(problems)} problem(s) in the generated world:\n{lines}{more}")


@dataclass
class GeneratedWorld:
    profile: ProtagonistProfile
    storyline: Storyline
    artifacts: list[ArtifactSet]
    data: dict[str, Any]
    left_out: list[str] = field(default_factory=list)
    """Events whose artifacts the projector could not make pass (their ids)."""

    def to_json(self) -> str:
        """The world data with the storyline (events) beside it, as stable JSON text."""
        document = {
            "world": self.data,
            "storyline": self.storyline.model_dump(mode="json"),
        }
        return json.dumps(document, ensure_ascii=False, indent=1) + "\n"


def generate_world(
    profile: ProtagonistProfile,
    seed: int,
    days: int = 21,
    projector: Projector | None = None,
    storyline: Storyline | None = None,
) -> GeneratedWorld:
    """Generate and verify (the template projector by default); raise
    :class:`WorldRejectedError` if anything fails a check."""
    storyline = storyline or build_storyline(profile, seed, days)
    projector = projector or TemplateProjector(profile, storyline.now, seed)
    sets: list[ArtifactSet] = []
    problems: list[Problem] = []
    left_out: list[str] = []
    for event in storyline.events:
        if not event.artifacts:
            continue
        artifacts = projector.project(event)
        if artifacts is None:
            left_out.append(event.event_id)
            continue
        problems += verify_artifacts(artifacts, event, profile, storyline.now)
        sets.append(artifacts)
    data = world_data(profile, sets, storyline.now, seed)
    problems += check_world(data, f"world of {profile.biography.name}")
    if problems:
        raise WorldRejectedError(problems)
    return GeneratedWorld(profile, storyline, sets, data, left_out)
