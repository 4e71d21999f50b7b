"""Suites: the tasks of a bundled suite, a folder of task files, or a copy of Asper-Bench.

``--suite`` takes either the name of a bundled suite or a path:

- a **bundled suite** is a folder ``assistworld_suites/<name>/`` of the data package
  ``assistworld_suites`` (found through :mod:`importlib.resources`; the task files are parsed,
  never imported). A bare name (no path separator) that matches a bundled suite means that suite;
  write ``./<name>`` for a local folder of the same name;
- a **folder of task files**: every ``*.py`` file directly in it, except names starting with
  ``_`` or ``.``, is one task (see :mod:`assistworld.paradigms.aspera.tasks.taskfile`);
- an **Asper-Bench copy** (a folder with ``plans/queries_*.nt``, or ``plans/`` itself), read in
  place (see :mod:`assistworld.paradigms.aspera.tasks.asperbench`).

Every bad file or record is reported, not just the first: :attr:`Suite.errors` collects one line
per problem, and :func:`load_suite` raises them all at once unless asked not to.
"""

from __future__ import annotations

import hashlib
import importlib.resources
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field

from assistworld.paradigms.aspera.tasks.asperbench import (
    AsperBenchCopy,
    iter_asperbench,
    locate_asperbench,
    natural_key,
)
from assistworld.paradigms.aspera.tasks.errors import SuiteError, TaskError
from assistworld.paradigms.aspera.tasks.model import Task
from assistworld.paradigms.aspera.tasks.taskfile import read_task_file

BUNDLED_PACKAGE = "assistworld_suites"
SuiteFormat = Literal["task-files", "asper-bench"]

__all__ = [
    "BUNDLED_PACKAGE",
    "Suite",
    "SuiteError",
    "bundled_suite_names",
    "bundled_suites_dir",
    "content_hash",
    "load_suite",
]


class Suite(BaseModel):
    """A set of tasks with a stable fingerprint of the files they came from."""

    name: str
    path: str
    """The folder the tasks were read from (absolute)."""
    format: SuiteFormat
    tasks: list[Task]
    """Valid tasks, sorted by query id (numbers inside ids compare by value)."""
    content_hash: str
    """sha256 over the sorted sha256 digests of the suite's files: stable across machines,
    file order and file names; changes when any task file's bytes change."""
    errors: list[str] = Field(default_factory=list)
    """One line per problem, for every bad file or record."""

    def get(self, query_id: str) -> Task:
        """The task with this id, or a KeyError naming the suite."""
        for task in self.tasks:
            if task.query_id == query_id:
                return task
        raise KeyError(f"suite {self.name!r} has no task {query_id!r}")

    def raise_for_errors(self) -> None:
        """Raise :class:`SuiteError` listing every problem, if there is any."""
        if self.errors:
            count = len(self.errors)
            raise SuiteError(
                f"suite {self.name!r} ({self.path}) has {count} problem{'s' if count > 1 else ''}:",
                self.errors,
            )


def content_hash(files: Iterable[Path]) -> str:
    """sha256 over the sorted per-file sha256 digests of ``files``."""
    digests = sorted(hashlib.sha256(path.read_bytes()).hexdigest() for path in files)
    return hashlib.sha256("\n".join(digests).encode("ascii")).hexdigest()


def bundled_suites_dir() -> Path:
    """The folder of the installed ``assistworld_suites`` data package."""
    return Path(str(importlib.resources.files(BUNDLED_PACKAGE)))


def bundled_suite_names() -> list[str]:
    """Names of the bundled suites (sub-folders of the data package)."""
    root = bundled_suites_dir()
    return sorted(
        child.name
        for child in root.iterdir()
        if child.is_dir() and not child.name.startswith(("_", "."))
    )


def _resolve(name_or_path: str | Path) -> tuple[str, Path]:
    text = str(name_or_path)
    is_bare_name = isinstance(name_or_path, str) and "/" not in text and os.sep not in text
    if is_bare_name and text in bundled_suite_names():
        return text, bundled_suites_dir() / text
    folder = Path(text).expanduser()
    if not folder.exists():
        known = ", ".join(bundled_suite_names()) or "none"
        raise SuiteError(
            f"no suite {text!r}: it is neither a bundled suite (bundled: {known}) nor an "
            "existing folder; pass a bundled name or the path of a folder of task files or of "
            "an Asper-Bench copy"
        )
    if not folder.is_dir():
        raise SuiteError(
            f"{text} is a file; --suite takes a folder of task files or of an Asper-Bench copy "
            "(or a bundled suite's name)"
        )
    return folder.resolve().name, folder.resolve()


def _task_files(folder: Path) -> list[Path]:
    files = [
        path
        for path in folder.glob("*.py")
        if path.is_file() and not path.name.startswith(("_", "."))
    ]
    return sorted(files, key=lambda path: natural_key(path.name))


def _read_task_files(folder: Path, errors: list[str]) -> list[tuple[Task, str]]:
    files = _task_files(folder)
    if not files:
        errors.append(
            f"{folder}: no task files (*.py) found; add one file per task "
            "(format: see assistworld.paradigms.aspera.tasks.taskfile)"
        )
    found: list[tuple[Task, str]] = []
    for path in files:
        try:
            parsed = read_task_file(path)
        except TaskError as error:
            errors.extend(error.problems)
            continue
        found.append((parsed.task, f"{path}:{parsed.query_id_line}"))
    return found


def _read_asperbench(copy: AsperBenchCopy, errors: list[str]) -> list[tuple[Task, str]]:
    return [(task, task.source) for task in iter_asperbench(copy.root, errors)]


def _unique(found: list[tuple[Task, str]], errors: list[str]) -> list[Task]:
    first_seen: dict[str, str] = {}
    tasks: list[Task] = []
    for task, where in found:
        if task.query_id in first_seen:
            errors.append(
                f"{where}: query id {task.query_id!r} is also used by "
                f"{first_seen[task.query_id]}; give each task its own QUERY_ID"
            )
            continue
        first_seen[task.query_id] = where
        tasks.append(task)
    return sorted(tasks, key=lambda task: natural_key(task.query_id))


def load_suite(name_or_path: str | Path, *, strict: bool = True) -> Suite:
    """Load a suite by bundled name or path.

    Raises :class:`SuiteError` when the suite cannot be found, and (when ``strict``, the
    default) when any task file or record is bad, listing every problem. With
    ``strict=False`` the bad ones are left out and listed in :attr:`Suite.errors`.
    """
    name, folder = _resolve(name_or_path)
    errors: list[str] = []
    copy = locate_asperbench(folder)
    if copy is not None:
        found = _read_asperbench(copy, errors)
        files = copy.shards
        suite_format: SuiteFormat = "asper-bench"
        if name == folder.name and folder.name == "plans":
            name = copy.root.name
    else:
        found = _read_task_files(folder, errors)
        files = _task_files(folder)
        suite_format = "task-files"
    suite = Suite(
        name=name,
        path=str(folder),
        format=suite_format,
        tasks=_unique(found, errors),
        content_hash=content_hash(files),
        errors=errors,
    )
    if strict:
        suite.raise_for_errors()
    return suite
