"""The model cascade against a real OpenAI-compatible server on loopback: failing events alone
are revised, accepted ones are journalled (a rerun makes no call), usage is recorded, and an
event the reviser cannot fix is left out."""

from __future__ import annotations

import asyncio
import datetime
import json
import re
from pathlib import Path
from typing import Any

from assistworld.llm import ClientSettings, ModelPool, UsageLedger
from assistworld.llm.loopback import LoopbackServer
from assistworld.paradigms.astra.authoring.storylines import generate_world, load_protagonist
from assistworld.paradigms.astra.authoring.storylines.cascade import CascadeModels, CascadeProjector
from assistworld.paradigms.astra.authoring.storylines.storyline import build_storyline
from assistworld.paradigms.astra.authoring.storylines.templates import TemplateProjector

PROFILE = load_protagonist("kenji")
FULL = build_storyline(PROFILE, 9, 14)
TEMPLATES = TemplateProjector(PROFILE, FULL.now, 9)
WITH_CALENDAR = [e.event_id for e in FULL.events if any(a.app == "calendar" for a in e.artifacts)]
STORY = FULL.model_copy(
    update={"events": [e for e in FULL.events if e.event_id <= WITH_CALENDAR[5]]}
)
"""The first days are enough (and keep the test fast)."""
BROKEN_DRAFTS = set(WITH_CALENDAR[:3])
"""Drafts put these events an hour late in the calendar."""
HOPELESS = WITH_CALENDAR[3]
"""Even the revisions of this one stay wrong."""


def _answer(body: dict[str, Any]) -> str:
    system, user = body["messages"][0]["content"], body["messages"][1]["content"]
    if "the critique agent" in system:
        return json.dumps({"violations": []})
    match = re.search(r'"event_id":"(ev-\d+)"', user)
    assert match is not None
    event_id = match.group(1)
    artifacts = TEMPLATES.project(STORY.event(event_id)).model_dump(mode="json")
    drafting = "the draft agent" in system
    if (drafting and event_id in BROKEN_DRAFTS) or event_id == HOPELESS:
        for entry in artifacts["calendar"]:
            for key in ("starts_at", "ends_at"):
                moment = datetime.datetime.fromisoformat(entry[key])
                entry[key] = (moment + datetime.timedelta(hours=1)).isoformat()
    return "```json\n" + json.dumps(artifacts) + "\n```"


async def _project(server: LoopbackServer, session: Path, cache: Path) -> CascadeProjector:
    pool = ModelPool(ClientSettings(cache_dir=cache), environ={})
    spec = f"openai-compatible:loopback-model@{server.base_url}"
    model = pool.get(spec)
    projector = CascadeProjector(
        PROFILE,
        STORY.now,
        CascadeModels(model, model, model, names=("loopback-model",) * 3),
        session_dir=session,
        ledger=UsageLedger(),
    )
    try:
        await projector.run(STORY.events)
    finally:
        await pool.aclose()
    return projector


def test_only_failing_events_are_revised_and_a_rerun_resumes(tmp_path: Path) -> None:
    with LoopbackServer(_answer) as server:
        projector = asyncio.run(_project(server, tmp_path / "session", tmp_path / "cache"))
        requests = server.chat_requests
    outcomes = projector.outcomes
    revised = {event_id for event_id, o in outcomes.items() if o.revisions}
    assert revised == BROKEN_DRAFTS | {HOPELESS}
    assert outcomes[HOPELESS].artifacts is None
    assert any("[time]" in problem for problem in outcomes[HOPELESS].problems)
    assert projector.ledger.run.calls == requests
    hopeless = projector.ledger.for_task(HOPELESS)
    assert hopeless.calls + hopeless.cache_hits == 1 + 2 * 2  # draft, then (critique, revise) x2

    world = generate_world(PROFILE, 9, 14, projector, STORY)
    assert world.left_out == [HOPELESS]
    template_world = generate_world(PROFILE, 9, 14, storyline=STORY)
    assert len(world.data["calendar"]) == len(template_world.data["calendar"]) - 1

    with LoopbackServer(_answer) as server:  # same session, a fresh cache: nothing to redo
        again = asyncio.run(_project(server, tmp_path / "session", tmp_path / "other-cache"))
        redone = server.chat_requests
    assert all(o.resumed for e, o in again.outcomes.items() if e != HOPELESS)
    assert redone == hopeless.calls  # only the failing event is asked again
