"""A suite: the tasks of one paradigm read from one place, with a stable fingerprint."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field, SerializeAsAny

from assistworld.core.errors import UserError
from assistworld.core.stratified import stratified_sample


class SuiteError(UserError):
    """A suite cannot be used: it cannot be found, or some of its tasks are bad.

    ``problems`` lists every problem found (all bad files at once, not just the first).
    """

    def __init__(self, message: str, problems: Iterable[str] = ()) -> None:
        self.problems: tuple[str, ...] = tuple(problems)
        text = message if not self.problems else "\n".join((message, *self.problems))
        super().__init__(text)


class TaskSelectionError(UserError, ValueError):
    """``--tasks`` or ``--limit`` asked for tasks a run cannot have; the message says which."""


class Suite(BaseModel):
    """A set of tasks of one paradigm with a stable fingerprint of the files they came from."""

    name: str
    path: str
    """The folder (or file) the tasks were read from (absolute)."""
    paradigm: str
    format: str
    """How the tasks were stored (``task-files``, ``asper-bench``, ...: the paradigm's names)."""
    tasks: list[SerializeAsAny[Any]]
    """Valid tasks (the paradigm's task type), sorted by query id."""
    content_hash: str
    """sha256 over the sorted sha256 digests of the suite's files: stable across machines,
    file order and file names; changes when any task file's bytes change."""
    errors: list[str] = Field(default_factory=list)
    """One line per problem, for every bad file or record."""
    description: str = ""

    def get(self, query_id: str) -> Any:
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
    return hash_of_digests(hashlib.sha256(path.read_bytes()).hexdigest() for path in files)


def hash_of_digests(digests: Iterable[str]) -> str:
    """What :func:`content_hash` gives for files of these sha256 digests (hex): for a caller
    that already read the files."""
    return hashlib.sha256("\n".join(sorted(digests)).encode("ascii")).hexdigest()


def select_tasks(
    suite: Suite,
    task_ids: list[str] | None,
    limit: int | None,
    excluded: frozenset[str] = frozenset(),
    seed: int = 0,
) -> list[Any]:
    """The suite's tasks named in ``task_ids`` (exactly those, in that order; all when None)
    less ``excluded``; with ``limit``, the first ``limit`` named tasks, or, when none are named,
    a stratified sample of ``limit`` tasks for ``seed`` (:mod:`assistworld.core.stratified`)."""
    tasks = [task for task in suite.tasks if task.query_id not in excluded]
    if task_ids:
        shown = sorted(set(task_ids) & excluded)
        if shown:
            raise TaskSelectionError(
                f"--tasks names tasks the agent shows as in-context examples: {', '.join(shown)}; "
                "they cannot be scored with this agent"
            )
        known = {task.query_id: task for task in tasks}
        missing = [query_id for query_id in task_ids if query_id not in known]
        if missing:
            raise TaskSelectionError(
                f"--tasks names tasks that suite {suite.name!r} does not have: "
                f"{', '.join(missing)} (see `assistworld tasks --suite {suite.name}`)"
            )
        tasks = [known[query_id] for query_id in task_ids]
    if limit is not None:
        if limit < 1:
            raise TaskSelectionError("--limit must be at least 1")
        if task_ids:
            return tasks[:limit]
        return stratified_sample(
            tasks, limit, seed=seed, name=lambda task: task.query_id, group=lambda t: t.strata()
        )
    return tasks
