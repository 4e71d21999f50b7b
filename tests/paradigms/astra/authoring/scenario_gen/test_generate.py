"""The bundled lifelines suite is what the generator makes, and has what the issue asks for."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml

from assistworld.core.registry import load_suite
from assistworld.paradigms.astra.authoring.scenario_gen.__main__ import bundled_folder
from assistworld.paradigms.astra.authoring.scenario_gen.generate import (
    GeneratedSuite,
    generate_suite,
)
from assistworld.paradigms.astra.tasks.distribution import AXES, LEVELS, distribution

FOLDER = bundled_folder()


@pytest.fixture(scope="module")
def generated() -> GeneratedSuite:
    return generate_suite()


def test_the_committed_suite_is_the_generators_output_byte_for_byte(
    generated: GeneratedSuite,
) -> None:
    for relative, text in generated.files.items():
        assert (FOLDER / relative).read_text(encoding="utf-8") == text, relative
    committed = {p.name for p in FOLDER.glob("*.yaml")}
    assert committed == {name for name in generated.files if name.endswith(".yaml")}


def test_the_distribution_meets_the_issues_floors() -> None:
    scenarios = load_suite("lifelines").tasks
    table = distribution(scenarios)
    assert len(table["by_protagonist"]) >= 5
    assert table["by_language"]["en"] >= 600
    assert table["by_mode"]["multi_turn"] >= 120
    assert table["by_stress"]["misinformation"] >= 50
    assert table["by_stress"]["insufficient_context"] >= 50
    for axis in AXES:
        for level in LEVELS:
            assert table["by_complexity"][axis][level] >= 0.10 * len(scenarios), (axis, level)
    assert {"es", "de", "fr"} <= set(table["by_language"])
    programs = [s for s in scenarios if getattr(s, "reference_program", None)]
    assert len(programs) >= 40


def test_insufficient_context_scenarios_are_multi_turn_and_ask(generated: GeneratedSuite) -> None:
    flagged = [
        s for s in generated.scenarios if (s.get("stress") or {}).get("insufficient_context")
    ]
    for scenario in flagged:
        assert scenario["mode"] == "multi_turn"
        assert ["?"] in scenario["success"]["answer"]
        final = scenario["reference"][-2]
        assert final["role"] == "assistant" and "?" not in final["content"], scenario["query_id"]
        assert (
            scenario["user_script"][0]
            == scenario["reference"][
                next(
                    i for i, m in enumerate(scenario["reference"]) if i > 0 and m["role"] == "user"
                )
            ]["content"]
        )


def test_every_translation_names_an_english_scenario_of_the_same_family(
    generated: GeneratedSuite,
) -> None:
    by_id = {s["query_id"]: s for s in generated.scenarios}
    translations = [s for s in generated.scenarios if s.get("language", "en") != "en"]
    assert Counter(s["language"] for s in translations) == Counter(
        {lang: len(translations) // 3 for lang in ("es", "de", "fr")}
    )
    for scenario in translations:
        source = by_id[scenario["translation_of"]]
        assert source.get("language", "en") == "en"
        assert source["tags"] == scenario["tags"]
        assert source["success"].get("end_state") == scenario["success"].get("end_state")
        assert scenario["query"] != source["query"]


def test_the_bundled_suite_loads_with_every_scenario(generated: GeneratedSuite) -> None:
    suite = load_suite("lifelines")
    assert suite.paradigm == "astra"
    assert len(suite.tasks) == len(generated.scenarios)
    assert not suite.errors


def test_regenerating_keeps_a_hand_written_scenario(tmp_path: Path) -> None:
    from assistworld.paradigms.astra.authoring.scenario_gen.generate import write_suite

    hand: dict[str, Any] = {"query_id": "by_hand", "protagonist": "Someone", "tags": ["mine"]}
    (tmp_path / "by_hand.yaml").write_text(yaml.safe_dump(hand), encoding="utf-8")
    stale = {"query_id": "stale", "tags": ["generated", "call_person"]}
    (tmp_path / "stale.yaml").write_text(yaml.safe_dump(stale), encoding="utf-8")
    suite = GeneratedSuite(files={"a.yaml": "query_id: a\n", "suite.json": "{}\n"})
    write_suite(tmp_path, suite)
    assert (tmp_path / "by_hand.yaml").is_file()
    assert not (tmp_path / "stale.yaml").exists()
    assert (tmp_path / "a.yaml").read_text(encoding="utf-8") == "query_id: a\n"


def test_every_call_message_or_email_asked_for_is_bounded_to_now_and_names_its_recipient(
    generated: GeneratedSuite,
) -> None:
    made_at = {"phone_calls": "started_at", "emails": "sent_at"}
    subjects = {"phone_calls": "number", "emails": "to", "sms_messages": "recipients"}
    for scenario in generated.scenarios:
        for row in scenario["success"].get("end_state", []):
            table, where = row["table"], row.get("where", {})
            if "key" in row or not row.get("present", True):
                continue
            if table in ("phone_calls", "emails", "sms_messages", "whatsapp_messages"):
                column = made_at.get(table, "sent_at")
                assert where[column] == {"$from": scenario["now"]}, scenario["query_id"]
            if table in subjects:
                named = subjects[table] in where or "conversation_id" in where
                assert named or "thread_id" in where, scenario["query_id"]
