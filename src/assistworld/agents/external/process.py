"""Starting the external agent's process and learning how it ended.

This is the launcher's interface with its simplest implementation: the command runs as a child
of the harness (its own process group, so that stopping it stops whatever it started), with the
episode's URL in its environment, killed at its time limit. Confining it (a uid of its own, no
view of the suite) is the launcher's business alone: callers see only this interface.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

STDERR_TAIL_CHARS = 4_000
"""How much of the end of the agent's stderr a record keeps."""

STOP_GRACE_SECONDS = 2.0
"""How long a stopped agent has between SIGTERM and SIGKILL."""

EXIT_POLL_SECONDS = 0.02
"""How often the leader's exit is looked for."""

EndKind = Literal["exited", "timeout", "crashed", "stopped"]


@dataclass(frozen=True)
class AgentProcessSpec:
    """What to start: the command line, its whole environment, its time limit (seconds) and
    whether the run was allowed to go without confinement (``--unsafe``)."""

    argv: Sequence[str]
    env: Mapping[str, str]
    time_limit: float
    unsafe: bool


@dataclass(frozen=True)
class AgentProcessEnd:
    """How the process ended: ``exited`` (status 0), ``crashed`` (another status or a signal),
    ``timeout`` (killed at its time limit) or ``stopped`` (we ended it after ``finish``)."""

    kind: EndKind
    exit_status: int | None
    stderr_tail: str
    seconds: float


class AgentProcess(Protocol):
    async def wait(self) -> AgentProcessEnd:
        """Until the process ends by itself, or its time limit (then it is killed)."""
        ...

    async def stop(self) -> AgentProcessEnd:
        """End it now (after ``finish``): terminate, then kill."""
        ...


class AgentStartError(RuntimeError):
    """The command could not be started (not found, not executable)."""


class _Tail:
    """The last characters of a stream, read as they come."""

    def __init__(self, limit: int = STDERR_TAIL_CHARS) -> None:
        self.limit = limit
        self.text = ""

    async def follow(self, stream: asyncio.StreamReader) -> None:
        while chunk := await stream.read(65536):
            self.text = (self.text + chunk.decode(errors="replace"))[-self.limit :]


class _ChildProcess:
    def __init__(self, process: asyncio.subprocess.Process, spec: AgentProcessSpec) -> None:
        self._process = process
        self._spec = spec
        self._started = time.monotonic()
        self._tail = _Tail()
        assert process.stderr is not None
        self._reading = asyncio.create_task(self._tail.follow(process.stderr))
        self._end: AgentProcessEnd | None = None
        self._lock = asyncio.Lock()

    async def _exit(self) -> int:
        """The leader's exit status, as soon as it has exited. (``Process.wait`` would also wait
        for its pipes to close, which a child it left running holds open.)"""
        while self._process.returncode is None:
            await asyncio.sleep(EXIT_POLL_SECONDS)
        return self._process.returncode

    def _signal(self, number: int) -> None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self._process.pid, number)

    async def _ended(self, kind: EndKind | None) -> AgentProcessEnd:
        status = await self._exit()
        self._signal(signal.SIGKILL)  # whatever it started in its group goes with it
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(asyncio.shield(self._reading), 1.0)
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(self._process.wait(), 1.0)
        if kind is None:
            kind = "exited" if status == 0 else "crashed"
        self._end = AgentProcessEnd(
            kind=kind,
            exit_status=status,
            stderr_tail=self._tail.text,
            seconds=round(time.monotonic() - self._started, 3),
        )
        return self._end

    async def wait(self) -> AgentProcessEnd:
        left = self._spec.time_limit - (time.monotonic() - self._started)
        try:
            await asyncio.wait_for(asyncio.shield(self._exit()), max(0.0, left))
        except TimeoutError:
            async with self._lock:
                if self._end is not None:
                    return self._end
                self._signal(signal.SIGKILL)
                return await self._ended("timeout")
        async with self._lock:
            return self._end or await self._ended(None)

    async def stop(self) -> AgentProcessEnd:
        async with self._lock:
            if self._end is not None:
                return self._end
            if self._process.returncode is None:
                self._signal(signal.SIGTERM)
                try:
                    await asyncio.wait_for(asyncio.shield(self._exit()), STOP_GRACE_SECONDS)
                except TimeoutError:
                    self._signal(signal.SIGKILL)
            return await self._ended("stopped")


async def start_agent_process(spec: AgentProcessSpec) -> AgentProcess:
    """Start ``spec.argv`` with ``spec.env`` (and nothing else of ours) in its own process group;
    its stdin is empty, its stdout discarded, the end of its stderr kept for the record."""
    if not spec.argv:
        raise AgentStartError('the agent\'s command is empty; pass --command "CMD ARGS"')
    try:
        process = await asyncio.create_subprocess_exec(
            *spec.argv,
            env=dict(spec.env),
            stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.DEVNULL,
            stderr=asyncio.subprocess.PIPE,
            start_new_session=True,
        )
    except OSError as error:
        raise AgentStartError(
            f"cannot start the agent's command {spec.argv[0]!r}: {error.strerror or error}; "
            "check --command (the program must exist and be executable)"
        ) from None
    return _ChildProcess(process, spec)


__all__ = [
    "STDERR_TAIL_CHARS",
    "AgentProcess",
    "AgentProcessEnd",
    "AgentProcessSpec",
    "AgentStartError",
    "start_agent_process",
]
