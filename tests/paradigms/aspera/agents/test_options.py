"""ASPERA's run options: the defaults are the agents' own."""

from __future__ import annotations

from assistworld.paradigms.aspera.agents.options import AsperaRunOptions
from assistworld.paradigms.aspera.agents.selfdebug import DEFAULT_DRY_RUNS


def test_the_defaults_are_the_agents_defaults() -> None:
    options = AsperaRunOptions()
    assert options.dry_runs == DEFAULT_DRY_RUNS
    assert (options.return_type_hint, options.guidelines, options.prompt) == (False, None, None)


def test_the_manifest_records_the_return_type_hint() -> None:
    assert AsperaRunOptions(return_type_hint=True, dry_runs=5).recorded() == {
        "return_type_hint": True
    }
