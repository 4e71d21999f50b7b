"""A stable sample of the lifelines suite (the first scenario of every family, and one
translation per language) passes the audits: the reference passes with S = 1, answering without
acting fails, and the milestones reject the reference's mutants."""

from __future__ import annotations

import asyncio

import pytest

from assistworld.core.registry import load_suite
from assistworld.core.suite import Suite
from assistworld.paradigms.astra.agents import build_agent
from assistworld.paradigms.astra.conversation import brief_of
from assistworld.paradigms.astra.mutant_audit import mutant_report
from assistworld.paradigms.astra.results import grade
from assistworld.paradigms.astra.scenario import Scenario
from assistworld.paradigms.astra.worlds import Families

IDEMPOTENT = ("modify_calendar_event", "modify_contact")
"""Writes whose repetition leaves the same world: a repeated call is an equivalent mutant."""


@pytest.fixture(scope="module")
def sample() -> Suite:
    suite = load_suite("lifelines")
    picked: dict[str, Scenario] = {}
    for task in suite.tasks:
        assert isinstance(task, Scenario)
        key = task.tags[1] if task.language == "en" else task.language
        picked.setdefault(key, task)
    return suite.model_copy(update={"tasks": list(picked.values())})


def test_references_pass_and_doing_nothing_fails(sample: Suite) -> None:
    async def audit() -> None:
        families = Families()
        oracle = build_agent("oracle", suite=sample)
        null = build_agent("null")
        for scenario in sample.tasks:
            assert isinstance(scenario, Scenario)
            brief = brief_of(scenario)
            reference = grade(scenario, await oracle.solve(brief), "oracle", families)
            assert reference.passed and reference.score == 1.0, scenario.query_id
            nothing = grade(scenario, await null.solve(brief), "null", families)
            assert not nothing.passed and nothing.score < 1.0, scenario.query_id

    asyncio.run(audit())


def test_milestones_reject_the_mutants_of_every_sampled_reference(sample: Suite) -> None:
    async def audit() -> None:
        families = Families()
        oracle = build_agent("oracle", suite=sample)
        for scenario in sample.tasks[::2]:
            assert isinstance(scenario, Scenario)
            reference = grade(scenario, await oracle.solve(brief_of(scenario)), "oracle", families)
            report = await mutant_report(sample, scenario, reference, families)
            assert report is not None
            counted = [
                o
                for o in report.counted
                if not (o.operator == "extra_write" and o.name.split(":")[1].startswith(IDEMPOTENT))
            ]
            killed = sum(o.killed for o in counted)
            assert counted and killed >= 0.9 * len(counted), (scenario.query_id, report.survivors)

    asyncio.run(audit())
