"""The grammar, the social graph and seeded reproducibility of storylines."""

from __future__ import annotations

import datetime
from collections import Counter
from functools import cache

import pytest

from assistworld.core.seeds import seeded_random, stable_seed
from assistworld.paradigms.astra.authoring.storylines import generate_world, load_protagonist
from assistworld.paradigms.astra.authoring.storylines.biography import (
    ProtagonistError,
    ProtagonistProfile,
    bundled_protagonists,
    parse_protagonist,
)
from assistworld.paradigms.astra.authoring.storylines.events import Storyline
from assistworld.paradigms.astra.authoring.storylines.network import (
    ME,
    draw_people,
    labels_of,
    outgoing_weights,
    social_graph,
)
from assistworld.paradigms.astra.authoring.storylines.stats import artifact_total, world_counts
from assistworld.paradigms.astra.authoring.storylines.storyline import build_storyline


@cache
def profile(name: str) -> ProtagonistProfile:
    return load_protagonist(name)


@cache
def storyline(name: str, seed: int = 3, days: int = 28) -> Storyline:
    return build_storyline(profile(name), seed, days)


def test_five_varied_protagonists_are_bundled() -> None:
    names = bundled_protagonists()
    assert len(names) >= 5
    bios = [profile(n).biography for n in names]
    assert len({b.country for b in bios}) >= 5
    assert max(b.age for b in bios) - min(b.age for b in bios) >= 30


def test_the_graph_has_labelled_weighted_edges_both_ways() -> None:
    graph = social_graph(profile("amara"))
    assert labels_of(graph, "grace") == ["colleague", "friend"]  # a multigraph: two ties
    assert graph.number_of_edges(ME, "grace") == 2
    assert graph.number_of_edges("grace", ME) == 2
    incoming = outgoing_weights(graph, ("family",), incoming=True)
    assert incoming["ngozi"] == 20  # weight_in differs from weight
    assert outgoing_weights(graph, ("family",))["ngozi"] == 14


def test_draws_follow_the_weights() -> None:
    graph = social_graph(profile("amara"))
    weights = outgoing_weights(graph, ("friend",))
    rng = seeded_random("test", "draws")
    counts = Counter(draw_people(graph, rng, ("friend",), 1)[0] for _ in range(4000))
    total = sum(weights.values())
    for person, weight in weights.items():
        assert abs(counts[person] / 4000 - weight / total) < 0.03, person


def test_who_appears_in_events_follows_the_weights() -> None:
    story = build_storyline(profile("priya"), 11, 120)
    seen = Counter(p for e in story.events if e.routine == "social_plan" for p in e.participants)
    graph = social_graph(profile("priya"))
    weights = outgoing_weights(graph, ("friend", "partner", "classmate", "club"))
    heavy = max(weights, key=lambda p: weights[p])
    light = min(weights, key=lambda p: weights[p])
    assert seen[heavy] > 2 * seen[light]
    colleagues = {p.id for p in profile("priya").people if p.ties[0].label == "colleague"}
    for event in story.events:
        if event.routine == "work_meeting":
            assert set(event.participants) <= colleagues


def test_at_least_fourteen_days() -> None:
    with pytest.raises(ValueError, match="at least 14 days"):
        build_storyline(profile("amara"), 1, 10)
    story = storyline("amara")
    days = {e.starts_at.date() for e in story.events}
    assert len(days) == 28


@pytest.mark.parametrize("name", ["amara", "kenji", "lukas", "priya", "sofia"])
def test_circadian_bounds(name: str) -> None:
    bio = profile(name).biography
    for event in storyline(name).events:
        assert bio.wake <= event.starts_at.time(), event
        assert event.ends_at.date() == event.starts_at.date()
        assert event.ends_at.time() <= bio.bedtime, event
        assert event.starts_at <= event.ends_at


def test_weekday_weekend_asymmetry() -> None:
    bio = profile("lukas").biography
    story = storyline("lukas")
    work_days = {e.starts_at.date() for e in story.events if e.routine == "work"}
    assert work_days and all(day.weekday() in bio.work_days for day in work_days)
    weekdays = [d for d in range(28) if (bio.start_date + datetime.timedelta(d)).weekday() < 5]
    assert len(work_days) == len(weekdays)
    social = Counter(
        e.starts_at.weekday() >= 5
        for e in story.events
        if e.routine in ("social_plan", "family_time", "hobby")
    )
    assert social[True] / 8 > social[False] / 20  # more per off day than per work day


def test_same_seed_same_world_byte_for_byte() -> None:
    first = generate_world(profile("kenji"), 5, 14).to_json()
    again = generate_world(load_protagonist("kenji"), 5, 14).to_json()
    other = generate_world(profile("kenji"), 6, 14).to_json()
    assert first == again
    assert first != other
    assert stable_seed("a", 1) == stable_seed("a", 1) != stable_seed("a", 2)


def test_the_bundled_worlds_hold_six_hundred_artifacts() -> None:
    total = 0
    for name in bundled_protagonists():
        world = generate_world(profile(name), 1)
        counts = world_counts(world.data, len(world.storyline.events))
        assert all(counts[app] > 0 for app in counts), (name, counts)
        total += artifact_total(counts)
    assert total >= 600


def test_a_bad_protagonist_file_names_the_field() -> None:
    with pytest.raises(ProtagonistError, match=r"biography\.age"):
        parse_protagonist("biography: {name: X, age: old}\npeople: []\n", "x.yaml")
    with pytest.raises(ProtagonistError, match="unknown protagonist 'zed'"):
        load_protagonist("zed")
