"""Writing a planning suite: ``suite.json``, ``apps.json`` and ``tasks/<category>.jsonl``."""

from __future__ import annotations

import json
from pathlib import Path

from assistworld.paradigms.appbench.authoring.compose import make_task
from assistworld.paradigms.appbench.tasks.model import CATEGORIES, Category, PlanningTask
from assistworld.paradigms.appbench.tasks.services_apps import service_app_descriptions
from assistworld.paradigms.appbench.tasks.suites import read_task_files, task_line

SUITE_NAME = "travelplans"
PER_CATEGORY = 210
EXAMPLES_PER_CATEGORY = 3
DESCRIPTION = (
    "AppBench-style planning over our 15 simulated services: 840 generated requests (SS, SM, MS, "
    "MM) whose plans can be executed"
)


def generate_tasks(per_category: int = PER_CATEGORY) -> dict[Category, list[PlanningTask]]:
    """The suite's tasks by category; the first few of each are k-shot examples."""
    tasks: dict[Category, list[PlanningTask]] = {}
    seen: set[str] = set()
    for category in CATEGORIES:
        made = []
        for index in range(per_category):
            task = make_task(category, index, seen)
            if index < EXAMPLES_PER_CATEGORY:
                task = task.model_copy(update={"example": True})
            made.append(task)
        tasks[category] = made
    return tasks


def write_suite(folder: Path, per_category: int = PER_CATEGORY) -> dict[Category, int]:
    """Write the suite into ``folder`` (created if missing); the number of tasks per category."""
    tasks = generate_tasks(per_category)
    (folder / "tasks").mkdir(parents=True, exist_ok=True)
    info = {"paradigm": "appbench", "description": DESCRIPTION}
    (folder / "suite.json").write_text(json.dumps(info, indent=2) + "\n", encoding="utf-8")
    apps = [app.model_dump(mode="json") for app in service_app_descriptions()]
    (folder / "apps.json").write_text(json.dumps(apps, indent=1) + "\n", encoding="utf-8")
    for category, made in tasks.items():
        lines = [task_line(task) for task in made]
        (folder / "tasks" / f"{category.value}.jsonl").write_text(
            "\n".join(lines) + "\n", encoding="utf-8"
        )
    return {category: len(made) for category, made in tasks.items()}


def read_tasks(folder: Path) -> list[PlanningTask]:
    """Every task of a suite written by :func:`write_suite`, category by category (a bad line
    raises: the generator's own output must be whole)."""
    tasks, _, errors = read_task_files(folder)
    if errors:
        raise ValueError("\n".join(errors))
    return tasks


__all__ = ["SUITE_NAME", "generate_tasks", "read_tasks", "write_suite"]
