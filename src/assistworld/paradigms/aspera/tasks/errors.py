"""The errors that bad task data raises: one line per problem, each naming where and how to fix."""

from __future__ import annotations

from collections.abc import Iterable

from assistworld.core.suite import SuiteError


class TaskError(ValueError):
    """One task (a file, a shard record, or fields built in memory) is not a valid task.

    ``problems`` holds one line per problem, each starting with where it is (``file:line`` or the
    task's source) and ending with what to do about it. ``str()`` joins them with newlines.
    """

    def __init__(self, problems: Iterable[str]) -> None:
        self.problems: tuple[str, ...] = tuple(problems)
        super().__init__("\n".join(self.problems))


__all__ = ["SuiteError", "TaskError"]
