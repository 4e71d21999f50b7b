"""A suite's tasks as Inspect samples: one per task, its id our task id."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from inspect_ai.dataset import Sample


def sample_metadata(task: Any) -> dict[str, Any]:
    """What Inspect shows beside a sample: the category, the kind (what else the paradigm tells
    tasks apart by: state-changing or not, single- or multi-turn and language; none for plans)
    and the task's complexity labels."""
    strata = tuple(task.strata())
    return {
        "category": task.category,
        "kind": "/".join(part for part in strata[1:] if part) or None,
        "complexity": dict(task.complexity_labels),
        "paradigm": task.paradigm,
    }


def task_samples(tasks: Sequence[Any]) -> list[Sample]:
    """One sample per task, in the order given; the input is the task's (first) request."""
    return [
        Sample(input=task.query, id=task.query_id, metadata=sample_metadata(task)) for task in tasks
    ]
