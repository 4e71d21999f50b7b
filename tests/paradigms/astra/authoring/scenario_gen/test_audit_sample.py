"""A stable sample of the lifelines suite (the first scenario of every family, and one
translation per language) holds every rule of ``verify --mutants``: the reference passes with
S = 1, answering without acting, always asking and acting without asking fail where they must,
the milestones reject the reference's mutants, and the reference programs pass. (CI verifies the
whole suite.)"""

from __future__ import annotations

import pytest
from rich.console import Console

from assistworld.core.paradigm import VerifyRequest
from assistworld.core.registry import get_paradigm, load_suite
from assistworld.core.suite import Suite
from assistworld.paradigms.astra.tasks.scenario import Scenario


@pytest.fixture(scope="module")
def sample() -> Suite:
    suite = load_suite("lifelines")
    picked: dict[str, Scenario] = {}
    for task in suite.tasks:
        assert isinstance(task, Scenario)
        key = task.tags[1] if task.language == "en" else task.language
        picked.setdefault(key, task)
    return suite.model_copy(update={"tasks": list(picked.values())})


def test_the_sample_holds_every_audit_rule(sample: Suite) -> None:
    assert len(sample.tasks) >= 40
    console = Console(record=True, width=200)
    sound = get_paradigm("astra").verify(sample, console, VerifyRequest(mutants=True, unsafe=True))
    text = console.export_text()
    assert sound, text
    assert "verify: OK" in text and "FAILED" not in text and "FAILS" not in text
    assert "0 below" in text
