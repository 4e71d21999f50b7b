"""Planning suites on disk: our bundled format and a copy of the published repository.

Our format (written by the suite generator): a folder with ``suite.json``
(``{"paradigm": "appbench", "description": ...}``), ``tasks/ss.jsonl``, ``tasks/sm.jsonl``,
``tasks/ms.jsonl``, ``tasks/mm.jsonl`` (one :class:`PlanningTask` JSON a line) and ``apps.json``
(a JSON list of :class:`AppDescription`).
"""

from __future__ import annotations

import json
from pathlib import Path

from pydantic import TypeAdapter, ValidationError

from assistworld.core.suite import Suite, content_hash
from assistworld.paradigms.appbench.tasks.app_classes import read_app_classes
from assistworld.paradigms.appbench.tasks.model import CATEGORIES, AppDescription, PlanningTask
from assistworld.paradigms.appbench.tasks.published import (
    FORMAT as PUBLISHED_FORMAT,
)
from assistworld.paradigms.appbench.tasks.published import (
    is_published_copy,
    published_app_files,
    read_published,
)

PARADIGM = "appbench"
SUITE_INFO = "suite.json"
TASKS_FOLDER = "tasks"
APPS_FILE = "apps.json"
FORMAT = "appbench-tasks"
_APPS = TypeAdapter(list[AppDescription])


def task_line(task: PlanningTask) -> str:
    """One line of a ``tasks/<category>.jsonl`` file: the task as JSON, without where it was read
    from and without the published record's verbatim strings (our suites have none)."""
    return task.model_dump_json(exclude={"source", "raw_apps", "raw_calls"})


def names_appbench(path: Path) -> bool:
    """Whether ``path`` is a folder whose ``suite.json`` names this paradigm."""
    info = path / SUITE_INFO
    if not info.is_file():
        return False
    try:
        return bool(json.loads(info.read_text(encoding="utf-8")).get("paradigm") == PARADIGM)
    except (OSError, ValueError, AttributeError):
        return False


def owns(path: Path) -> bool:
    """A copy of the published repository, or a folder whose ``suite.json`` names appbench."""
    return path.is_dir() and (names_appbench(path) or is_published_copy(path))


def _validation_reason(error: ValidationError) -> str:
    first = error.errors()[0]
    where = ".".join(str(part) for part in first["loc"]) or "record"
    return f"field {where}: {first['msg']}"


def read_task_files(path: Path) -> tuple[list[PlanningTask], list[Path], list[str]]:
    """The tasks of a suite folder in our format, in file order (category by category), the
    files read, and one line per bad record."""
    tasks: list[PlanningTask] = []
    errors: list[str] = []
    folder = path / TASKS_FOLDER
    known = [folder / f"{c.value}.jsonl" for c in CATEGORIES]
    others = sorted(set(folder.glob("*.jsonl")) - set(known)) if folder.is_dir() else []
    files = [file for file in known if file.is_file()] + others
    if not files:
        errors.append(f"{folder}: no task files (expected ss.jsonl, sm.jsonl, ms.jsonl, mm.jsonl)")
    for file in files:
        for number, line in enumerate(file.read_text(encoding="utf-8").splitlines(), start=1):
            if not line.strip():
                continue
            where = f"{file}:{number}"
            try:
                task = PlanningTask.model_validate_json(line)
            except ValidationError as error:
                errors.append(f"{where}: {_validation_reason(error)}; fix the line or remove it")
                continue
            tasks.append(task.model_copy(update={"source": where}))
    seen: set[str] = set()
    for task in tasks:
        if task.query_id in seen:
            errors.append(f"{task.source}: query_id {task.query_id!r} appears twice")
        seen.add(task.query_id)
    return tasks, files, errors


def read_apps(path: Path) -> tuple[list[AppDescription], list[str]]:
    """The app descriptions of a suite folder (either format), and what could not be read."""
    if is_published_copy(path) and not names_appbench(path):
        classes = read_app_classes(path)
        return classes.apps, classes.problems
    file = path / APPS_FILE
    if not file.is_file():
        return [], [f"{file}: missing; planners would see no app descriptions"]
    try:
        return _APPS.validate_json(file.read_text(encoding="utf-8")), []
    except ValidationError as error:
        return [], [f"{file}: {_validation_reason(error)}"]


def read_suite(path: Path, name: str, *, strict: bool = True) -> Suite:
    """The planning suite at ``path``: our format, or a published repository copy read in
    place. Every bad record is one line of ``Suite.errors`` (raised when ``strict``)."""
    if is_published_copy(path) and not names_appbench(path):
        data = read_published(path)
        suite = Suite(
            name=name,
            path=str(path),
            paradigm=PARADIGM,
            format=PUBLISHED_FORMAT,
            tasks=data.tasks,
            content_hash=content_hash([*data.files, *published_app_files(path)]),
            errors=data.errors,
            description="AppBench test data (published), read in place",
        )
    else:
        tasks, files, errors = read_task_files(path)
        apps, problems = read_apps(path)
        suite = Suite(
            name=name,
            path=str(path),
            paradigm=PARADIGM,
            format=FORMAT,
            tasks=tasks,
            content_hash=content_hash([*files, *([path / APPS_FILE] if apps else [])]),
            errors=errors + problems,
        )
    if strict:
        suite.raise_for_errors()
    return suite
