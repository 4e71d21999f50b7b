"""Run one (setup program, evaluation program) pair in a fresh world and classify the result.

Shared by the world host (the candidate runs in an agent child) and the in-process executor (it
runs in this process): both pass a ``start_candidate`` function that runs the candidate once in
the active world and returns a :class:`CandidateOutcome`, and the library whose functions give
the setup and evaluation programs their globals.
"""

from __future__ import annotations

import datetime
import time
from collections.abc import Callable
from typing import Any

from assistworld.sandbox.errors import ExecutableReused
from assistworld.sandbox.library import ProgramLibrary
from assistworld.sandbox.models import PairResult, ProgramRun
from assistworld.sandbox.namespaces import evaluation_namespace, setup_namespace
from assistworld.sandbox.outcomes import RUN_OUTCOME_TO_PAIR_OUTCOME, PairOutcome, RunOutcome
from assistworld.sandbox.programs import load_function
from assistworld.sandbox.run_record import CandidateOutcome
from assistworld.tools.handback import HandBack
from assistworld.world import DEFAULT_NOW, World

StartCandidate = Callable[[], CandidateOutcome]


class ExecutableProxy:
    """The ``executable`` an evaluation program receives: runs the candidate exactly once."""

    def __init__(self, start_candidate: StartCandidate) -> None:
        self._start = start_candidate
        self.calls = 0
        self.outcome: CandidateOutcome | None = None

    def __call__(self) -> Any:
        self.calls += 1
        if self.calls > 1:
            raise ExecutableReused("executable() was called more than once in one pair")
        self.outcome = self._start()
        if self.outcome.error is not None:
            raise self.outcome.error
        return self.outcome.value


def fresh_world(now: datetime.datetime | None) -> World:
    """The world a pair starts from (the default clock unless the task sets one)."""
    return World(now=now or DEFAULT_NOW)


def load_setup(text: str, index: int, library: ProgramLibrary) -> Callable[..., Any]:
    """Execute setup program ``index`` (in the globals ``library`` gives setup programs) and
    return its ``setup_env_*`` function."""
    return load_function(
        text, setup_namespace(library), filename=f"<setup program {index}>", prefix="setup_env"
    )


def run_pair(
    index: int,
    setup_text: str,
    evaluation_text: str,
    query: str,
    now: datetime.datetime | None,
    start_candidate: StartCandidate,
    library: ProgramLibrary,
) -> PairResult:
    """Run pair ``index`` in a fresh world; the evaluation calls ``start_candidate`` through
    ``executable()``. ``library`` gives the setup and evaluation programs their globals."""
    started = time.monotonic()
    world = fresh_world(now)
    proxy = ExecutableProxy(start_candidate)
    with world.active():
        try:
            setup_function = load_setup(setup_text, index, library)
            evaluate = load_function(
                evaluation_text,
                evaluation_namespace(library),
                filename=f"<evaluation program {index}>",
                prefix="evaluate",
            )
        except KeyboardInterrupt:
            raise
        except BaseException as exc:
            result = _evaluator_error(index, proxy, exc, "could not be loaded")
            result.seconds = time.monotonic() - started
            return result
        raised: BaseException | None = None
        try:
            evaluate(query, proxy, setup_function)
        except KeyboardInterrupt:
            raise
        except BaseException as exc:  # the evaluation's exception is evidence, whatever it is
            raised = exc
    result = classify(index, proxy, raised)
    result.seconds = time.monotonic() - started
    return result


def classify(index: int, proxy: ExecutableProxy, raised: BaseException | None) -> PairResult:
    """The verdict of a pair from what the evaluation raised and how the candidate run ended."""
    if proxy.calls > 1:
        return _result(
            index,
            PairOutcome.evaluator_error,
            proxy,
            ExecutableReused("the evaluation program called executable() more than once"),
        )
    if proxy.outcome is None:
        if raised is None:
            raised = RuntimeError("the evaluation program never called executable()")
        return _evaluator_error(index, proxy, raised, "failed before running the candidate")
    run = proxy.outcome.run
    forced = dict(RUN_OUTCOME_TO_PAIR_OUTCOME).get(run.outcome)
    if forced is not None:
        return _run_result(index, forced, proxy)
    if run.outcome is RunOutcome.agent_exception:
        candidate_error = proxy.outcome.error
        if not isinstance(candidate_error, HandBack):
            return _run_result(index, PairOutcome.execution_error, proxy)
        if raised is None:
            return _result(index, PairOutcome.passed, proxy, None)
        if raised is candidate_error:
            return _run_result(index, PairOutcome.handback_control_error, proxy)
        return _result(index, PairOutcome.task_completion_error, proxy, raised)
    if raised is None:
        return _result(index, PairOutcome.passed, proxy, None)
    return _result(index, PairOutcome.task_completion_error, proxy, raised)


def _evaluator_error(
    index: int, proxy: ExecutableProxy, exc: BaseException, what: str
) -> PairResult:
    result = _result(index, PairOutcome.evaluator_error, proxy, exc)
    result.error_message = f"the setup or evaluation program {what}: {result.error_message}"
    return result


def _run_result(index: int, outcome: PairOutcome, proxy: ExecutableProxy) -> PairResult:
    """A verdict decided by the candidate run; the error is the run's own."""
    assert proxy.outcome is not None
    run = proxy.outcome.run
    return PairResult(
        index=index,
        passed=False,
        outcome=outcome,
        error_type=run.exception_type or run.outcome.value,
        error_message=run.exception_message,
        run=run,
    )


def _result(
    index: int, outcome: PairOutcome, proxy: ExecutableProxy, exc: BaseException | None
) -> PairResult:
    run = proxy.outcome.run if proxy.outcome is not None else ProgramRun(outcome=RunOutcome.not_run)
    return PairResult(
        index=index,
        passed=outcome is PairOutcome.passed,
        outcome=outcome,
        error_type=type(exc).__name__ if exc is not None else None,
        error_message=_message(exc) if exc is not None else None,
        run=run,
    )


def _message(exc: BaseException) -> str:
    try:
        return str(exc)[:4000]
    except Exception:
        return type(exc).__name__


__all__ = ["ExecutableProxy", "StartCandidate", "classify", "fresh_world", "load_setup", "run_pair"]
