"""What runs ASPERA's candidate programs: the sandbox pool, or in-process with ``--unsafe``."""

from __future__ import annotations

from assistworld.paradigms.aspera.tasks.library import ASPERA_LIBRARY
from assistworld.sandbox import InProcessExecutor, Limits, SandboxPool


def limits_for(timeout: float) -> Limits:
    """Sandbox limits with the wall-clock limit ``timeout``; CPU time is half of it."""
    if timeout <= 0:
        raise ValueError("--timeout must be a positive number of seconds")
    return Limits(wall_seconds=timeout, cpu_seconds=max(1, int(timeout / 2)))


def make_executor(*, unsafe: bool, slots: int, timeout: float) -> SandboxPool | InProcessExecutor:
    """The full sandbox with ``slots`` worker slots, or the in-process path when ``unsafe``."""
    limits = limits_for(timeout)
    if unsafe:
        return InProcessExecutor(limits, library=ASPERA_LIBRARY)
    return SandboxPool(slots=slots, limits=limits, library=ASPERA_LIBRARY)
