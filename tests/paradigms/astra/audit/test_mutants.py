"""verify --mutants for astra: every mutant of a reference is replayed on the world and scored;
milestones that check the final answer kill a wrong answer, ones that do not let it through,
and the audit fails the scenario under the kill-rate rule, naming the mutant."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from rich.console import Console

from assistworld.core.registry import load_suite
from assistworld.core.suite import Suite
from assistworld.paradigms.astra.audit.baselines import BaselinePlayer
from assistworld.paradigms.astra.audit.command import audit_suite
from assistworld.paradigms.astra.audit.mutants import MutantReport
from assistworld.paradigms.astra.tasks.scenario import Scenario
from tests.paradigms.astra.helpers import edited_copy

BUNDLED = Path(load_suite("personal_demo").path)
DENTIST = "st_04_push_dentist_back"
TUNDE = "st_01_tell_tunde_sunday"


def _report(suite: Suite, query_id: str) -> MutantReport:
    (scenario,) = [s for s in suite.tasks if s.query_id == query_id]
    assert isinstance(scenario, Scenario)
    found = asyncio.run(BaselinePlayer().audit(scenario, mutants=True))
    assert found.mutants is not None
    return found.mutants


def _edited(tmp_path: Path, query_id: str, change: Any) -> Suite:
    return load_suite(edited_copy(tmp_path, BUNDLED, query_id, change))


def _verify(suite: Suite, query_id: str) -> tuple[bool, str]:
    console = Console(record=True, width=250)
    ok = asyncio.run(audit_suite(suite, console, [query_id], mutants=True, show_survivors=True))
    return ok, console.export_text()


def test_the_dentist_milestones_kill_every_wrong_mutant() -> None:
    report = _report(load_suite("personal_demo"), DENTIST)
    by_operator = {o.operator: o for o in report.outcomes}
    assert {"wrong_field", "extra_write", "deleted_entity", "wrong_answer"} <= set(by_operator)
    assert by_operator["wrong_answer"].killed and by_operator["wrong_answer"].score < 1.0
    # moving the event to the same times twice leaves the same world: equivalent, not counted
    assert by_operator["extra_write"].equivalent
    deletions = [o for o in report.outcomes if o.operator == "deleted_entity"]
    assert deletions and all(o.killed or o.equivalent for o in deletions)
    assert report.kill_rate == 1.0


def test_without_an_answer_milestone_a_wrong_answer_survives_and_fails_verify(
    tmp_path: Path,
) -> None:
    def drop_reported(data: dict[str, Any]) -> None:
        data["milestones"] = [m for m in data["milestones"] if m["id"] != "reported"]

    suite = _edited(tmp_path, DENTIST, drop_reported)
    report = _report(suite, DENTIST)
    assert [o.operator for o in report.survivors] == ["wrong_answer"]
    ok, text = _verify(suite, DENTIST)
    assert not ok
    assert f"{DENTIST}: 80% (4/5); survivors: wrong_answer" in text
    assert f"{DENTIST}: wrong_answer: the answer at message" in text  # --show-survivors
    assert "each scenario rejects >= 90% of its mutants" in text and "verify: FAILED" in text


def test_a_contains_check_that_a_wrong_day_passes_fails_verify(tmp_path: Path) -> None:
    def lax(data: dict[str, Any]) -> None:
        (texted,) = [m for m in data["milestones"] if m["id"] == "texted_tunde"]
        texted["constraints"][0]["rows"][0]["text"] = "mum"  # says nothing of the day

    suite = _edited(tmp_path, TUNDE, lax)
    ok, text = _verify(suite, TUNDE)
    assert not ok
    assert "with text=\"Yes, I'll be at Mum's on Monday!\"" in text
    ok, text = _verify(load_suite("personal_demo"), TUNDE)
    assert ok and "surviving mutants: none" in text
