"""What one candidate run hands to the evaluation, and the telemetry flags derived from it.

Both executors (sandboxed and in-process) produce a :class:`CandidateOutcome`: the
:class:`ProgramRun` record, plus either the return value (rebuilt from the codec's tagged form) or
the exception ``executable()`` must raise into the evaluation program.
"""

from __future__ import annotations

import errno
import gc
import os
import traceback
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Any

from assistworld.core.parsing import parsing_alone
from assistworld.sandbox.errors import CandidateRunAborted, candidate_exception
from assistworld.sandbox.models import ProgramRun
from assistworld.sandbox.outcomes import RunOutcome
from assistworld.tools.handback import HandBack

DENIAL_MARKERS = ("[Errno 1] Operation not permitted", "[Errno 13] Permission denied")
"""Kernel denials (seccomp's EPERM, Landlock's EACCES) as Python prints them."""
SANDBOX_DIR = str(Path(__file__).resolve().parent) + os.sep
"""Frames from files under this directory are the harness's, not the program's."""
THREAD_REFUSED = "can't start new thread"
"""CPython's message when the kernel refuses a thread (``EAGAIN`` from the task cap)."""
MAX_TEXT_CHARS = 16_000
"""Longest exception message and traceback a program may report."""


@dataclass
class CandidateOutcome:
    """A finished run: its record and what ``executable()`` returns or raises."""

    run: ProgramRun
    value: Any = None
    error: BaseException | None = None


def outcome_for_exception(
    run: ProgramRun, *, handback: type[HandBack] | None, memory: bool, tasks: bool = False
) -> CandidateOutcome:
    """The outcome of a run whose program raised (``run`` already holds type and message):
    ``handback`` is the library's hand-back class when the program handed back (None when it
    did not); ``memory``/``tasks`` say it was the address-space limit or the task cap that
    stopped it."""
    type_name = run.exception_type or "Exception"
    message = run.exception_message or ""
    if memory or tasks:
        run.outcome = RunOutcome.memory_limit if memory else RunOutcome.task_limit
        return CandidateOutcome(run, error=CandidateRunAborted(f"{type_name}: {message}"))
    run.outcome = RunOutcome.agent_exception
    return CandidateOutcome(run, error=candidate_exception(type_name, message, handback=handback))


def aborted(run: ProgramRun, outcome: RunOutcome, reason: str) -> CandidateOutcome:
    """The outcome of a run that ended without a result (limit, crash, protocol violation)."""
    run.outcome = outcome
    if run.exception_message is None:
        run.exception_message = reason
    return CandidateOutcome(run, error=CandidateRunAborted(f"{outcome.value}: {reason}"))


def describe_exception(exc: BaseException, tb: TracebackType | None) -> dict[str, Any]:
    """The ``exception`` message for what a program raised: type name, message, traceback, and
    whether it hands control back (a :class:`HandBack`, its library's ``RequiresUserInput``),
    ran out of memory (``MemoryError``, or ``ENOSPC`` from its scratch file system: files
    unlinked while open are freed as soon as the program's frames go, before the world host
    could see the file system full), or could not start a thread (the kernel's task cap; the
    interpreter says so in these words)."""
    memory = isinstance(exc, MemoryError) or (
        isinstance(exc, OSError) and exc.errno == errno.ENOSPC  # the scratch file system is full
    )
    if memory and tb is not None:
        traceback.clear_frames(tb)  # drop the frames holding the memory before formatting
        gc.collect()
    try:
        report = traceback.TracebackException(type(exc), exc, tb)
        _hide_sandbox_frames(report)
        with parsing_alone():  # formatting parses each frame's line (see core.parsing)
            text = "".join(report.format())
    except BaseException:
        text = ""
    try:
        message = str(exc)
    except BaseException:
        message = "<the exception's message could not be produced>"
    return {
        "op": "exception",
        "type": type(exc).__name__[:200],
        "message": message[:MAX_TEXT_CHARS],
        "traceback": text[-MAX_TEXT_CHARS:],
        "handback": isinstance(exc, HandBack),
        "memory": memory,
        "tasks": type(exc) is RuntimeError and message == THREAD_REFUSED,
    }


def _hide_sandbox_frames(report: traceback.TracebackException) -> None:
    """Drop the sandbox's own frames (runner, RPC proxies) from a traceback and its chain."""
    seen: set[int] = set()
    pending = [report]
    while pending:
        current = pending.pop()
        if id(current) in seen:
            continue
        seen.add(id(current))
        kept = [frame for frame in current.stack if not frame.filename.startswith(SANDBOX_DIR)]
        current.stack = traceback.StackSummary.from_list(kept)
        pending.extend(e for e in (current.__cause__, current.__context__) if e is not None)


def add_denial_flag(run: ProgramRun) -> None:
    """Flag a run whose output or traceback shows the kernel refusing something."""
    texts = (run.stdout, run.stderr, run.traceback or "", run.exception_message or "")
    if any(marker in text for text in texts for marker in DENIAL_MARKERS):
        add_flag(run, "sandbox_denial_seen")


def add_flag(run: ProgramRun, flag: str) -> None:
    """Add ``flag`` once."""
    if flag not in run.tamper_flags:
        run.tamper_flags.append(flag)


__all__ = [
    "DENIAL_MARKERS",
    "CandidateOutcome",
    "aborted",
    "add_denial_flag",
    "add_flag",
    "describe_exception",
    "outcome_for_exception",
]
