"""A suite: the tasks of one paradigm read from one place, with a stable fingerprint."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field, SerializeAsAny


class SuiteError(Exception):
    """A suite cannot be used: it cannot be found, or some of its tasks are bad.

    ``problems`` lists every problem found (all bad files at once, not just the first).
    """

    def __init__(self, message: str, problems: Iterable[str] = ()) -> None:
        self.problems: tuple[str, ...] = tuple(problems)
        text = message if not self.problems else "\n".join((message, *self.problems))
        super().__init__(text)


class Suite(BaseModel):
    """A set of tasks of one paradigm with a stable fingerprint of the files they came from."""

    name: str
    path: str
    """The folder (or file) the tasks were read from (absolute)."""
    paradigm: str = "aspera"
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
    digests = sorted(hashlib.sha256(path.read_bytes()).hexdigest() for path in files)
    return hashlib.sha256("\n".join(digests).encode("ascii")).hexdigest()
