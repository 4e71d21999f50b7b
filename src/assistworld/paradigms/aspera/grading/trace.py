"""Run a trusted program (a reference or a mutant of it) on one setup and record what it did.

Used by the mutation audit to tell an *equivalent* mutant (same return value and same final world
as the reference, for every starting state) from one the evaluation failed to notice. The program
runs in a forked child with a CPU limit and a wall-clock deadline, because a mutant may loop.

"The same" means the same to the user, not the same bytes: a returned ``Duration`` is compared
by its length (as the library's own ``==`` does: 45 minutes is 0.75 hours), and a recurring
event's ``repeats`` spec is left out of the comparison, because the calendar stores every
occurrence as a row of its own: two series with the same occurrences are the same meetings,
however their specs are written (daily on weekdays, or weekly on five days).
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
from assistworld.world.diff import RowChange

SPEC_FIELDS: dict[str, frozenset[str]] = {"user_calendar": frozenset({"repeats"})}
"""Per table, the fields that only describe other rows (a series' ``repeats``: its occurrence
rows are stored beside it), left out when deciding whether two worlds differ."""


def _matters(change: RowChange) -> bool:
    ignored = SPEC_FIELDS.get(change.table)
    if change.kind != "changed" or not ignored:
        return True
    if not (isinstance(change.before, dict) and isinstance(change.after, dict)):
        return True
    keep = {k: v for k, v in change.before.items() if k not in ignored}
    return keep != {k: v for k, v in change.after.items() if k not in ignored}


def behaviour_changes(before: WorldState, after: WorldState) -> list[RowChange]:
    """The row changes from ``before`` to ``after`` that a user would notice (see the module
    docstring: a series' spec alone is not one)."""
    return [change for change in diff(before, after) if _matters(change)]


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
            and self.world.now == other.world.now
            and not behaviour_changes(self.world, other.world)
        )


def _load(program: str, namespace: dict[str, Any], prefix: str) -> Any:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SyntaxWarning)  # a mutant may be odd but valid Python
        return load_function(program, namespace, filename="<program>", prefix=prefix)


def _comparable(value: Any) -> Any:
    """``value`` with each ``Duration`` in it replaced by its length in minutes (months kept as
    they are: they have no fixed length), so equal lengths in other units compare equal."""
    from assistworld.apps.workplace.time_utils import Duration

    if isinstance(value, Duration):
        try:
            return {"duration_minutes": value.to_minutes()}
        except TypeError:
            return {"duration_months": value.number}
    if isinstance(value, list | tuple) and not hasattr(value, "_fields"):
        return [_comparable(item) for item in value]
    if isinstance(value, dict):
        return {key: _comparable(item) for key, item in value.items()}
    return value


def _trace_here(setup_program: str, program: str, now: Any) -> dict[str, Any]:
    from assistworld.apps import workplace as apps
    from assistworld.paradigms.aspera.tasks import setup_tools as sim

    world = World(now) if now is not None else World()
    with world.active():
        _load(setup_program, sim.namespace(), "setup_env_")()
        entry = _load(program, apps.namespace(), "")
        raised = None
        returned = None
        try:
            returned = to_jsonable_python(_comparable(entry()), fallback=repr)
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
