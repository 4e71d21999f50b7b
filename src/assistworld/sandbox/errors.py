"""Exceptions that ``executable()`` raises into an evaluation program, and harness errors.

An evaluation program calls ``executable()`` and may catch what the candidate raised. The
candidate's hand-back (its library's ``RequiresUserInput``, a
:class:`~assistworld.tools.handback.HandBack`) arrives as the library's real class (so ``except
RequiresUserInput`` works); any other exception arrives as a :class:`CandidateError` subclass named
like the original type, carrying its name and message. A run that ended abnormally (timeout, kill,
crash) raises :class:`CandidateRunAborted`, a ``BaseException`` so ``except Exception`` in an
evaluation program does not swallow it by accident (the verdict is decided from the run record
anyway).
"""

from __future__ import annotations

import keyword
from typing import Any

from assistworld.tools.handback import HandBack


class CandidateError(Exception):
    """The candidate program raised an exception other than a hand-back."""

    type_name: str = "Exception"

    def __init__(self, type_name: str, message: str) -> None:
        super().__init__(f"{type_name}: {message}" if message else type_name)
        self.type_name = type_name
        self.message = message


def candidate_exception(
    type_name: str, message: str, *, handback: type[HandBack] | None
) -> Exception:
    """The exception ``executable()`` raises for a candidate that raised ``type_name``:
    ``handback`` is the library's hand-back class when the candidate handed back (None when it
    did not)."""
    if handback is not None:
        return handback(message)
    class_name = (
        type_name
        if type_name.isidentifier() and not keyword.iskeyword(type_name)
        else ("CandidateError")
    )
    subclass: type[CandidateError] = type(
        class_name, (CandidateError,), {"__module__": "candidate"}
    )
    return subclass(type_name, message)


class CandidateRunAborted(BaseException):
    """The candidate run ended without a result (timeout, limit, crash, protocol violation)."""


class ExecutableReused(BaseException):
    """An evaluation program called ``executable()`` a second time in one pair."""


class WorkerError(RuntimeError):
    """A worker process (zygote or world host) failed; the task becomes ``infra_error``."""


class CandidateOverran(Exception):
    """The world host was still busy with a candidate run (serving a call, decoding a message)
    well past the run's wall-clock limit, so the orchestrator killed it from outside.

    ``finished_pairs`` are the results (as JSON) of the pairs the world host had finished;
    the overrunning pair is the next one. ``seconds`` is how long that run lasted.
    """

    def __init__(self, finished_pairs: list[dict[str, Any]], seconds: float) -> None:
        super().__init__(f"the world host overran the wall-clock limit ({seconds:.1f} s)")
        self.finished_pairs = finished_pairs
        self.seconds = seconds


__all__ = [
    "CandidateError",
    "CandidateOverran",
    "CandidateRunAborted",
    "ExecutableReused",
    "WorkerError",
    "candidate_exception",
]
