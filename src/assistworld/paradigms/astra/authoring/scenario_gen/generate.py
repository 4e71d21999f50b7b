"""The bundled ``lifelines`` suite, generated: worlds from the storyline generator (seed 1),
scenarios from the template families, translations of one protagonist's scenarios.

``python -m assistworld.paradigms.astra.authoring.scenario_gen`` rewrites the suite folder; the same
code
writes the same bytes (no clock, no unseeded randomness, sorted output).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from assistworld.paradigms.astra.authoring.scenario_gen.draft import Draft
from assistworld.paradigms.astra.authoring.scenario_gen.families import FAMILIES
from assistworld.paradigms.astra.authoring.scenario_gen.programs import program_for
from assistworld.paradigms.astra.authoring.scenario_gen.retrieved import keep_read_entities
from assistworld.paradigms.astra.authoring.scenario_gen.view import WorldView
from assistworld.paradigms.astra.authoring.scenario_gen.wording import TRANSLATIONS, MissingPhrase
from assistworld.paradigms.astra.authoring.storylines import (
    bundled_protagonists,
    generate_world,
    load_protagonist,
)

SEED = 1
DAYS = 21
TRANSLATED = "sofia"
"""The protagonist whose scenarios are also written in the other languages."""
SUITE_DESCRIPTION = (
    "Generated personal-assistant scenarios over five storyline protagonists' phones "
    "(contacts, calendar, email, texts, WhatsApp, calls): lookups, writes, cross-app and "
    "conditional tasks, multi-turn clarifications, misinformation; one protagonist also in "
    "Spanish, German and French"
)


@dataclass
class GeneratedSuite:
    """The files of the suite, by path relative to its folder, as text."""

    files: dict[str, str] = field(default_factory=dict)
    scenarios: list[dict[str, Any]] = field(default_factory=list)


def _yaml(data: dict[str, Any]) -> str:
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100)


def protagonist_worlds() -> dict[str, dict[str, Any]]:
    """Each bundled protagonist's world data (seed :data:`SEED`), by short name."""
    worlds = {}
    for name in bundled_protagonists():
        key = Path(name).stem
        worlds[key] = generate_world(load_protagonist(name), SEED, DAYS).data
    return worlds


PER_FAMILY = 4
"""At most this many scenarios of one family per protagonist (the first ones made), so plain
lookups do not swamp the suite; :data:`CAPS` gives other limits (None: keep every one)."""
CAPS: dict[str, int | None] = {
    "ask_time": 5,
    "ask_email": 5,
    "ask_number": 5,
    "ask_message": 6,
    "ask_new_time": 5,
    "forward_event": 5,
    "wrong_day_question": 6,
    "thank_wrong_day": 5,
    "call_event_partner": 6,
    "thank_event_partner": 6,
    "call_back": None,
    "text_missed_caller": None,
    "cancel_and_tell": None,
    "follow_up": None,
    "booking_to_chat": None,
    "wrong_party_size": None,
}


def drafts_for(view: WorldView, lang: str) -> list[Draft]:
    """Every family's drafts for one world in one language (a family without a phrasing in
    ``lang`` is left out of that language)."""
    found: list[Draft] = []
    for family in FAMILIES:
        try:
            made = family(view, lang)
        except MissingPhrase:
            if lang == "en":
                raise
            continue
        cap = CAPS.get(made[0].family, PER_FAMILY) if made else None
        found.extend(made if cap is None else made[:cap])
    return found


def generate_suite(worlds: dict[str, dict[str, Any]] | None = None) -> GeneratedSuite:
    suite = GeneratedSuite()
    worlds = worlds if worlds is not None else protagonist_worlds()
    for key in sorted(worlds):
        data = worlds[key]
        world_file = f"worlds/{key}.json"
        suite.files[world_file] = json.dumps(data, ensure_ascii=False, indent=1) + "\n"
        view = WorldView.of(key, data)
        protagonist = data["protagonist"]["name"]
        now = view.now.isoformat(timespec="minutes")
        for draft in drafts_for(view, "en"):
            keep_read_entities(draft, data, now)
            draft.program = program_for(draft)
            suite.scenarios.append(draft.scenario(protagonist, now, world_file))
        if key == TRANSLATED:
            for lang in TRANSLATIONS:
                for draft in drafts_for(view, lang):
                    keep_read_entities(draft, data, now)
                    source = draft.name
                    draft.name = f"{source}_{lang}"
                    suite.scenarios.append(
                        draft.scenario(
                            protagonist, now, world_file, language=lang, translation_of=source
                        )
                    )
    for scenario in suite.scenarios:
        suite.files[f"{scenario['query_id']}.yaml"] = _yaml(scenario)
    suite.files["suite.json"] = (
        json.dumps({"paradigm": "astra", "description": SUITE_DESCRIPTION}, indent=2) + "\n"
    )
    return suite


def write_suite(folder: Path, suite: GeneratedSuite) -> None:
    """Write the suite's files into ``folder``, removing generated files no longer made (the
    README and any file a person added by hand stay)."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "worlds").mkdir(exist_ok=True)
    for old in folder.glob("*.yaml"):
        if old.name not in suite.files and _generated(old):
            old.unlink()
    for relative, text in sorted(suite.files.items()):
        target = folder / relative
        if not target.is_file() or target.read_text(encoding="utf-8") != text:
            target.write_text(text, encoding="utf-8")


def _generated(path: Path) -> bool:
    """Whether a scenario file was written by this generator (a hand-written one is kept)."""
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError:
        return False
    return isinstance(data, dict) and "generated" in (data.get("tags") or [])


__all__ = ["GeneratedSuite", "generate_suite", "protagonist_worlds", "write_suite"]
