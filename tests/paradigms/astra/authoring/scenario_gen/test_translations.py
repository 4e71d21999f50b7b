"""Translations keep names, numbers and addresses verbatim (the protagonist's term table)."""

from __future__ import annotations

import yaml

from assistworld.paradigms.astra.authoring.scenario_gen.__main__ import bundled_folder
from assistworld.paradigms.astra.authoring.scenario_gen.wording import day, say
from assistworld.paradigms.astra.authoring.storylines import load_protagonist
from assistworld.paradigms.astra.authoring.storylines.terms import missing_terms, term_table

FOLDER = bundled_folder()


def test_translated_queries_and_replies_keep_every_term_of_the_english() -> None:
    table = term_table(load_protagonist("sofia"))
    checked = 0
    for path in sorted(FOLDER.glob("sofia_*_de.yaml")) + sorted(FOLDER.glob("sofia_*_fr.yaml")):
        translated = yaml.safe_load(path.read_text(encoding="utf-8"))
        source = yaml.safe_load(
            (FOLDER / f"{translated['translation_of']}.yaml").read_text(encoding="utf-8")
        )
        for field in ("query",):
            assert not missing_terms(source[field], translated[field], table), path.name
        english_reply = source["reference"][-1 if source.get("mode") != "multi_turn" else -2]
        reply = translated["reference"][-1 if translated.get("mode") != "multi_turn" else -2]
        assert not missing_terms(english_reply["content"], reply["content"], table), path.name
        checked += 1
    assert checked >= 100


def test_dates_are_written_the_way_each_language_writes_them() -> None:
    import datetime

    moment = datetime.date(2026, 5, 29)
    assert day(moment, "en") == "Friday 29 May"
    assert day(moment, "es") == "viernes 29 de mayo"
    assert day(moment, "de") == "Freitag, 29. Mai"
    assert day(moment, "fr") == "vendredi 29 mai"
    assert say("call_person.query", "de", 0, first="Ana", name="Ana Beltrán") == "Ruf Ana an."
