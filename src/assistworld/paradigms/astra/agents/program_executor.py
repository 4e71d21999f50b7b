"""What runs a program-writing assistant's programs in an astra run: the sandbox, one pool per
app family's library, or the in-process path with ``--unsafe``.

A run of the tool-calling agent runs nothing untrusted, so the executor starts nothing until an
agent that writes programs asks for the families it will need (:meth:`ProgramExecutor.start`,
called when the agent is built, before the run's manifest records the sandbox's layers). Each
program runs against a world sent whole (:meth:`~assistworld.sandbox.SandboxPool.run_in_world`)
and the world comes back with the run.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from typing import Any

from pydantic import BaseModel

from assistworld.paradigms.astra.tasks.worlds import AppFamily
from assistworld.sandbox import (
    InProcessExecutor,
    Limits,
    ProgramLibrary,
    SandboxPool,
    WorldRun,
    WorldRunRequest,
)

DEFAULT_TIMEOUT_SECONDS = 30.0


class NoLimits(BaseModel):
    """Nothing untrusted ran: tool calls run in the harness's own process."""


def limits_for(timeout: float) -> Limits:
    """Sandbox limits with the wall-clock limit ``timeout``; CPU time is half of it."""
    if timeout <= 0:
        raise ValueError("--timeout must be a positive number of seconds")
    return Limits(wall_seconds=timeout, cpu_seconds=max(1, int(timeout / 2)))


class ProgramExecutor:
    """Runs programs against a conversation's world (see the module's documentation).

    Thread-safe: conversations run their programs from worker threads.
    """

    def __init__(
        self, *, unsafe: bool = False, slots: int = 2, timeout: float = DEFAULT_TIMEOUT_SECONDS
    ) -> None:
        self.unsafe = unsafe
        self.slots = max(1, slots)
        self._limits = limits_for(timeout)
        self._runners: dict[str, SandboxPool | InProcessExecutor] = {}
        self._lock = threading.Lock()

    @property
    def layers(self) -> tuple[str, ...]:
        """The sandbox layers every program run gets (none until a family was started)."""
        found: list[str] = []
        for runner in self._runners.values():
            found.extend(layer for layer in runner.layers if layer not in found)
        return tuple(found)

    @property
    def limits(self) -> Limits | NoLimits:
        """The limits of every program run (none until a family was started)."""
        return self._limits if self._runners else NoLimits()

    @property
    def started(self) -> tuple[str, ...]:
        """The families whose programs can run now."""
        return tuple(self._runners)

    def start(self, families: Iterable[AppFamily]) -> None:
        """Make ready to run programs written against each of ``families`` (a sandbox pool
        each, whose start checks every layer: ``SandboxSetupError`` when one is missing)."""
        for family in families:
            with self._lock:
                if family.name in self._runners:
                    continue
                library = ProgramLibrary.of(family.toolset)
                runner: SandboxPool | InProcessExecutor
                if self.unsafe:
                    runner = InProcessExecutor(self._limits, library=library)
                else:
                    runner = SandboxPool(slots=self.slots, limits=self._limits, library=library)
                self._runners[family.name] = runner

    def run(self, family: AppFamily, world: dict[str, Any], program: str) -> WorldRun:
        """Run ``program`` against ``world`` (its JSON form) with ``family``'s library."""
        runner = self._runners.get(family.name)
        if runner is None:
            raise RuntimeError(
                f"the program executor was not started for the {family.name} apps; call "
                "start() with the families the suite's scenarios name"
            )
        return runner.run_in_world(WorldRunRequest(world=world, candidate_program=program))

    def close(self) -> None:
        """Stop every sandbox pool."""
        with self._lock:
            runners = list(self._runners.values())
            self._runners.clear()
        for runner in runners:
            runner.close()


__all__ = ["DEFAULT_TIMEOUT_SECONDS", "NoLimits", "ProgramExecutor", "limits_for"]
