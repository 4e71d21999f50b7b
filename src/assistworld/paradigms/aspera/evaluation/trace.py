"""Run a trusted program (a reference or a mutant of it) on one setup and record what it did.

Used by the mutation audit to tell an *equivalent* mutant (same return value and same final world
as the reference, for every starting state) from one the evaluation failed to notice. The program
runs in a forked child with a CPU limit and a wall-clock deadline, because a mutant may loop.
"""

from __future__ import annotations

import json
import os
import resource
import select
import signal
import time
import warnings
from dataclasses import dataclass
from typing import Any

from pydantic_core import to_jsonable_python

from assistworld.apps.workplace.tables import WORKPLACE_TABLES
from assistworld.sandbox.programs import load_function
from assistworld.world import World, WorldState, diff


@dataclass(frozen=True)
class ProgramTrace:
    """What a program returned (as JSON), raised, and left behind in the world."""

    returned: Any
    raised: str | None
    world: WorldState | None
    failure: str | None = None  # the trace itself could not be taken (timeout, crash)

    def same_behaviour(self, other: ProgramTrace) -> bool:
        """True when both returned and raised the same and left identical worlds."""
        if self.failure or other.failure or self.world is None or other.world is None:
            return False
        return (
            self.returned == other.returned
            and self.raised == other.raised
            and not diff(self.world, other.world)
        )


def _load(program: str, namespace: dict[str, Any], prefix: str) -> Any:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SyntaxWarning)  # a mutant may be odd but valid Python
        return load_function(program, namespace, filename="<program>", prefix=prefix)


def _trace_here(setup_program: str, program: str, now: Any) -> dict[str, Any]:
    from assistworld.apps import workplace as apps
    from assistworld.paradigms.aspera import setup_tools as sim

    world = World(now) if now is not None else World()
    with world.active():
        _load(setup_program, sim.namespace(), "setup_env_")()
        entry = _load(program, apps.namespace(), "")
        raised = None
        returned = None
        try:
            returned = to_jsonable_python(entry(), fallback=repr)
        except BaseException as exc:  # a mutant may raise anything, SystemExit included
            raised = type(exc).__name__
    return {
        "returned": returned,
        "raised": raised,
        "world": world.to_data(),
    }


def trace_program(
    setup_program: str,
    program: str,
    *,
    now: Any = None,
    timeout: float = 10.0,
) -> ProgramTrace:
    """Run ``setup_program`` then ``program`` in a fresh world in a child process; record it."""
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:  # child
        os.close(read_fd)
        status = 0
        try:
            cpu = max(1, int(timeout))
            resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))
            payload = json.dumps(_trace_here(setup_program, program, now)).encode()
        except BaseException as exc:
            payload = json.dumps({"failure": f"{type(exc).__name__}: {exc}"}).encode()
            status = 1
        with os.fdopen(write_fd, "wb") as out:
            out.write(payload)
        os._exit(status)
    os.close(write_fd)
    chunks: list[bytes] = []
    deadline = time.monotonic() + timeout
    with os.fdopen(read_fd, "rb", buffering=0) as source:
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                return ProgramTrace(None, None, None, failure="timeout")
            ready, _, _ = select.select([source], [], [], remaining)
            if not ready:
                continue
            chunk = source.read(1 << 16)
            if not chunk:
                break
            chunks.append(chunk)
    os.waitpid(pid, 0)
    try:
        data = json.loads(b"".join(chunks))
    except ValueError:
        return ProgramTrace(None, None, None, failure="crashed")
    if "failure" in data:
        return ProgramTrace(None, None, None, failure=str(data["failure"]))
    return ProgramTrace(
        returned=data["returned"],
        raised=data["raised"],
        world=WorldState.from_data(data["world"], WORKPLACE_TABLES),
    )
