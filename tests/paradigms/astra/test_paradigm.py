"""ASTRA behind the paradigm interface: the tools a suite's scenarios act with."""

from __future__ import annotations

from assistworld.core.registry import get_paradigm, load_suite
from assistworld.core.suite import Suite


def test_a_suite_acts_with_the_family_each_scenario_names_in_order_of_first_use() -> None:
    scenarios = load_suite("personal_demo").tasks
    workplace_scenario = scenarios[0].model_copy(update={"apps": "workplace"})
    suite = Suite(
        name="mixed",
        path="mixed",
        paradigm="astra",
        format="scenarios",
        tasks=[scenarios[0], workplace_scenario, scenarios[1]],
        content_hash="0",
    )
    personal, workplace = get_paradigm("astra").toolsets(suite)
    assert (len(personal), len(workplace)) == (27, 44)
    assert "send_message" in personal and "add_event" in workplace
