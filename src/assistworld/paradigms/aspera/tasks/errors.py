"""The errors that bad task data raises: one line per problem, each naming where and how to fix."""

from __future__ import annotations

from collections.abc import Iterable


class TaskError(ValueError):
    """One task (a file, a shard record, or fields built in memory) is not a valid task.

    ``problems`` holds one line per problem, each starting with where it is (``file:line`` or the
    task's source) and ending with what to do about it. ``str()`` joins them with newlines.
    """

    def __init__(self, problems: Iterable[str]) -> None:
        self.problems: tuple[str, ...] = tuple(problems)
        super().__init__("\n".join(self.problems))


class SuiteError(Exception):
    """A suite cannot be used: it cannot be found, or some of its tasks are bad.

    ``problems`` lists every problem found (all bad files at once, not just the first).
    """

    def __init__(self, message: str, problems: Iterable[str] = ()) -> None:
        self.problems: tuple[str, ...] = tuple(problems)
        text = message if not self.problems else "\n".join((message, *self.problems))
        super().__init__(text)
