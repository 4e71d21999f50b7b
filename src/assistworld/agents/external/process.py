"""Starting an external agent's process, confined, and learning how it ended.

The agent's command is untrusted. Each one runs (``sandbox.command``: the launcher, the view):

* under a uid and gid of its own (one per episode, from a range no user has), with no
  supplementary group, no capability and ``no_new_privs``;
* in a view of the machine of its own (a mount namespace): the system directories and what its
  command needs (its executable's installation prefix, a virtual environment under ``/root``
  say, and the files its arguments name), read-only; a fresh home (its working directory,
  ``HOME``), ``/tmp`` and ``/dev``. The suites, the run directory, the caches and every other
  episode are simply not there;
* as pid 2 of a pid namespace of its own: when the command ends, is killed at its time limit,
  is stopped, or when the harness is interrupted or dies, everything it started ends with it;
* under rlimits (tasks, open files, memory) that leave room for a Python agent and its HTTP
  client, and no more;
* on the host's network (it asks its model), reaching the harness only through its episode's
  URL (the episode server refuses every other path).

Without root (or without the capabilities for the above) the process is refused unless the run
is ``--unsafe``; it then runs unconfined as the harness's user, in a fresh working directory,
killed with its process group (the caller records ``unsafe`` in the manifest).
"""

from __future__ import annotations

import asyncio
import contextlib
import marshal
import math
import os
import shutil
import signal
import sys
import tempfile
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, Protocol

STDERR_TAIL_CHARS = 4_000
"""How much of the end of the agent's stderr (and stdout) a record keeps."""
STOP_GRACE_SECONDS = 2.0
"""How long a stopped agent has between SIGTERM and SIGKILL."""
START_SECONDS = 30.0
"""How long the launcher may take to build the view and start the command."""
OUTPUT_DRAIN_SECONDS = 1.0
"""How long, once the process has ended, its output may still take to arrive."""
MAX_TASKS = 256
"""Processes and threads the agent's uid may hold (a fork bomb stops there)."""
OPEN_FILES = 1024
ADDRESS_SPACE_BYTES = 16 << 30
"""A bound on address space, not on memory: Node reserves gigabytes it never touches, and only
a cgroup could bound what is really used."""
FILE_SIZE_BYTES = 1 << 30
PENDING_SIGNALS = 256
HOME_BYTES = 256 << 20
TMP_BYTES = 256 << 20
"""Sizes of the agent's home and ``/tmp`` (memory, and only what it writes)."""
CPU_SLACK_SECONDS = 5
_LAUNCHER = Path(__file__).resolve().parents[2] / "sandbox" / "command" / "launcher.py"
_LAUNCHER_ENVIRONMENT = {"LC_ALL": "C.UTF-8", "PATH": "/usr/bin:/bin"}
_READ_BYTES = 65536

EndKind = Literal["exited", "timeout", "crashed", "stopped"]


@dataclass(frozen=True)
class AgentProcessSpec:
    """What to start: the command line, its whole environment, its time limit (seconds from
    the start), whether the run may go without confinement (``--unsafe``), and paths the agent
    must not see besides those always hidden (a suite outside the bundled ones, the run
    directory: outside the view anyway unless inside the command's own prefix)."""

    argv: Sequence[str]
    env: Mapping[str, str]
    time_limit: float
    unsafe: bool
    hidden: Sequence[str | os.PathLike[str]] = ()


@dataclass(frozen=True)
class AgentProcessEnd:
    """How the process ended: ``exited`` (status 0), ``crashed`` (another status, or a signal
    not ours: ``exit_status`` is then minus the signal's number), ``timeout`` (killed at its
    time limit) or ``stopped`` (we ended it, after ``finish``)."""

    kind: EndKind
    exit_status: int | None
    stderr_tail: str
    seconds: float


class AgentProcess(Protocol):
    """A started agent process."""

    async def wait(self) -> AgentProcessEnd:
        """Until the process ends by itself, or its time limit (then it is killed). Cancelling
        the call kills it."""
        ...

    async def stop(self) -> AgentProcessEnd:
        """End it now (after ``finish``): terminate, then kill."""
        ...


class AgentStartError(RuntimeError):
    """The command could not be started (not found, not executable, or refused unconfined)."""


class _Tail:
    """The last characters of a stream, read as they come (the rest is dropped at once)."""

    def __init__(self, limit: int = STDERR_TAIL_CHARS) -> None:
        self.limit = limit
        self._data = b""

    async def follow(self, stream: asyncio.StreamReader) -> None:
        while chunk := await stream.read(_READ_BYTES):
            self._data = (self._data + chunk)[-4 * self.limit :]

    @property
    def text(self) -> str:
        return self._data.decode("utf-8", errors="replace")[-self.limit :]


class ConfinedProcess:
    """The harness's handle on one launcher and the command it runs (see the module docstring).
    ``uid`` is the uid the command runs as; ``confined`` whether it is confined."""

    def __init__(
        self,
        process: asyncio.subprocess.Process,
        report: asyncio.StreamReader,
        spec: AgentProcessSpec,
        stage: Path,
        started: float,
        facts: Mapping[str, int],
        confined: bool,
    ) -> None:
        self._process = process
        self._report = report
        self._spec = spec
        self._stage = stage
        self._started = started
        self.uid = facts["uid"]
        self.confined = confined
        self._command_pid = facts["pid"]
        self._init = _pidfd(facts["init"]) if confined else -1
        self.stderr = _Tail()
        self.stdout = _Tail()
        assert process.stdout is not None and process.stderr is not None
        self._readers = [
            asyncio.create_task(self.stdout.follow(process.stdout)),
            asyncio.create_task(self.stderr.follow(process.stderr)),
        ]
        self._exited = asyncio.ensure_future(process.wait())
        self._ending: EndKind | None = None
        self._end: AgentProcessEnd | None = None
        self._lock = asyncio.Lock()

    async def wait(self) -> AgentProcessEnd:
        left = self._spec.time_limit - (time.monotonic() - self._started)
        try:
            await asyncio.wait_for(asyncio.shield(self._exited), max(0.0, left))
        except TimeoutError:
            self._kill("timeout")
        except asyncio.CancelledError:
            self._kill(None)
            with contextlib.suppress(BaseException):
                await asyncio.shield(self._record())
            raise
        return await self._record()

    async def stop(self) -> AgentProcessEnd:
        if not self._exited.done():
            self._ending = self._ending or "stopped"
            self._signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(asyncio.shield(self._exited), STOP_GRACE_SECONDS)
            except TimeoutError:
                self._kill(None)
        return await self._record()

    def _kill(self, reason: EndKind | None) -> None:
        """Kill it now. Confined, the init of its pid namespace (through a pidfd: a recycled pid
        cannot be hit), which ends every process in the namespace; the launcher reports once
        they are all gone. Unconfined, the command's process group, so that the launcher's
        init can still kill what left the group (it does once the command has ended). The
        launcher itself is killed if it has not ended soon after."""
        if self._exited.done():
            return
        self._ending = self._ending or reason
        if self._init >= 0:
            with contextlib.suppress(ProcessLookupError):
                signal.pidfd_send_signal(self._init, signal.SIGKILL)
        elif self._command_pid and not self.confined:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self._command_pid, signal.SIGKILL)
        else:
            self._signal(signal.SIGKILL)
            return
        asyncio.get_running_loop().call_later(OUTPUT_DRAIN_SECONDS, self._kill_launcher)

    def _kill_launcher(self) -> None:
        if not self._exited.done():
            self._signal(signal.SIGKILL)

    def _signal(self, number: int) -> None:
        """Signal the launcher (it forwards ``SIGTERM``; its ``SIGKILL`` ends the namespace)."""
        with contextlib.suppress(ProcessLookupError):
            self._process.send_signal(number)

    async def _record(self) -> AgentProcessEnd:
        async with self._lock:
            if self._end is None:
                self._end = await self._ended()
            return self._end

    async def _ended(self) -> AgentProcessEnd:
        returncode = await self._exited
        seconds = time.monotonic() - self._started
        if not self.confined and self._command_pid:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self._command_pid, signal.SIGKILL)
        _, pending = await asyncio.wait(self._readers, timeout=OUTPUT_DRAIN_SECONDS)
        for reader in pending:
            reader.cancel()
        ended = await _last_report(self._report)
        shutil.rmtree(self._stage, ignore_errors=True)
        if self._init >= 0:
            os.close(self._init)
            self._init = -1
        if ended is None:  # the launcher itself was killed (by us, or not)
            ended = (returncode, None) if returncode >= 0 else (None, -returncode)
        exit_code, signal_number = ended
        status = exit_code if signal_number is None else -signal_number
        kind: EndKind = self._ending or ("exited" if status == 0 else "crashed")
        return AgentProcessEnd(
            kind=kind, exit_status=status, stderr_tail=self.stderr.text, seconds=round(seconds, 3)
        )


async def start_agent_process(spec: AgentProcessSpec) -> AgentProcess:
    """Start ``spec.argv`` with ``spec.env`` (and nothing else of ours), confined (see the
    module docstring); its stdin is empty, the ends of its stdout and stderr are kept.

    Raises :class:`AgentStartError` when the command cannot start: not found, not executable,
    its view cannot be built, or confinement is impossible here and the run is not unsafe."""
    return await start_confined(spec)


async def start_confined(spec: AgentProcessSpec, *, confine: bool = True) -> ConfinedProcess:
    """:func:`start_agent_process`, typed as what it returns. ``confine=False`` runs the
    command unconfined even where it could be confined (for measuring what confinement costs;
    only with ``spec.unsafe``)."""
    from assistworld.sandbox.command.reach import COMMAND_ID_BASE, CommandError, command_reach

    if spec.time_limit <= 0:
        raise ValueError(f"the agent's time limit must be positive, got {spec.time_limit}")
    if not confine and not spec.unsafe:
        raise ValueError("an agent's process runs unconfined only when the spec is unsafe")
    problem = confinement_problem() if confine else "confinement was not asked for"
    if problem and not spec.unsafe:
        raise AgentStartError(
            f"external agents run confined, and {problem}; run as root, or pass --unsafe to "
            "run the agent's command unconfined as this user (recorded in the run's manifest)"
        )
    try:
        reach = command_reach(spec.argv, spec.env, spec.hidden)
    except CommandError as exc:
        raise AgentStartError(str(exc)) from None
    confined = not problem
    started = time.monotonic()
    stage = Path(tempfile.mkdtemp(prefix="assistworld-agent-"))
    settings = {
        "parent": os.getpid(),
        "confine": confined,
        "uid_base": COMMAND_ID_BASE,
        "executable": reach.executable,
        "argv": reach.argv,
        "env": dict(spec.env),
        "stage": str(stage),
        "cwd": str(stage),
        "expose": reach.expose,
        "hidden": reach.hidden,
        "home_bytes": HOME_BYTES,
        "tmp_bytes": TMP_BYTES,
        "limits": {
            "cpu_seconds": math.ceil(spec.time_limit) + CPU_SLACK_SECONDS,
            "address_space_bytes": ADDRESS_SPACE_BYTES,
            "file_size_bytes": FILE_SIZE_BYTES,
            "open_files": OPEN_FILES,
            "max_tasks": MAX_TASKS,
            "pending_signals": PENDING_SIGNALS,
        },
    }
    try:
        process, report = await _launch(settings)
        facts = await _first_report(process, report)
    except BaseException:
        shutil.rmtree(stage, ignore_errors=True)
        raise
    return ConfinedProcess(process, report, spec, stage, started, facts, confined)


def _pidfd(pid: int) -> int:
    """A pidfd of ``pid``, or -1 when it has gone already."""
    if pid <= 0:
        return -1
    try:
        return os.pidfd_open(pid)
    except OSError:
        return -1


def confinement_problem() -> str:
    """Why the agent's process cannot be confined here (``""``: it can)."""
    from assistworld.sandbox.layers.identity import identity_problem

    return identity_problem()


async def _launch(
    settings: Mapping[str, Any],
) -> tuple[asyncio.subprocess.Process, asyncio.StreamReader]:
    report_read, report_write = os.pipe()
    settings = {**settings, "report_fd": report_write}
    try:
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-I",
            "-S",
            str(_LAUNCHER),
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            pass_fds=(report_write,),
            env=_LAUNCHER_ENVIRONMENT,
            cwd="/",
            start_new_session=True,
        )
    except BaseException:
        os.close(report_read)
        raise
    finally:
        os.close(report_write)
    loop = asyncio.get_running_loop()
    report = asyncio.StreamReader()
    await loop.connect_read_pipe(
        lambda: asyncio.StreamReaderProtocol(report), os.fdopen(report_read, "rb", buffering=0)
    )
    assert process.stdin is not None
    process.stdin.write(marshal.dumps(dict(settings)))
    await process.stdin.drain()
    process.stdin.close()
    return process, report


async def _first_report(
    process: asyncio.subprocess.Process, report: asyncio.StreamReader
) -> dict[str, int]:
    """The launcher's ``started`` report (the command's uid and pid, the init's pid); raises
    :class:`AgentStartError` on ``failed``."""
    try:
        line = await asyncio.wait_for(report.readline(), START_SECONDS)
    except (TimeoutError, asyncio.CancelledError):
        with contextlib.suppress(ProcessLookupError):
            process.kill()
        await process.wait()
        raise
    word, _, rest = line.decode("utf-8", "replace").strip().partition(" ")
    if word == "started":
        uid, pid, init = (_number(value) for value in rest.split())
        return {"uid": uid or 0, "pid": pid or 0, "init": init or 0}
    with contextlib.suppress(ProcessLookupError):
        process.kill()
    _, stderr = await process.communicate()
    reason = rest if word == "failed" else stderr.decode("utf-8", "replace")[-STDERR_TAIL_CHARS:]
    raise AgentStartError(f"the agent's command could not start: {reason.strip()}")


async def _last_report(report: asyncio.StreamReader) -> tuple[int | None, int | None] | None:
    """The command's exit code and signal from the launcher's ``ended`` report, or None if
    it never wrote one."""
    with contextlib.suppress(TimeoutError):
        while line := await asyncio.wait_for(report.readline(), OUTPUT_DRAIN_SECONDS):
            words = line.decode("utf-8", "replace").split()
            if len(words) == 3 and words[0] == "ended":
                return _number(words[1]), _number(words[2])
    return None


def _number(word: str) -> int | None:
    return None if word == "-" else int(word)


__all__ = [
    "STDERR_TAIL_CHARS",
    "AgentProcess",
    "AgentProcessEnd",
    "AgentProcessSpec",
    "AgentStartError",
    "ConfinedProcess",
    "confinement_problem",
    "start_agent_process",
    "start_confined",
]
