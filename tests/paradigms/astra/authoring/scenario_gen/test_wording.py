"""Event titles inside generated sentences read as a person would write them."""

from __future__ import annotations

from pathlib import Path

from assistworld.paradigms.astra.authoring.scenario_gen.__main__ import bundled_folder
from assistworld.paradigms.astra.authoring.scenario_gen.wording import lower_first, say


def test_a_title_inside_a_sentence_loses_its_capital_but_keeps_an_acronym() -> None:
    assert lower_first("A walk with Grace") == "a walk with Grace"
    assert lower_first("Coffee with Ana") == "coffee with Ana"
    assert lower_first("GP visit") == "GP visit"


def test_the_before_a_title_with_its_own_article_reads_naturally() -> None:
    assert say("event_where.query.past", "en", 0, title="a walk with Grace") == (
        "Where was the walk with Grace?"
    )


def test_no_bundled_scenario_says_the_a_or_the_an() -> None:
    folder = Path(bundled_folder())
    for path in folder.glob("*.yaml"):
        text = path.read_text(encoding="utf-8")
        assert "the A " not in text and "the An " not in text, path.name
