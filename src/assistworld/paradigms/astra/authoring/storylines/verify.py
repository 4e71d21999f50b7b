"""The gatekeeper: strict checks an event's artifacts must pass before they enter the world.

Four checks, each returning problems (never raising):

- **schema**: the set parses as an ``ArtifactSet``; the assembled world loads in
  ``personal_world`` (:func:`check_world`).
- **reference**: every person named is a participant of the event (so a contact) or ``me``,
  an email sender may be the event's place; chat senders are members of the chat; a reply
  answers a record of the same thread or chat, sent before it.
- **time**: calendar entries at the event's start and end; planning, invitations and
  confirmations before the event (within two weeks), reminders the two days before, follow-ups
  after it (within three days); no email, message or call after the reference time.
- **coherence**: invitations and confirmations say the event's time and place, a planning chat
  says both in some message, the calendar's location is the event's place, and no text gives a
  time of day, or a place of the protagonist's life, that the event does not have.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterable
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from assistworld.apps.personal import PersonalWorldDataError, personal_world
from assistworld.paradigms.astra.authoring.storylines.artifacts import ArtifactSet, clock
from assistworld.paradigms.astra.authoring.storylines.biography import ProtagonistProfile
from assistworld.paradigms.astra.authoring.storylines.events import Event

Check = Literal["schema", "reference", "time", "coherence"]
_CLOCK = re.compile(r"\b([01]?\d|2[0-3])[:.h]([0-5]\d)\b(?!\s*[ap]\.?m\b)", re.I)
_TWELVE_HOUR = re.compile(r"\b(1[0-2]|0?[1-9])(?:[:.]([0-5]\d))?\s*([ap])\.?m\b\.?", re.I)
_WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
PLAN_WINDOW = datetime.timedelta(days=14)
REMINDER_WINDOW = datetime.timedelta(days=2)
FOLLOW_UP_WINDOW = datetime.timedelta(days=3)
BEFORE_KINDS = ("invite", "confirmation", "planning")


class Problem(BaseModel):
    """One violation: which check, which event, what is wrong (and so what to fix)."""

    model_config = ConfigDict(frozen=True)
    check: Check
    event_id: str
    message: str

    def __str__(self) -> str:
        return f"[{self.check}] {self.event_id}: {self.message}"


def parse_artifacts(data: Any, event_id: str) -> tuple[ArtifactSet | None, list[Problem]]:
    """An artifact set from plain data (a model's reply), or the schema problems."""
    try:
        parsed = ArtifactSet.model_validate(data)
    except ValidationError as exc:
        return None, [
            Problem(
                check="schema",
                event_id=event_id,
                message=f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}",
            )
            for e in exc.errors(include_url=False)
        ]
    if parsed.event_id != event_id:
        return None, [
            Problem(
                check="schema",
                event_id=event_id,
                message=f"event_id is {parsed.event_id!r}, expected {event_id!r}",
            )
        ]
    return parsed, []


def verify_artifacts(
    artifacts: ArtifactSet, event: Event, profile: ProtagonistProfile, now: datetime.datetime
) -> list[Problem]:
    """Every problem of one event's artifacts (empty: ACCEPT)."""
    problems = [
        *_references(artifacts, event, profile),
        *_times(artifacts, event, now),
        *_coherence(artifacts, event, profile),
    ]
    return [Problem(check=c, event_id=event.event_id, message=m) for c, m in problems]


def check_world(data: dict[str, Any], source: str = "generated world") -> list[Problem]:
    """Schema validity of the assembled world: the personal loader must accept it."""
    try:
        personal_world(data, source=source)
    except PersonalWorldDataError as exc:
        return [Problem(check="schema", event_id="world", message=p) for p in exc.problems]
    return []


def _references(
    artifacts: ArtifactSet, event: Event, profile: ProtagonistProfile
) -> Iterable[tuple[Check, str]]:
    allowed = set(event.participants)
    known = {person.id for person in profile.people}

    def person(who: str, where: str, *, venue: bool = False) -> Iterable[tuple[Check, str]]:
        if who == "me" or who in allowed:
            return
        if venue and event.place.email is not None and who == event.place.email:
            return
        if who in known:
            yield "reference", f"{where}: {who!r} is not a participant of this event"
        else:
            yield "reference", f"{where}: {who!r} is not a contact of the protagonist"

    for index, entry in enumerate(artifacts.calendar):
        for who in entry.attendees:
            yield from person(who, f"calendar[{index}].attendees")
    for index, email in enumerate(artifacts.emails):
        yield from person(email.sender, f"emails[{index}].sender", venue=True)
        for who in email.to:
            yield from person(who, f"emails[{index}].to")
        for who in (email.sender, *email.to):
            if (
                who not in ("me", event.place.email)
                and who in known
                and (profile.person(who).email is None)
            ):
                yield "reference", f"emails[{index}]: {who!r} has no email address"
    for index, message in enumerate(artifacts.messages):
        for who in message.chat:
            yield from person(who, f"messages[{index}].chat")
        if message.sender != "me" and message.sender not in message.chat:
            yield "reference", (f"messages[{index}].sender: {message.sender!r} is not in the chat")
        if message.channel not in ("sms", "whatsapp"):
            yield "schema", f"messages[{index}].channel: {message.channel!r} is not sms/whatsapp"
    for index, call in enumerate(artifacts.calls):
        yield from person(call.person, f"calls[{index}].person")
        if call.direction not in ("incoming", "outgoing", "missed"):
            yield "schema", f"calls[{index}].direction: {call.direction!r} is not a direction"
    yield from _replies(artifacts)


def _replies(artifacts: ArtifactSet) -> Iterable[tuple[Check, str]]:
    emails = {email.key: email for email in artifacts.emails}
    for index, email in enumerate(artifacts.emails):
        if email.reply_to is None:
            continue
        original = emails.get(email.reply_to)
        if original is None:
            yield "reference", f"emails[{index}].reply_to: no email {email.reply_to!r}"
        elif original.thread != email.thread:
            yield "reference", f"emails[{index}]: a reply in another thread than its original"
        elif email.sent_at <= original.sent_at:
            yield "reference", f"emails[{index}]: the reply is not after what it answers"
        elif _stem(email.subject) != _stem(original.subject):
            yield "reference", f"emails[{index}].subject: not the subject of its thread"
    messages = {message.key: message for message in artifacts.messages}
    for index, message in enumerate(artifacts.messages):
        if message.reply_to is None:
            continue
        original_message = messages.get(message.reply_to)
        if original_message is None:
            yield "reference", f"messages[{index}].reply_to: no message {message.reply_to!r}"
        elif (
            sorted(original_message.chat) != sorted(message.chat)
            or original_message.channel != message.channel
        ):
            yield "reference", f"messages[{index}]: a reply in another chat than its original"
        elif message.sent_at <= original_message.sent_at:
            yield "reference", f"messages[{index}]: the reply is not after what it answers"


def _stem(subject: str) -> str:
    return re.sub(r"^((re|fwd?|aw|antw)\s*:\s*)+", "", subject.strip(), flags=re.I)


def _times(
    artifacts: ArtifactSet, event: Event, now: datetime.datetime
) -> Iterable[tuple[Check, str]]:
    for index, entry in enumerate(artifacts.calendar):
        if entry.starts_at != event.starts_at or entry.ends_at != event.ends_at:
            yield (
                "time",
                (
                    f"calendar[{index}]: {entry.starts_at:%Y-%m-%d %H:%M}-"
                    f"{entry.ends_at:%H:%M}, but the event is "
                    f"{event.starts_at:%Y-%m-%d %H:%M}-{event.ends_at:%H:%M}"
                ),
            )
    dated: list[tuple[str, str, datetime.datetime]] = [
        *((f"emails[{i}]", e.kind, e.sent_at) for i, e in enumerate(artifacts.emails)),
        *((f"messages[{i}]", m.kind, m.sent_at) for i, m in enumerate(artifacts.messages)),
    ]
    for where, kind, moment in dated:
        yield from _window(where, kind, moment, event)
    for index, call in enumerate(artifacts.calls):
        where = f"calls[{index}]"
        if event.routine == "call":
            if call.started_at != event.starts_at:
                yield "time", f"{where}: starts {call.started_at}, the call was {event.starts_at}"
        else:
            yield from _window(where, "planning", call.started_at, event)
    moments = [*(m for _, _, m in dated), *(c.started_at for c in artifacts.calls)]
    if any(moment > now for moment in moments):
        yield "time", f"dated after the reference time {now.isoformat()}"


def _window(
    where: str, kind: str, moment: datetime.datetime, event: Event
) -> Iterable[tuple[Check, str]]:
    start, end = event.starts_at, event.ends_at
    if kind in BEFORE_KINDS and not start - PLAN_WINDOW <= moment < start:
        yield "time", f"{where}: a {kind} dated {moment}, not in the two weeks before {start}"
    elif kind == "reminder" and not start - REMINDER_WINDOW <= moment < start:
        yield "time", f"{where}: a reminder dated {moment}, not in the two days before {start}"
    elif kind == "follow_up":
        after = start if event.direction == "missed" else end
        if not after < moment <= after + FOLLOW_UP_WINDOW:
            yield "time", f"{where}: a follow-up dated {moment}, not in the days after {after}"


def _coherence(
    artifacts: ArtifactSet, event: Event, profile: ProtagonistProfile
) -> Iterable[tuple[Check, str]]:
    place = event.place.name
    times = {clock(event.starts_at), clock(event.ends_at)}
    other_places = [
        p.name
        for p in profile.all_places()
        if p.kind != "home" and p.name != place and p.name not in place and len(p.name) > 3
    ]
    for index, entry in enumerate(artifacts.calendar):
        if not entry.location.startswith(place):
            yield "coherence", f"calendar[{index}].location: {entry.location!r} is not {place!r}"
    texts = [
        *(
            (f"emails[{i}]", e.kind, e.reply_to, f"{e.subject}\n{e.body}")
            for i, e in enumerate(artifacts.emails)
        ),
        *((f"messages[{i}]", m.kind, m.reply_to, m.text) for i, m in enumerate(artifacts.messages)),
    ]
    for where, kind, reply_to, text in texts:
        for said in _times_said(text):
            if said not in times:
                yield (
                    "coherence",
                    f"{where}: says {said}, but the event is at {clock(event.starts_at)}",
                )
        named = [day for day in _WEEKDAYS if re.search(rf"\b{day}\b", text, re.I)]
        if any(day != event.starts_at.strftime("%A") for day in named):
            yield (
                "coherence",
                (
                    f"{where}: names {', '.join(named)}, but the event is on "
                    f"{event.starts_at.strftime('%A')}"
                ),
            )
        for other in other_places:
            if other in text:
                yield "coherence", f"{where}: names {other!r}, but the event is at {place!r}"
        if (
            kind in ("invite", "confirmation", "reminder")
            and reply_to is None
            and (clock(event.starts_at) not in text or place not in text)
        ):
            yield (
                "coherence",
                (
                    f"{where}: a {kind} must give the event's time "
                    f"{clock(event.starts_at)} and place {place!r}"
                ),
            )
    planning = [m.text for m in artifacts.messages if m.kind == "planning"]
    if planning and not any(clock(event.starts_at) in t and place in t for t in planning):
        yield (
            "coherence",
            (
                f"the planning chat never gives both the time "
                f"{clock(event.starts_at)} and the place {place!r}"
            ),
        )


def _times_said(text: str) -> list[str]:
    """Every time of day ``text`` gives, as ``HH:MM`` (``19:30``, ``7.30pm``, ``7 pm``)."""
    said = [f"{int(hour):02d}:{minute}" for hour, minute in _CLOCK.findall(text)]
    for hour, minute, half in _TWELVE_HOUR.findall(text):
        value = int(hour) % 12 + (12 if half.lower() == "p" else 0)
        said.append(f"{value:02d}:{minute or '00'}")
    return said
