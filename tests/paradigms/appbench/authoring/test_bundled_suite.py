"""The bundled planning suite: its layout, its counts, and every task sound when executed."""

from __future__ import annotations

import json
import re
from collections import Counter
from functools import cache
from pathlib import Path

from assistworld.core.registry import bundled_suites, bundled_suites_dir
from assistworld.paradigms.appbench.authoring import SUITE_NAME, component_sizes, read_tasks
from assistworld.paradigms.appbench.authoring.compose import make_task
from assistworld.paradigms.appbench.authoring.suite import write_suite
from assistworld.paradigms.appbench.grading.execution import execute_plan
from assistworld.paradigms.appbench.tasks.model import CATEGORIES, ArgumentKind, PlanningTask
from assistworld.paradigms.appbench.tasks.services_apps import service_app_descriptions
from assistworld.paradigms.appbench.tasks.suites import task_line

FOLDER = bundled_suites_dir() / SUITE_NAME


@cache
def tasks() -> tuple[PlanningTask, ...]:
    return tuple(read_tasks(FOLDER))


def test_the_suite_is_listed_as_an_appbench_suite() -> None:
    info = json.loads((FOLDER / "suite.json").read_text(encoding="utf-8"))
    assert info["paradigm"] == "appbench" and info["description"]
    (listed,) = [s for s in bundled_suites() if s.name == SUITE_NAME]
    assert listed.paradigm == "appbench"


def test_apps_json_describes_the_services() -> None:
    written = json.loads((FOLDER / "apps.json").read_text(encoding="utf-8"))
    assert written == [app.model_dump(mode="json") for app in service_app_descriptions()]


def test_counts_ids_and_examples() -> None:
    by_category = Counter(task.category for task in tasks())
    assert sum(by_category.values()) >= 800
    assert all(by_category[c.value] >= 200 for c in CATEGORIES)
    for category in CATEGORIES:
        ids = [t.query_id for t in tasks() if t.category == category.value]
        assert ids == [f"{category.value}-{i}" for i in range(len(ids))]
        examples = [t for t in tasks() if t.category == category.value and t.example]
        assert 1 <= len(examples) <= 5
    assert len({task.query for task in tasks()}) == len(tasks())


def test_graph_shapes_reach_eight_sequential_and_four_parallel() -> None:
    shapes = [component_sizes(task.calls) for task in tasks()]
    assert max(max(sizes) for sizes in shapes) <= 8
    assert max(len(sizes) for sizes in shapes) <= 4
    assert any(max(sizes) >= 6 for sizes in shapes)
    assert any(len(sizes) == 4 for sizes in shapes)


def test_every_gold_plan_runs_and_the_empty_plan_fails_everywhere() -> None:
    failing = [t.query_id for t in tasks() if not execute_plan(t, t.calls).success]
    passing_empty = [t.query_id for t in tasks() if execute_plan(t, []).success]
    assert failing == [] and passing_empty == []


_TIME = re.compile(r"^(\d\d):(\d\d)$")


def _said(value: str, query: str) -> bool:
    text = query.casefold()
    match = _TIME.match(value)
    if match:
        hour, minute = int(match[1]), int(match[2])
        twelve = f"{hour % 12 or 12}{f':{minute:02d}' if minute else ''} " + (
            "am" if hour < 12 else "pm"
        )
        return value in text or twelve in text
    return value.casefold() in text


def test_every_stated_name_number_and_time_is_in_the_request() -> None:
    unsaid = []
    for task in tasks():
        for call in task.calls:
            for name, argument in call.arguments.items():
                value = argument.value
                if argument.kind is not ArgumentKind.LITERAL or value in ("True", "False"):
                    continue
                if re.match(r"^\d{4}-\d\d-\d\d$", value):
                    continue  # dates are said relative to the task's clock
                if not _said(value, task.query):
                    unsaid.append((task.query_id, name, value))
    assert unsaid == []


def test_the_generator_rewrites_stored_tasks_byte_for_byte() -> None:
    stored = list(tasks())
    for category in CATEGORIES:
        start = next(i for i, t in enumerate(stored) if t.category == category.value)
        for index in (0, 5, 150):
            position = start + index
            seen = {task.query for task in stored[:position]}
            made = make_task(category, index, seen)
            if stored[position].example:
                made = made.model_copy(update={"example": True})
            line = (
                Path(stored[position].source.rsplit(":", 1)[0])
                .read_text(encoding="utf-8")
                .splitlines()[index]
            )
            assert task_line(made) == line


def test_the_committed_suite_is_the_generators_whole_output_byte_for_byte(tmp_path: Path) -> None:
    """Every file the generator writes, as committed: the suite cannot drift from its generator
    (a generator change must come with the suite regenerated)."""
    write_suite(tmp_path)
    made = sorted(path.relative_to(tmp_path) for path in tmp_path.rglob("*") if path.is_file())
    tasks_files = [Path("tasks") / f"{category.value}.jsonl" for category in CATEGORIES]
    assert made == sorted([Path("apps.json"), Path("suite.json"), *tasks_files])
    differing = [
        str(relative)
        for relative in made
        if (tmp_path / relative).read_bytes() != (FOLDER / relative).read_bytes()
    ]
    assert differing == [], (
        f"{differing} differ from the generator's output: regenerate the suite with "
        "`python -m assistworld.paradigms.appbench.authoring`"
    )
