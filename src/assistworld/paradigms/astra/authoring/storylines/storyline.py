"""A storyline: the pattern of life over some days, each routine made an event with its
people, place, acts, outcome and the artifacts it should leave.

Who takes part is drawn from the social graph by the labels that fit the routine and in
proportion to the weights; where it happens comes from the biography's places. Everything is
drawn from generators seeded by sha256 of (protagonist, seed, purpose, day), so the same seed
gives the same storyline, and one day's draws never shift another's.
"""

from __future__ import annotations

import datetime
import random
from typing import Any

from assistworld.core.seeds import seeded_random
from assistworld.paradigms.astra.authoring.storylines.biography import Place, ProtagonistProfile
from assistworld.paradigms.astra.authoring.storylines.events import ArtifactSpec, Event, Storyline
from assistworld.paradigms.astra.authoring.storylines.grammar import (
    FAMILY,
    SOCIAL,
    Placed,
    day_routines,
    grammar_rules,
)
from assistworld.paradigms.astra.authoring.storylines.network import draw_people, social_graph

MIN_DAYS = 14
VENUE_KINDS = ("restaurant", "cafe", "bar", "theatre", "cinema", "park", "venue")
UPCOMING_DAYS = 3
"""The last days of a storyline come after the reference time (upcoming plans)."""


def reference_time(start: datetime.date, days: int) -> datetime.datetime:
    """``now`` of a storyline: 20:00 on its ``days - UPCOMING_DAYS``-th day."""
    day = start + datetime.timedelta(days=days - UPCOMING_DAYS - 1)
    return datetime.datetime.combine(day, datetime.time(20, 0))


def build_storyline(profile: ProtagonistProfile, seed: int, days: int = 21) -> Storyline:
    """The protagonist's storyline of ``days`` days (at least 14) from their start date."""
    if days < MIN_DAYS:
        raise ValueError(f"a storyline covers at least {MIN_DAYS} days; got {days}")
    graph = social_graph(profile)
    rules = grammar_rules(profile, graph)
    start = profile.biography.start_date
    events: list[Event] = []
    for offset in range(days):
        day = start + datetime.timedelta(days=offset)
        rng = seeded_random(profile.slug, seed, "day", day.isoformat())
        for placed in day_routines(profile, graph, day, rng, rules):
            event = _event(profile, graph, placed, rng, f"ev-{len(events) + 1:03d}")
            events.append(event)
    return Storyline(
        protagonist=profile.biography.name,
        seed=seed,
        start=start,
        days=days,
        now=reference_time(start, days),
        events=events,
    )


def _event(
    profile: ProtagonistProfile, graph: Any, placed: Placed, rng: random.Random, event_id: str
) -> Event:
    bio = profile.biography
    routine = placed.routine
    home = bio.home
    work = bio.work or home
    common: dict[str, Any] = {
        "event_id": event_id,
        "routine": routine,
        "starts_at": placed.starts_at,
        "ends_at": placed.ends_at,
    }
    if routine == "commute":
        going = placed.starts_at.time() < bio.work_start
        return Event(
            **common,
            title="Commute to work" if going else "Commute home",
            place=work if going else home,
            acts=[f"travels by {bio.commute_mode}"],
            outcome="arrives",
        )
    if routine == "work":
        return Event(
            **common,
            title=f"Work at {work.name}",
            place=work,
            acts=[f"works as {bio.occupation}"],
            outcome="a day's work done",
        )
    if routine == "rest":
        return Event(
            **common,
            title="Quiet evening at home",
            place=home,
            acts=["rests at home"],
            outcome="none",
        )
    if routine == "hobby":
        hobby = rng.choice(bio.hobbies) if bio.hobbies else "reading"
        return Event(
            **common,
            title=hobby.capitalize(),
            place=home,
            acts=[f"spends time on {hobby}"],
            outcome="none",
        )
    if routine == "exercise":
        return _exercise(profile, graph, common, rng)
    if routine == "work_meeting":
        people = draw_people(graph, rng, ("colleague",), rng.randint(1, 3))
        if not people:
            return Event(
                **common, title="Focus time", place=work, acts=["works alone"], outcome="none"
            )
        topic = rng.choice(
            ["project review", "planning", "budget check", "one-to-one", "roadmap", "handover"]
        )
        organiser = rng.choice(people)
        return Event(
            **common,
            title=topic.capitalize(),
            place=work,
            participants=people,
            organiser=organiser,
            acts=[f"meets colleagues for a {topic}"],
            outcome="action points agreed",
            artifacts=[
                ArtifactSpec(app="calendar", kind="invite"),
                ArtifactSpec(app="email", kind="invite"),
            ],
        )
    if routine == "social_plan":
        return _social(profile, graph, common, rng)
    if routine == "family_time":
        return _family(profile, graph, common, rng)
    if routine == "appointment":
        return _appointment(profile, graph, common, rng)
    if routine == "errand":
        return _errand(profile, graph, common, rng)
    return _call(profile, graph, common, rng)


def _channel(profile: ProtagonistProfile, people: list[str]) -> str:
    if len(people) == 1:
        person = profile.person(people[0])
        return person.channel or profile.biography.chat_app
    return profile.biography.chat_app


def _places(profile: ProtagonistProfile, kinds: tuple[str, ...]) -> list[Place]:
    return [place for place in profile.places if place.kind in kinds]


def _social(
    profile: ProtagonistProfile, graph: Any, common: dict[str, Any], rng: random.Random
) -> Event:
    count = rng.choices([1, 2, 3], weights=[0.5, 0.3, 0.2])[0]
    people = draw_people(graph, rng, SOCIAL, count)
    venues = _places(profile, VENUE_KINDS) or [profile.biography.home]
    place = rng.choice(venues)
    activity = {
        "restaurant": "dinner",
        "cafe": "coffee",
        "bar": "drinks",
        "theatre": "a play",
        "cinema": "a film",
        "park": "a walk",
        "venue": "a concert",
    }.get(place.kind, "a visit")
    names = " and ".join(profile.person(p).name.split()[0] for p in people) or "friends"
    organiser = "me" if rng.random() < 0.55 or not people else people[0]
    artifacts = [ArtifactSpec(app="calendar", kind="invite")]
    channel = _channel(profile, people)
    if people:
        artifacts.append(ArtifactSpec(app=channel, kind="planning"))
        artifacts.append(ArtifactSpec(app=channel, kind="follow_up"))
    if place.email:
        artifacts.append(ArtifactSpec(app="email", kind="confirmation"))
    return Event(
        **common,
        title=f"{activity.capitalize()} with {names}",
        place=place,
        participants=people,
        organiser=organiser,
        channel=channel if people else None,
        acts=[f"meets {names} for {activity} at {place.name}"],
        outcome=rng.choice(["plan to meet again", "none", "share photos"]),
        artifacts=artifacts,
    )


def _family(
    profile: ProtagonistProfile, graph: Any, common: dict[str, Any], rng: random.Random
) -> Event:
    people = draw_people(graph, rng, FAMILY, rng.choice([1, 1, 2]))
    host = next((profile.person(p) for p in people if profile.person(p).address), None)
    if host is not None and rng.random() < 0.6:
        place = Place(name=f"{host.name}'s home", kind="home", address=host.address or "")
    else:
        place = profile.biography.home
    names = " and ".join(profile.person(p).name.split()[0] for p in people) or "family"
    activity = rng.choice(["dinner", "lunch", "afternoon visit", "board games"])
    artifacts = [ArtifactSpec(app="calendar", kind="invite")]
    channel = _channel(profile, people)
    if people:
        artifacts.append(ArtifactSpec(app="phone", kind="call"))
        artifacts.append(ArtifactSpec(app=channel, kind="planning"))
    return Event(
        **common,
        title=f"Family {activity} with {names}",
        place=place,
        participants=people,
        organiser=people[0] if people else "me",
        channel=channel if people else None,
        acts=[f"spends {activity} with {names}"],
        outcome="none",
        artifacts=artifacts,
    )


def _appointment(
    profile: ProtagonistProfile, graph: Any, common: dict[str, Any], rng: random.Random
) -> Event:
    people = draw_people(graph, rng, ("service_provider",), 1)
    if not people:
        return Event(
            **common,
            title="Errand",
            place=profile.biography.home,
            acts=["runs an errand"],
            outcome="none",
        )
    provider = profile.person(people[0])
    place = profile.place(provider.place) if provider.place else profile.biography.home
    role = provider.role or "appointment"
    artifacts = [
        ArtifactSpec(app="calendar", kind="invite"),
        ArtifactSpec(app="sms", kind="reminder"),
    ]
    if place.email:
        artifacts.append(ArtifactSpec(app="email", kind="confirmation"))
    return Event(
        **common,
        title=f"{role.capitalize()} appointment",
        place=place,
        participants=people,
        organiser=people[0],
        channel="sms",
        acts=[f"sees {provider.name} ({role})"],
        outcome="next visit to be booked",
        artifacts=artifacts,
    )


def _errand(
    profile: ProtagonistProfile, graph: Any, common: dict[str, Any], rng: random.Random
) -> Event:
    shops = _places(profile, ("shop",)) or [profile.biography.home]
    place = rng.choice(shops)
    people = draw_people(graph, rng, ("neighbour",), 1) if rng.random() < 0.4 else []
    if people:
        name = profile.person(people[0]).name.split()[0]
        return Event(
            **common,
            title=f"Shopping at {place.name}",
            place=place,
            participants=people,
            organiser=people[0],
            channel="sms",
            acts=[f"shops at {place.name}", f"picks something up for {name}"],
            outcome="drops it off",
            artifacts=[ArtifactSpec(app="sms", kind="planning")],
        )
    return Event(
        **common,
        title=f"Shopping at {place.name}",
        place=place,
        acts=[f"shops at {place.name}"],
        outcome="none",
    )


def _exercise(
    profile: ProtagonistProfile, graph: Any, common: dict[str, Any], rng: random.Random
) -> Event:
    exercise = profile.biography.exercise
    activity = exercise.activity if exercise else "a run"
    place = profile.place(exercise.place) if exercise else profile.biography.home
    people = draw_people(graph, rng, ("club",), 2) if rng.random() < 0.5 else []
    if len(people) == 1:
        people = []
    if people:
        return Event(
            **common,
            title=f"{activity.capitalize()} with the club",
            place=place,
            participants=people,
            organiser=people[0],
            channel="whatsapp",
            acts=[f"does {activity} with club members"],
            outcome="none",
            artifacts=[ArtifactSpec(app="whatsapp", kind="planning")],
        )
    return Event(
        **common,
        title=activity.capitalize(),
        place=place,
        acts=[f"does {activity}"],
        outcome="none",
    )


def _call(
    profile: ProtagonistProfile, graph: Any, common: dict[str, Any], rng: random.Random
) -> Event:
    labels = ("family", "friend", "partner")
    incoming = rng.random() < 0.55
    people = draw_people(graph, rng, labels, 1, incoming=incoming)
    if not people:
        return Event(
            **common,
            title="Quiet moment",
            place=profile.biography.home,
            acts=["checks the news"],
            outcome="none",
        )
    name = profile.person(people[0]).name
    direction = "outgoing" if not incoming else ("missed" if rng.random() < 0.25 else "incoming")
    artifacts = [ArtifactSpec(app="phone", kind="call" if direction != "missed" else "missed_call")]
    if direction == "missed":
        artifacts.append(ArtifactSpec(app="sms", kind="follow_up"))
    return Event(
        **common,
        title=f"Call with {name}",
        place=profile.biography.home,
        participants=people,
        organiser="me" if direction == "outgoing" else people[0],
        channel="sms" if direction == "missed" else None,
        direction=direction,
        acts=[f"talks with {name} on the phone"]
        if direction != "missed"
        else [f"misses a call from {name}"],
        outcome="call back later" if direction == "missed" else "none",
        artifacts=artifacts,
    )
