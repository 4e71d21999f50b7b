"""The in-context examples: solved tasks of the bundled suite shown to the model in its prompt.

An example's reference program is in the prompt, so that task cannot also be scored: every
model-driven agent reports its examples through ``excluded_task_ids()`` and refuses to solve
them. The five were chosen to cover five categories and the main shapes of a program: a plain
booking resolving names by structure guideline #1, a leadership look-up with hand-backs, a
repeating event, a room with a fallback and a nested helper, and a question that returns a value
(with a duplicate-name hand-back).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from assistworld.core.suite import Suite
from assistworld.paradigms.aspera.tasks.model import Task
from assistworld.paradigms.aspera.tasks.suite import load_suite

EXAMPLE_SUITE = "workplace"
CCK_EXAMPLE_TASK_IDS: tuple[str, ...] = (
    "simple_001_lunch_ingrid_kwame",
    "org_004_assistants_onboarding",
    "recurring_001_standup_mondays_wednesdays",
    "room_001_willow_or_fallback",
    "vacation_007_when_is_alessia_back",
)
"""Five examples for the full-documentation prompt, one per category."""

PS_EXAMPLE_TASK_ID = CCK_EXAMPLE_TASK_IDS[0]
"""The one example of the primitive-selection prompt (it only shows the answer's form)."""


class ExampleError(ValueError):
    """An example task id that the example suite does not hold."""


@dataclass(frozen=True)
class Example:
    """A solved task as the prompt shows it: the request and its reference program."""

    query_id: str
    query: str
    program: str
    category: str | None


def examples_from(tasks: Sequence[Task], task_ids: Sequence[str]) -> tuple[Example, ...]:
    """The examples named by ``task_ids``, in that order, taken from ``tasks``."""
    by_id = {task.query_id: task for task in tasks}
    missing = [task_id for task_id in task_ids if task_id not in by_id]
    if missing:
        raise ExampleError(
            f"in-context example tasks not found: {', '.join(missing)}; the examples come from "
            f"the {EXAMPLE_SUITE!r} suite (see assistworld.paradigms.aspera.agents.examples)"
        )
    return tuple(
        Example(
            query_id=task.query_id,
            query=task.query,
            program=task.program.strip("\n") + "\n",
            category=task.category,
        )
        for task in (by_id[task_id] for task_id in task_ids)
    )


def load_examples(task_ids: Sequence[str] = CCK_EXAMPLE_TASK_IDS) -> tuple[Example, ...]:
    """The named examples, read from the bundled example suite.

    The suite is read leniently: a bad file elsewhere in it does not stop the examples loading
    (a missing example still raises :class:`ExampleError`).
    """
    return examples_from(load_suite(EXAMPLE_SUITE, strict=False).tasks, task_ids)


def examples_in_suite(
    suite: Suite | None, task_ids: Sequence[str] = CCK_EXAMPLE_TASK_IDS
) -> tuple[Example, ...] | None:
    """The examples taken from ``suite`` when it is the bundled example suite (a run over that
    suite has read its files already), else None (:func:`load_examples` reads them)."""
    from assistworld.core.registry import bundled_suites

    if suite is None:
        return None
    home = next((s.path for s in bundled_suites() if s.name == EXAMPLE_SUITE), None)
    if home is None or Path(suite.path).resolve() != home.resolve():
        return None
    return examples_from(suite.tasks, task_ids)
