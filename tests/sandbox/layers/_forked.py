"""Run a function in a forked child and get back one JSON report (test helper).

The child runs ``action()``, sends what it returned as one JSON line over a pipe, and leaves
with ``os._exit`` (it never returns into pytest). An exception escaping ``action`` is reported
as ``{"raised": <type name>, "errno": <symbol or None>, "message": ...}``. The parent waits
with a deadline, kills the child when it runs over, and returns a :class:`ChildOutcome`.

:func:`outcome_of` turns one attempted operation into a small JSON-able verdict, which keeps
the child side of a test to a line or two.
"""

from __future__ import annotations

import errno
import functools
import json
import os
import select
import shutil
import signal
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from assistworld.sandbox.layers import default_read_only_paths
from assistworld.sandbox.reachable import open_up_paths
from assistworld.sandbox.scratch import enter_private_mount_namespace

__all__ = ["ChildOutcome", "outcome_of", "run_forked"]

_MAX_REPORT_BYTES = 1 << 20
_STAGING_PARENT = "/dev/shm" if os.path.isdir("/dev/shm") else None


@dataclass(frozen=True)
class ChildOutcome:
    """How a forked child ended and what it reported."""

    report: dict[str, Any] | None
    exit_code: int | None
    signal: int | None
    timed_out: bool

    def value(self, key: str) -> Any:
        """One field of the report; fails the test with the whole outcome when it is absent."""
        assert self.report is not None and key in self.report, f"child outcome: {self}"
        return self.report[key]


def outcome_of(attempt: Callable[[], object]) -> dict[str, Any]:
    """Run ``attempt`` and describe the result: ``ok``, plus ``error``/``errno`` or ``value``."""
    try:
        value = attempt()
    except OSError as exc:
        code = errno.errorcode.get(exc.errno) if exc.errno is not None else None
        return {"ok": False, "error": type(exc).__name__, "errno": code}
    except Exception as exc:  # the verdict is the exception type, e.g. MemoryError
        return {"ok": False, "error": type(exc).__name__, "errno": None, "message": str(exc)}
    try:
        json.dumps(value)
    except (TypeError, ValueError):
        value = repr(value)
    return {"ok": True, "value": value}


@functools.cache
def _read_only_paths() -> tuple[Path, ...]:
    return tuple(default_read_only_paths())


def run_forked(action: Callable[[], dict[str, Any]], *, timeout: float = 10.0) -> ChildOutcome:
    """Fork, run ``action`` in the child, and collect its JSON report and exit status.

    As root, the child first enters a mount namespace of its own where the read-only paths are
    reachable to other uids (as a zygote's children see them, see ``sandbox.reachable``), so a
    child that gives up root can still import the standard library."""
    read_fd, write_fd = os.pipe()
    staging = Path(tempfile.mkdtemp(prefix="assistworld-forked-", dir=_STAGING_PARENT))
    paths = list(_read_only_paths()) if os.geteuid() == 0 else []
    pid = os.fork()
    if pid == 0:  # child: never return from this branch
        try:
            os.close(read_fd)
            if paths:
                _enter_private_view(paths, staging)
            _report_and_exit(action, write_fd)
        finally:
            os._exit(70)
    os.close(write_fd)
    try:
        data, timed_out = _read_until_eof(read_fd, time.monotonic() + timeout)
    finally:
        os.close(read_fd)
    if timed_out:
        os.kill(pid, signal.SIGKILL)
    _, status = os.waitpid(pid, 0)
    shutil.rmtree(staging, ignore_errors=True)
    line = data.split(b"\n", 1)[0]
    report = json.loads(line) if line else None
    return ChildOutcome(
        report=report,
        exit_code=os.WEXITSTATUS(status) if os.WIFEXITED(status) else None,
        signal=os.WTERMSIG(status) if os.WIFSIGNALED(status) else None,
        timed_out=timed_out,
    )


def _enter_private_view(paths: list[Path], staging: Path) -> None:
    problem = enter_private_mount_namespace() or open_up_paths(paths, staging)
    if problem:
        raise RuntimeError(f"the test child's mount namespace: {problem}")


def _report_and_exit(action: Callable[[], dict[str, Any]], write_fd: int) -> None:
    try:
        report = action()
    except BaseException as exc:
        code = getattr(exc, "errno", None)
        report = {
            "raised": type(exc).__name__,
            "errno": errno.errorcode.get(code) if isinstance(code, int) else None,
            "message": str(exc),
        }
    payload = json.dumps(report).encode() + b"\n"
    while payload:
        written = os.write(write_fd, payload)
        payload = payload[written:]
    os._exit(0)


def _read_until_eof(fd: int, deadline: float) -> tuple[bytes, bool]:
    chunks: list[bytes] = []
    size = 0
    while True:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return b"".join(chunks), True
        ready, _, _ = select.select([fd], [], [], remaining)
        if not ready:
            continue
        chunk = os.read(fd, 65536)
        if not chunk or size > _MAX_REPORT_BYTES:
            return b"".join(chunks), False
        chunks.append(chunk)
        size += len(chunk)
