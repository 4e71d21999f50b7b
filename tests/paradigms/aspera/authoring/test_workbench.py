"""Ids of new tasks."""

from __future__ import annotations

import pytest

from assistworld.paradigms.aspera.authoring.workbench import next_query_id


@pytest.mark.parametrize(
    ("category", "taken", "files", "expected"),
    [
        ("generated", set(), [], "generated_001_plan"),
        ("Lunch plans!", set(), [], "lunch_plans_001_plan"),
        ("---", set(), [], "generated_001_plan"),
        ("org", {"org_007_x", "simple_020_y"}, ["org_009_z"], "org_010_plan"),
        ("org", {"org_001_plan"}, [], "org_002_plan"),
    ],
)
def test_next_query_id(category: str, taken: set[str], files: list[str], expected: str) -> None:
    assert next_query_id(category, "plan", taken, files) == expected
