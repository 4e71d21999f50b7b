"""Events, the anchors of the storyline: every artifact of the personal apps projects one.

An event holds its time, its place, its acts (what happens) and outcome (what follows), its
participants (ids of people of the social graph) and the artifacts it should project into:
which app and what kind (an invite, a confirmation, a planning chat, a reminder, a call).
"""

from __future__ import annotations

import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from assistworld.paradigms.astra.authoring.storylines.biography import Place

AppName = Literal["calendar", "email", "sms", "whatsapp", "phone"]
ArtifactKind = Literal[
    "invite", "confirmation", "planning", "reminder", "follow_up", "call", "missed_call"
]
Routine = Literal[
    "commute",
    "work",
    "work_meeting",
    "exercise",
    "family_time",
    "social_plan",
    "errand",
    "appointment",
    "hobby",
    "call",
    "rest",
]

_FROZEN = ConfigDict(extra="forbid", frozen=True)


class ArtifactSpec(BaseModel):
    """One artifact an event should leave: the app and the kind of record."""

    model_config = _FROZEN
    app: AppName
    kind: ArtifactKind


class Event(BaseModel):
    """One thing that happens in the protagonist's life."""

    model_config = _FROZEN
    event_id: str
    routine: Routine
    title: str
    starts_at: datetime.datetime
    ends_at: datetime.datetime
    place: Place
    acts: list[str]
    outcome: str
    participants: list[str] = Field(default_factory=list)
    organiser: str = "me"
    """Who set it up: ``me`` or a participant's id."""
    channel: Literal["sms", "whatsapp"] | None = None
    """Where it is talked about, for events with chat artifacts."""
    direction: Literal["incoming", "outgoing", "missed"] | None = None
    """For a call: who called, and whether it was answered."""
    artifacts: list[ArtifactSpec] = Field(default_factory=list)


class Storyline(BaseModel):
    """The events of ``days`` days from ``start``; ``now`` is the reference time (later events
    are upcoming: only their plans can have left a trace)."""

    model_config = _FROZEN
    protagonist: str
    seed: int
    start: datetime.date
    days: int
    now: datetime.datetime
    events: list[Event]

    def event(self, event_id: str) -> Event:
        for event in self.events:
            if event.event_id == event_id:
                return event
        raise KeyError(event_id)
