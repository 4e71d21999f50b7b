"""What runs a paradigm's candidates in a run, as the core sees it.

Each paradigm makes its own (a sandbox pool, an in-process runner, a plan scorer that runs
nothing untrusted) and its grader knows the concrete type; the runner only records what confines
the runs and closes it when the run ends.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from pydantic import BaseModel


class RunExecutor(Protocol):
    """A paradigm's executor (``Paradigm.make_executor``)."""

    @property
    def layers(self) -> Sequence[str]:
        """The confinement layers every run of a candidate gets (the manifest records them)."""
        ...

    @property
    def limits(self) -> BaseModel:
        """The limits of every run of a candidate (the manifest records them)."""
        ...

    def close(self) -> None:
        """Free what the executor holds (worker processes); called once, when the run ends."""
        ...


__all__ = ["RunExecutor"]
