"""The verify step: every check rejects a crafted bad artifact; good projections pass."""

from __future__ import annotations

import datetime
from functools import cache

from assistworld.paradigms.astra.authoring.storylines import load_protagonist
from assistworld.paradigms.astra.authoring.storylines.artifacts import ArtifactSet
from assistworld.paradigms.astra.authoring.storylines.assemble import world_data
from assistworld.paradigms.astra.authoring.storylines.biography import ProtagonistProfile
from assistworld.paradigms.astra.authoring.storylines.events import Event, Storyline
from assistworld.paradigms.astra.authoring.storylines.storyline import build_storyline
from assistworld.paradigms.astra.authoring.storylines.templates import TemplateProjector
from assistworld.paradigms.astra.authoring.storylines.terms import missing_terms, term_table
from assistworld.paradigms.astra.authoring.storylines.verify import (
    check_world,
    parse_artifacts,
    verify_artifacts,
)

HOUR = datetime.timedelta(hours=1)


@cache
def setting() -> tuple[ProtagonistProfile, Storyline]:
    profile = load_protagonist("priya")
    return profile, build_storyline(profile, 2, 21)


def projected(routine: str, app: str) -> tuple[Event, ArtifactSet]:
    """The first past event of ``routine`` whose projection has records of ``app``."""
    profile, story = setting()
    projector = TemplateProjector(profile, story.now, story.seed)
    for event in story.events:
        if event.routine == routine and event.ends_at < story.now - 24 * HOUR:
            artifacts = projector.project(event)
            if getattr(artifacts, app):
                return event, artifacts
    raise AssertionError(f"no {routine} event with {app}")


def checks(artifacts: ArtifactSet, event: Event) -> set[str]:
    profile, story = setting()
    return {p.check for p in verify_artifacts(artifacts, event, profile, story.now)}


def test_the_template_projection_passes() -> None:
    for routine, app in (
        ("social_plan", "messages"),
        ("work_meeting", "emails"),
        ("appointment", "messages"),
        ("call", "calls"),
    ):
        event, artifacts = projected(routine, app)
        assert checks(artifacts, event) == set(), (routine, artifacts)


def test_schema_rejects_a_malformed_reply_and_an_unloadable_world() -> None:
    event, artifacts = projected("social_plan", "messages")
    data = artifacts.model_dump(mode="json")
    data["calendar"][0]["starts_at"] = "next friday"
    parsed, problems = parse_artifacts(data, event.event_id)
    assert parsed is None and problems[0].check == "schema"
    profile, story = setting()
    world = world_data(profile, [artifacts], story.now, 0)
    world["emails"].append({"sender": "x@example.com", "sent_at": "soon"})
    assert {p.check for p in check_world(world)} == {"schema"}
    assert check_world(world_data(profile, [artifacts], story.now, 0)) == []


def test_reference_rejects_a_stranger_and_a_reply_before_its_original() -> None:
    event, artifacts = projected("social_plan", "messages")
    stranger = artifacts.messages[0].model_copy(update={"sender": "nobody"})
    assert "reference" in checks(
        artifacts.model_copy(update={"messages": [stranger, *artifacts.messages[1:]]}), event
    )
    outsider = next(p.id for p in setting()[0].people if p.id not in event.participants)
    invited = artifacts.calendar[0].model_copy(update={"attendees": [outsider]})
    assert "reference" in checks(artifacts.model_copy(update={"calendar": [invited]}), event)
    original, reply = artifacts.messages[0], artifacts.messages[1]
    early = reply.model_copy(update={"sent_at": original.sent_at - HOUR})
    bad = artifacts.model_copy(update={"messages": [original, early]})
    problems = verify_artifacts(bad, event, setting()[0], setting()[1].now)
    assert any("not after what it answers" in p.message for p in problems)


def test_reference_rejects_a_thread_with_another_subject() -> None:
    event, artifacts = projected("work_meeting", "emails")
    reply = artifacts.emails[1].model_copy(update={"subject": "Re: something else"})
    assert checks(artifacts.model_copy(update={"emails": [artifacts.emails[0], reply]}), event) == {
        "reference"
    }


def test_time_rejects_a_moved_entry_and_anything_after_now() -> None:
    event, artifacts = projected("appointment", "messages")
    moved = artifacts.calendar[0].model_copy(
        update={"starts_at": event.starts_at + HOUR, "ends_at": event.ends_at + HOUR}
    )
    assert "time" in checks(artifacts.model_copy(update={"calendar": [moved]}), event)
    late = artifacts.messages[0].model_copy(update={"sent_at": event.ends_at + HOUR})
    assert "time" in checks(artifacts.model_copy(update={"messages": [late]}), event)
    future = setting()[1].now + HOUR
    event, artifacts = projected("call", "calls")
    shifted = event.model_copy(update={"starts_at": future, "ends_at": future + HOUR})
    call = artifacts.calls[0].model_copy(update={"started_at": future})
    problems = verify_artifacts(
        artifacts.model_copy(update={"calls": [call]}), shifted, setting()[0], setting()[1].now
    )
    assert any("after the reference time" in p.message for p in problems)


def test_coherence_rejects_a_confirmation_that_disagrees() -> None:
    event, artifacts = projected("work_meeting", "emails")
    wrong = (event.starts_at + 2 * HOUR).strftime("%H:%M")
    invite = artifacts.emails[0].model_copy(
        update={"body": artifacts.emails[0].body + f" Moved to {wrong}."}
    )
    assert checks(
        artifacts.model_copy(update={"emails": [invite, artifacts.emails[1]]}), event
    ) == {"coherence"}
    event, artifacts = projected("social_plan", "messages")
    elsewhere = next(p.name for p in setting()[0].places if p.name != event.place.name)
    plan = artifacts.messages[0].model_copy(
        update={"text": artifacts.messages[0].text.replace(event.place.name, elsewhere)}
    )
    found = checks(
        artifacts.model_copy(update={"messages": [plan, *artifacts.messages[1:]]}), event
    )
    assert found == {"coherence"}
    located = artifacts.calendar[0].model_copy(update={"location": elsewhere})
    assert checks(artifacts.model_copy(update={"calendar": [located]}), event) == {"coherence"}


def test_a_translation_must_keep_every_term() -> None:
    profile = load_protagonist("priya")
    table = term_table(profile)
    source = "Call Meera Iyer on +91 98450 55405 and meet at Cubbon Park, Kasturba Road, Bengaluru."
    kept = (
        "Llama a Meera Iyer al +91 98450 55405 y quedad en Cubbon Park, Kasturba Road, Bengaluru."
    )
    assert missing_terms(source, kept, table) == []
    lost = "Llama a Meera al +91 98450 55405 y quedad en el parque Cubbon."
    assert {t.text for t in missing_terms(source, lost, table)} == {
        "Meera Iyer",
        "Cubbon Park",
        "Kasturba Road, Bengaluru",
    }


def test_coherence_reads_twelve_hour_times_and_weekdays() -> None:
    event, artifacts = projected("social_plan", "messages")
    start = event.starts_at
    hour = start.hour % 12 or 12
    right = f"See you at {hour}:{start.minute:02d} {'pm' if start.hour >= 12 else 'am'}!"
    wrong = f"See you at {hour % 12 + 1}{'pm' if start.hour >= 12 else 'am'}!"
    other_day = (start + datetime.timedelta(days=1)).strftime("%A")
    for text, expected in (
        (right, set()),
        (wrong, {"coherence"}),
        (f"See you on {other_day}!", {"coherence"}),
    ):
        reply = artifacts.messages[1].model_copy(update={"text": text})
        changed = artifacts.model_copy(update={"messages": [artifacts.messages[0], reply]})
        assert checks(changed, event) == expected, text
