"""The deterministic template projector: an event's artifacts from fixed phrasings, with times
drawn from a generator seeded by the event. Offline, free, and the default; the model cascade
(``cascade.py``) writes the same kind of artifact sets with more varied text.

Communications dated after the reference time are not projected (they have not happened yet),
so an upcoming event leaves its calendar entry and whatever planning came before now.
"""

from __future__ import annotations

import datetime
import random

from assistworld.core.seeds import seeded_random
from assistworld.paradigms.astra.authoring.storylines.artifacts import (
    ArtifactSet,
    CalendarDraft,
    CallDraft,
    EmailDraft,
    MessageDraft,
    clock,
    day_text,
)
from assistworld.paradigms.astra.authoring.storylines.biography import ProtagonistProfile
from assistworld.paradigms.astra.authoring.storylines.events import ArtifactSpec, Event


def _minutes(value: float) -> datetime.timedelta:
    return datetime.timedelta(minutes=round(value))


def _before(event: Event, rng: random.Random, low_days: int, high_days: int) -> datetime.datetime:
    """A daytime moment ``low_days``..``high_days`` days before the event (and before it)."""
    days = rng.randint(low_days, high_days)
    day = event.starts_at.date() - datetime.timedelta(days=days)
    moment = datetime.datetime.combine(day, datetime.time(9, 0)) + _minutes(rng.randint(0, 600))
    if moment >= event.starts_at:
        moment = event.starts_at - _minutes(rng.randint(60, 180))
    return moment


class TemplateProjector:
    """Projects events with fixed phrasings; ``project(event)`` is all there is."""

    name = "templates"

    def __init__(self, profile: ProtagonistProfile, now: datetime.datetime, seed: int) -> None:
        self.profile = profile
        self.now = now
        self.seed = seed

    def project(self, event: Event) -> ArtifactSet:
        rng = seeded_random(self.profile.slug, self.seed, "project", event.event_id)
        result = ArtifactSet(event_id=event.event_id)
        for spec in event.artifacts:
            self._add(result, event, spec, rng)
        return _until(result, self.now)

    def _first(self, person: str) -> str:
        return self.profile.person(person).name.split()[0]

    def _add(self, out: ArtifactSet, event: Event, spec: ArtifactSpec, rng: random.Random) -> None:
        when = f"{day_text(event.starts_at)} at {clock(event.starts_at)}"
        place = event.place.name
        others = list(event.participants)
        if spec.app == "calendar":
            out.calendar.append(
                CalendarDraft(
                    title=event.title,
                    starts_at=event.starts_at,
                    ends_at=event.ends_at,
                    location=f"{place}, {event.place.address}",
                    attendees=others,
                )
            )
        elif spec.app == "email" and spec.kind == "invite":
            organiser = event.organiser if event.organiser != "me" else others[0]
            sent = _before(event, rng, 1, 4)
            subject = f"Invitation: {event.title} on {when}"
            out.emails.append(
                EmailDraft(
                    key="invite",
                    kind="invite",
                    sender=organiser,
                    to=["me", *[p for p in others if p != organiser]],
                    subject=subject,
                    body=f"Hi all,\n\nLet's meet for {event.title.lower()} on {when} in {place}."
                    f"\n\nBest,\n{self._first(organiser)}",
                    sent_at=sent,
                )
            )
            out.emails.append(
                EmailDraft(
                    key="reply",
                    kind="invite",
                    reply_to="invite",
                    sender="me",
                    to=[organiser],
                    subject=f"Re: {subject}",
                    body="Thanks, I'll be there.",
                    sent_at=min(
                        sent + _minutes(rng.randint(20, 240)), event.starts_at - _minutes(10)
                    ),
                )
            )
        elif spec.app == "email":
            size = len(others) + 1
            out.emails.append(
                EmailDraft(
                    key="confirmation",
                    kind="confirmation",
                    sender=event.place.email or place,
                    to=["me"],
                    subject=f"Your booking at {place}: {when}",
                    body=f"Dear {self.profile.biography.name.split()[0]},\n\nthis confirms your "
                    f"booking for {size} at {place} on {when}. Address: {event.place.address}."
                    f"\n\n{place}",
                    sent_at=_before(event, rng, 2, 6),
                )
            )
        elif spec.kind == "planning":
            self._planning(out, event, spec.app, rng)
        elif spec.kind == "reminder":
            provider = others[0]
            out.messages.append(
                MessageDraft(
                    key="reminder",
                    kind="reminder",
                    channel=spec.app,
                    chat=[provider],
                    sender=provider,
                    sent_at=_before(event, rng, 1, 1),
                    text=f"Reminder: your appointment at {place} on {when}. Reply C to cancel.",
                )
            )
        elif spec.kind == "follow_up" and spec.app in ("sms", "whatsapp"):
            self._follow_up(out, event, spec.app, rng)
        elif spec.app == "phone":
            self._call(out, event, spec, rng)

    def _planning(self, out: ArtifactSet, event: Event, channel: str, rng: random.Random) -> None:
        others = list(event.participants)
        first = _before(event, rng, 1, 3)
        proposer = event.organiser
        answerer = others[0] if proposer == "me" else "me"
        text = _proposal(event, proposer == "me")
        answer = rng.choice(_ANSWERS.get(event.routine, _AGREED))
        out.messages.append(
            MessageDraft(
                key="plan",
                kind="planning",
                channel=channel,
                chat=others,
                sender=proposer,
                text=text,
                sent_at=first,
            )
        )
        reply_at = min(first + _minutes(rng.randint(5, 180)), event.starts_at - _minutes(5))
        out.messages.append(
            MessageDraft(
                key="plan-reply",
                kind="planning",
                channel=channel,
                chat=others,
                sender=answerer,
                text=answer,
                sent_at=reply_at,
                reply_to="plan",
            )
        )

    def _follow_up(self, out: ArtifactSet, event: Event, channel: str, rng: random.Random) -> None:
        others = list(event.participants)
        if event.direction == "missed":
            caller = others[0]
            out.messages.append(
                MessageDraft(
                    key="follow-up",
                    kind="follow_up",
                    channel=channel,
                    chat=[caller],
                    sender=caller,
                    text=rng.choice(_MISSED),
                    sent_at=event.starts_at + _minutes(rng.randint(2, 20)),
                )
            )
            return
        sender = rng.choice(["me", others[0]])
        out.messages.append(
            MessageDraft(
                key="follow-up",
                kind="follow_up",
                channel=channel,
                chat=others,
                sender=sender,
                text=rng.choice(
                    [
                        "Thanks for today, that was lovely!",
                        "Great to see you, let's do it again soon.",
                        "Home safe. Thanks again!",
                    ]
                ),
                sent_at=event.ends_at + _minutes(rng.randint(20, 120)),
            )
        )

    def _call(self, out: ArtifactSet, event: Event, spec: ArtifactSpec, rng: random.Random) -> None:
        person = event.participants[0]
        if event.routine == "call":
            direction = event.direction or "outgoing"
            seconds = (
                0
                if direction == "missed"
                else int((event.ends_at - event.starts_at).total_seconds())
            )
            out.calls.append(
                CallDraft(
                    kind=spec.kind,
                    person=person,
                    direction=direction,
                    started_at=event.starts_at,
                    duration_seconds=seconds,
                )
            )
            return
        moment = _before(event, rng, 1, 3)
        out.calls.append(
            CallDraft(
                kind="call",
                person=person,
                direction=rng.choice(["incoming", "outgoing"]),
                started_at=moment,
                duration_seconds=60 * rng.randint(2, 12),
            )
        )


_MISSED = (
    "Tried to call you, call me back when you can.",
    "Missed you just now. Nothing urgent, ring me later?",
    "Call me when you get a minute.",
    "Hi, I just called. Talk later?",
)
_AGREED = ("Sounds great, see you there!", "Perfect, count me in.", "Yes, that works for me!")
_ANSWERS = {
    "errand": ("Sure, I'll drop it off after.", "No problem, I'll bring it round."),
    "exercise": ("I'm in!", "Count me in.", "See you there."),
}


def _activity(event: Event) -> str:
    """What the plan is, from the title (``Dinner with Meera`` -> ``dinner``)."""
    head = event.title.split(" with ", 1)[0]
    return head[:1].lower() + head[1:]


def _proposal(event: Event, mine: bool) -> str:
    """The message that opens a planning chat: it gives the event's time and place."""
    when = f"{day_text(event.starts_at)} at {clock(event.starts_at)}"
    place = event.place.name
    activity = _activity(event)
    if event.routine == "errand":
        return f"Are you going to {place} on {when}? Could you pick up some milk for me?"
    if event.routine == "exercise":
        return f"Who's in for {activity.removesuffix(' with the club')} on {when} at {place}?"
    if event.routine == "social_plan" and mine:
        return f"Hi! Fancy {activity} on {when}? I was thinking {place}."
    if event.routine == "social_plan":
        return f"Hey, are you free on {when}? Let's have {activity} at {place}."
    return f"{activity[:1].upper()}{activity[1:]} on {when} at {place}, does that work?"


def _until(artifacts: ArtifactSet, now: datetime.datetime) -> ArtifactSet:
    """The set without communications after ``now`` (nor replies to dropped ones)."""
    emails = [e for e in artifacts.emails if e.sent_at <= now]
    kept = {e.key for e in emails}
    emails = [e for e in emails if e.reply_to is None or e.reply_to in kept]
    messages = [m for m in artifacts.messages if m.sent_at <= now]
    kept = {m.key for m in messages}
    messages = [m for m in messages if m.reply_to is None or m.reply_to in kept]
    calls = [c for c in artifacts.calls if c.started_at <= now]
    return artifacts.model_copy(update={"emails": emails, "messages": messages, "calls": calls})
