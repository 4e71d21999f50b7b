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

import os
from pathlib import Path
from typing import Literal

from assistworld.core.registry import bundled_suite_names, bundled_suites_dir, load_suite
from assistworld.core.suite import Suite, content_hash, hash_of_digests
from assistworld.paradigms.aspera.tasks.asperbench import (
    AsperBenchCopy,
    iter_asperbench,
    locate_asperbench,
    natural_key,
)
from assistworld.paradigms.aspera.tasks.cached_files import ReadFiles, read_task_files
from assistworld.paradigms.aspera.tasks.errors import SuiteError
from assistworld.paradigms.aspera.tasks.model import Task

SuiteFormat = Literal["task-files", "asper-bench"]

__all__ = [
    "Suite",
    "SuiteError",
    "bundled_suite_names",
    "bundled_suites_dir",
    "content_hash",
    "holds_aspera_tasks",
    "load_suite",
    "read_suite",
]


def _is_task_file(entry: os.DirEntry[str]) -> bool:
    name = entry.name
    return name.endswith(".py") and not name.startswith(("_", ".")) and entry.is_file()


def _task_files(folder: Path) -> list[Path]:
    """The folder's task files in natural order (``os.scandir``: the directory's own listing
    says what is a file, so a 10,000-file suite costs no stat call per file)."""
    with os.scandir(folder) as entries:
        names = [entry.name for entry in entries if _is_task_file(entry)]
    return [folder / name for name in sorted(names, key=natural_key)]


def _has_task_file(folder: Path) -> bool:
    with os.scandir(folder) as entries:
        return any(_is_task_file(entry) for entry in entries)


def _read_task_files(folder: Path, files: list[Path], errors: list[str]) -> ReadFiles:
    if not files:
        errors.append(
            f"{folder}: no task files (*.py) found; add one file per task "
            "(format: see assistworld.paradigms.aspera.tasks.taskfile)"
        )
    return read_task_files(files, errors)


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


def holds_aspera_tasks(path: Path) -> bool:
    """Whether ``path`` is a folder of task files or an Asper-Bench copy."""
    return path.is_dir() and (locate_asperbench(path) is not None or _has_task_file(path))


def read_suite(folder: Path, name: str, *, strict: bool = True) -> Suite:
    """Read the ASPERA suite in ``folder``: task files, or an Asper-Bench copy read in place.

    Raises :class:`SuiteError` (when ``strict``, the default) when any task file or record is
    bad, listing every problem. With ``strict=False`` the bad ones are left out and listed in
    :attr:`Suite.errors`.
    """
    if not folder.is_dir():
        raise SuiteError(
            f"{folder} is a file; --suite takes a folder of task files or of an Asper-Bench copy "
            "(or a bundled suite's name)"
        )
    errors: list[str] = []
    copy = locate_asperbench(folder)
    if copy is not None:
        found = _read_asperbench(copy, errors)
        fingerprint = content_hash(copy.shards)
        suite_format: SuiteFormat = "asper-bench"
        if name == folder.name and folder.name == "plans":
            name = copy.root.name
    else:
        read = _read_task_files(folder, _task_files(folder), errors)
        found, fingerprint = read.found, hash_of_digests(read.digests)
        suite_format = "task-files"
    suite = Suite(
        name=name,
        path=str(folder),
        paradigm="aspera",
        format=suite_format,
        tasks=_unique(found, errors),
        content_hash=fingerprint,
        errors=errors,
    )
    if strict:
        suite.raise_for_errors()
    return suite
