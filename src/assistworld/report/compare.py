"""Compare two runs task by task: which tasks flipped, and whether the runs can be compared at all.

Runs compare only when they were graded the same way. A different suite (content hash), sandbox,
limits or ``--unsafe`` setting makes a flip meaningless, so those refuse. Different task lists do
not: the comparison covers the tasks both runs have results for, and says how many it left out.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from assistworld.core.manifest import GRADING_KEYS
from assistworld.core.result import result_key
from assistworld.report.rundata import RunData

REFUSING_KEYS: tuple[str, ...] = tuple(key for key in GRADING_KEYS if key != "task_ids")
"""Grading settings that must be equal for two runs to compare (the task list may differ)."""


def _shown(value: Any) -> str:
    text = json.dumps(value, sort_keys=True, default=str)
    return text if len(text) <= 80 else text[:77] + "..."


def grading_conflicts(a: dict[str, Any], b: dict[str, Any]) -> list[str]:
    """Why two manifests do not compare (one line per differing setting); empty when they do."""
    problems = []
    for key in REFUSING_KEYS:
        if key not in a and key not in b:
            continue
        if a.get(key) != b.get(key):
            problems.append(f"{key} differs: {_shown(a.get(key))} vs {_shown(b.get(key))}")
    return problems


@dataclass(frozen=True)
class Flip:
    """A task whose verdict changed between the runs."""

    query_id: str
    category: str | None
    outcome_a: str
    outcome_b: str
    sample: int = 0
    """Which sample of the task (``run --samples K``): each sample is compared with the same
    sample of the other run."""

    @property
    def label(self) -> str:
        """The task id, with the sample after ``#`` when the task was solved more than once."""
        return self.query_id if self.sample == 0 else f"{self.query_id}#{self.sample}"


@dataclass
class Comparison:
    """Flips over the tasks common to both runs, and what was left out. With repeated samples
    the counts are of (task, sample) records."""

    common: int
    passed_a: int
    passed_b: int
    broke: list[Flip] = field(default_factory=list)
    """passed in A, failed in B."""
    fixed: list[Flip] = field(default_factory=list)
    """failed in A, passed in B."""
    changed_failure: int = 0
    """failed in both, with a different failure class."""
    only_a: int = 0
    only_b: int = 0


def compare_runs(a: RunData, b: RunData) -> Comparison:
    """Task-by-task differences over the tasks (and samples) both runs have results for."""
    by_key_a = {result_key(result): result for result in a.results}
    by_key_b = {result_key(result): result for result in b.results}
    common = [key for key in by_key_a if key in by_key_b]
    comparison = Comparison(
        common=len(common),
        passed_a=sum(by_key_a[key].passed for key in common),
        passed_b=sum(by_key_b[key].passed for key in common),
        only_a=len(by_key_a) - len(common),
        only_b=len(by_key_b) - len(common),
    )
    order = a.paradigm.report.order_key
    for key in sorted(common, key=lambda key: (order(key[0]), key[1])):
        first, second = by_key_a[key], by_key_b[key]
        category = first.category or second.category
        flip = Flip(key[0], category, first.outcome, second.outcome, sample=key[1])
        if first.passed and not second.passed:
            comparison.broke.append(flip)
        elif second.passed and not first.passed:
            comparison.fixed.append(flip)
        elif not first.passed and first.outcome != second.outcome:
            comparison.changed_failure += 1
    return comparison
