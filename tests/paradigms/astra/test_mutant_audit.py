"""verify --mutants for astra: every mutant of a reference is replayed on the world and scored;
milestones that check the final answer kill a wrong answer, and ones that do not let it through
(and the audit names the scenario)."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

import yaml
from rich.console import Console

from assistworld.core.registry import load_suite
from assistworld.core.suite import Suite
from assistworld.paradigms.astra.agents import build_agent
from assistworld.paradigms.astra.audit import audit_suite
from assistworld.paradigms.astra.conversation import brief_of
from assistworld.paradigms.astra.mutant_audit import MutantReport, mutant_report
from assistworld.paradigms.astra.results import grade
from assistworld.paradigms.astra.scenario import Scenario
from assistworld.paradigms.astra.worlds import Families

BUNDLED = Path(load_suite("personal_demo").path)
DENTIST = "st_04_push_dentist_back"


def _report(suite: Suite, query_id: str) -> MutantReport:
    families = Families()
    (scenario,) = [s for s in suite.tasks if s.query_id == query_id]
    assert isinstance(scenario, Scenario)

    async def run() -> MutantReport | None:
        oracle = build_agent("oracle", suite=suite)
        reference = grade(scenario, await oracle.solve(brief_of(scenario)), "oracle", families)
        return await mutant_report(suite, scenario, reference, families)

    report = asyncio.run(run())
    assert report is not None
    return report


def test_the_dentist_milestones_kill_a_wrong_answer_and_a_deletion() -> None:
    report = _report(load_suite("personal_demo"), DENTIST)
    by_operator = {o.operator: o for o in report.outcomes}
    assert {"wrong_field", "extra_write", "deleted_entity", "wrong_answer"} <= set(by_operator)
    assert by_operator["wrong_answer"].killed and by_operator["wrong_answer"].score < 1.0
    deletions = [o for o in report.outcomes if o.operator == "deleted_entity"]
    assert deletions and all(o.killed or o.equivalent for o in deletions)
    assert report.kill_rate is not None and report.kill_rate >= 0.8


def test_without_an_answer_milestone_a_wrong_answer_survives_and_is_listed(tmp_path: Path) -> None:
    folder = tmp_path / "suite"
    shutil.copytree(BUNDLED, folder)
    path = folder / f"{DENTIST}.yaml"
    data = yaml.safe_load(path.read_text())
    data["milestones"] = [m for m in data["milestones"] if m["id"] != "reported"]
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    suite = load_suite(folder)
    report = _report(suite, DENTIST)
    assert "wrong_answer" in [o.operator for o in report.survivors]
    console = Console(record=True, width=250)
    assert asyncio.run(audit_suite(suite, console, [DENTIST], mutants=True, show_survivors=True))
    text = console.export_text()
    assert "reference mutants against the milestones" in text and "wrong_answer@" in text
    assert f"cannot tell the reference from a mutant in: {DENTIST}" in text
