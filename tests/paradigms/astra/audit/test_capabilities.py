"""``verify``'s capability rule: the reference scores 1.0 on every capability metric that
applies, and a scenario listing a related entity its reference never reads breaks it."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from rich.console import Console

from assistworld.core.registry import load_suite
from assistworld.core.suite import Suite
from assistworld.paradigms.astra.audit import command as audit
from assistworld.paradigms.astra.audit.baselines import BaselinePlayer
from assistworld.paradigms.astra.tasks.scenario import Scenario
from tests.paradigms.astra.helpers import edited_copy

BUNDLED = Path(load_suite("personal_demo").path)
TUNDE = "st_01_tell_tunde_sunday"
RULE = "the reference scores 1.0 on every capability metric that applies"


def _edited(tmp_path: Path, query_id: str, change: Any) -> Suite:
    return load_suite(edited_copy(tmp_path, BUNDLED, query_id, change))


def _verify(suite: Suite, ids: list[str]) -> tuple[bool, str]:
    console = Console(record=True, width=250)
    ok = asyncio.run(audit.audit_suite(suite, console, ids))
    return ok, console.export_text()


def test_every_bundled_reference_scores_one_on_each_capability_that_applies() -> None:
    suite = load_suite("personal_demo")
    player = BaselinePlayer()
    for scenario in suite.tasks:
        assert isinstance(scenario, Scenario)
        found = asyncio.run(player.audit(scenario, mutants=False)).capabilities
        assert found is not None, scenario.query_id
        assert found.scores and all(v == 1.0 for v in found.scores.values()), found
    ok, text = _verify(suite, [TUNDE])
    assert ok and RULE in text and "1 of 1 score 1.0" in text


def test_a_related_entity_the_reference_never_reads_breaks_the_rule(tmp_path: Path) -> None:
    def list_the_contact(data: dict[str, Any]) -> None:
        data["related_entities"] = ["c-tunde", "sms-tunde"]  # send_message resolves the name

    ok, text = _verify(_edited(tmp_path, TUNDE, list_the_contact), [TUNDE])
    assert not ok
    assert f"1 scenario(s) break {RULE}" in text
    assert f"{TUNDE}: ir_recall 0.50 (no read returns c-tunde)" in text
    assert "0 of 1 score 1.0" in text
