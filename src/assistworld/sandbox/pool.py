"""``SandboxPool``: the orchestrator's entry point to sandboxed evaluation.

One zygote per worker slot; each task borrows a slot and the slot's world host runs the task
(see ``world_host``), with agent children the zygote forks for it. A failed zygote or world host
turns that task into ``infra_error`` and the zygote is replaced, so a batch always goes on.

Fail closed: at start-up the pool checks that every layer can be applied (``probe()``), then runs
a trivial program through the whole stack and reads back the layers its agent child applied. If a
layer is missing it raises ``SandboxSetupError`` naming it, unless ``unsafe=True``.
"""

from __future__ import annotations

import queue
import threading
import time
from types import TracebackType
from typing import Any

from assistworld.sandbox.errors import CandidateOverran, WorkerError
from assistworld.sandbox.layers import SandboxSetupError, probe
from assistworld.sandbox.library import ProgramLibrary
from assistworld.sandbox.models import (
    DryRunRequest,
    Limits,
    PairResult,
    ProgramRun,
    TaskExecution,
    TaskRequest,
    WorldRun,
    WorldRunRequest,
)
from assistworld.sandbox.outcomes import PairOutcome, RunOutcome
from assistworld.sandbox.zygote_process import ZygoteProcess

EVALUATION_SECONDS_PER_PAIR = 20.0
"""Time allowed per pair for the (trusted) setup and evaluation code, on top of the candidate's."""
TASK_OVERHEAD_SECONDS = 30.0
UNSAFE_HINT = (
    "refusing to run untrusted programs without it; pass --unsafe (SandboxPool(unsafe=True)) "
    "to run them anyway, which is recorded in the results"
)
_SELF_TEST_SETUP = "def setup_env_sandbox_self_test():\n    pass\n"
_SELF_TEST_PROGRAM = "def sandbox_self_test():\n    return 1\n"


class SandboxPool:
    """Runs tasks with candidates confined in agent children; thread-safe for ``slots`` threads.

    Use it as a context manager, or call :meth:`close` when done.
    """

    def __init__(
        self,
        slots: int = 2,
        limits: Limits | None = None,
        *,
        unsafe: bool = False,
        library: ProgramLibrary,
    ) -> None:
        """``library``: what candidate programs are written against, and what a task's setup
        and evaluation programs find in their globals; every zygote imports it before it forks
        anything."""
        if slots < 1:
            raise ValueError(f"slots must be at least 1, got {slots}")
        self._library = library
        self._limits = limits or Limits()
        self._unsafe = unsafe
        self._settings = {"limits": self._limits.model_dump(mode="json"), "unsafe": unsafe}
        self._closed = False
        self._close_lock = threading.Lock()
        self._idle: queue.Queue[ZygoteProcess | None] = queue.Queue()
        if not unsafe:
            problems = probe().problems()
            if problems:
                layer, reason = problems[0]
                raise SandboxSetupError(layer, f"{reason}; {UNSAFE_HINT}")
        try:
            self._start_zygotes(slots)
            self._layers = self._self_test()
        except BaseException:
            self.close()
            raise

    @property
    def layers(self) -> list[str]:
        """Layers every agent child applies, e.g.
        ``["rlimits", "identity", "landlock-abi7", "seccomp"]``."""
        return list(self._layers)

    @property
    def limits(self) -> Limits:
        """The limits every candidate run gets."""
        return self._limits

    def run_task(self, request: TaskRequest) -> TaskExecution:
        """Evaluate ``request.candidate_program`` on every pair of the task."""
        started = time.monotonic()
        count = len(request.setup_programs)
        budget = count * (self._limits.wall_seconds + EVALUATION_SECONDS_PER_PAIR)
        try:
            reply, _ = self._converse(
                {"op": "task", "request": request.model_dump(mode="json")},
                budget + TASK_OVERHEAD_SECONDS,
            )
            return TaskExecution.model_validate(reply["execution"])
        except CandidateOverran as exc:
            return self._overran(request, started, exc)
        except (WorkerError, KeyError, ValueError) as exc:
            return self._infra_error(request, started, exc)

    def dry_run(self, request: DryRunRequest) -> ProgramRun:
        """Run the setup program, then the candidate; no evaluation. For self-debugging agents:
        the record holds the return value, printed output and exception, nothing of the task's
        checks."""
        budget = self._limits.wall_seconds + EVALUATION_SECONDS_PER_PAIR + TASK_OVERHEAD_SECONDS
        try:
            reply, _ = self._converse(
                {"op": "dry_run", "request": request.model_dump(mode="json")}, budget
            )
            return ProgramRun.model_validate(reply["run"])
        except CandidateOverran as exc:
            return _overran_run(exc)
        except (WorkerError, KeyError, ValueError) as exc:
            return ProgramRun(
                outcome=RunOutcome.sandbox_setup_failed,
                exception_type=type(exc).__name__,
                exception_message=str(exc),
            )

    def run_in_world(self, request: WorldRunRequest) -> WorldRun:
        """Run the candidate against the world the request holds (no setup, no evaluation); the
        run, and the world the trusted side holds afterwards."""
        budget = self._limits.wall_seconds + EVALUATION_SECONDS_PER_PAIR + TASK_OVERHEAD_SECONDS
        try:
            reply, _ = self._converse(
                {"op": "world_run", "request": request.model_dump(mode="json")}, budget
            )
            return WorldRun.model_validate(reply["result"])
        except CandidateOverran as exc:
            return WorldRun(run=_overran_run(exc))
        except (WorkerError, KeyError, ValueError) as exc:
            return WorldRun(
                run=ProgramRun(
                    outcome=RunOutcome.sandbox_setup_failed,
                    exception_type=type(exc).__name__,
                    exception_message=str(exc),
                )
            )

    def close(self) -> None:
        """Stop every zygote (idle ones now, busy ones when their task returns)."""
        with self._close_lock:
            self._closed = True
        while True:
            try:
                zygote = self._idle.get_nowait()
            except queue.Empty:
                return
            if zygote is not None:
                zygote.close()

    def __enter__(self) -> SandboxPool:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    # -- internals -------------------------------------------------------------------------
    def _start_zygotes(self, slots: int) -> None:
        """Start every slot's zygote now, in parallel (each is a fresh interpreter's start-up).

        Plain threads, not ``concurrent.futures``: this package is imported by every zygote, and
        that module would bring ``logging`` along, whose fork hook costs each agent child about
        a hundred page faults.
        """
        results: list[ZygoteProcess | BaseException] = []

        def start() -> None:
            try:
                zygote: ZygoteProcess | BaseException = ZygoteProcess(self._settings, self._library)
            except BaseException as exc:
                zygote = exc
            results.append(zygote)

        starters = [threading.Thread(target=start) for _ in range(slots)]
        for starter in starters:
            starter.start()
        for starter in starters:
            starter.join()
        failure: BaseException | None = None
        for result in results:
            if isinstance(result, BaseException):
                self._idle.put(None)
                failure = failure or result
            else:
                self._idle.put(result)
        if failure is not None:
            raise failure

    def _self_test(self) -> list[str]:
        request = DryRunRequest(
            setup_program=_SELF_TEST_SETUP, candidate_program=_SELF_TEST_PROGRAM
        )
        reply, layers = self._converse(
            {"op": "dry_run", "request": request.model_dump(mode="json")},
            self._limits.wall_seconds + EVALUATION_SECONDS_PER_PAIR + TASK_OVERHEAD_SECONDS,
        )
        run = ProgramRun.model_validate(reply["run"])
        if run.outcome is RunOutcome.sandbox_setup_failed:
            layer, _, reason = (run.exception_message or "").partition(": ")
            raise SandboxSetupError(layer or "sandbox", f"{reason}; {UNSAFE_HINT}")
        if run.outcome is not RunOutcome.completed or run.return_value != 1:
            raise WorkerError(
                f"the sandbox self-test failed ({run.outcome.value}): {run.exception_message}"
            )
        return layers

    def _converse(
        self, request: dict[str, Any], budget_seconds: float
    ) -> tuple[dict[str, Any], list[str]]:
        zygote = self._take()
        try:
            result = zygote.converse(request, budget_seconds)
        except WorkerError:
            zygote.close()
            self._give_back(None)
            raise
        except BaseException:
            self._give_back(zygote)
            raise
        self._give_back(zygote)
        return result

    def _take(self) -> ZygoteProcess:
        if self._closed:
            raise RuntimeError("this SandboxPool is closed")
        zygote = self._idle.get()
        if zygote is not None and zygote.alive():
            return zygote
        if zygote is not None:
            zygote.close()
        try:
            return ZygoteProcess(self._settings, self._library)
        except BaseException:
            self._idle.put(None)
            raise

    def _give_back(self, zygote: ZygoteProcess | None) -> None:
        with self._close_lock:
            closed = self._closed
        if closed and zygote is not None:
            zygote.close()
        else:
            self._idle.put(zygote)

    def _overran(
        self, request: TaskRequest, started: float, exc: CandidateOverran
    ) -> TaskExecution:
        """The task whose world host was killed from outside, busy with the candidate past the
        wall-clock limit: the pairs it finished, then a ``timeout`` against the candidate for
        the pair it was on; later pairs were not run (and count as that timeout)."""
        try:
            pairs = [PairResult.model_validate(pair) for pair in exc.finished_pairs]
        except ValueError as error:
            return self._infra_error(request, started, error)
        run = _overran_run(exc)
        pairs.append(
            PairResult(
                index=len(pairs),
                passed=False,
                outcome=PairOutcome.timeout,
                error_type=RunOutcome.timeout.value,
                error_message=run.exception_message,
                run=run,
            )
        )
        for index in range(len(pairs), len(request.setup_programs)):
            pairs.append(
                PairResult(
                    index=index,
                    passed=False,
                    outcome=PairOutcome.timeout,
                    error_type="NotRun",
                    error_message=f"not run: pair {len(exc.finished_pairs)} overran its limit",
                )
            )
        return TaskExecution(
            query_id=request.query_id,
            passed=False,
            pairs=pairs,
            seconds=time.monotonic() - started,
            layers=self.layers,
        )

    def _infra_error(
        self, request: TaskRequest, started: float, exc: BaseException
    ) -> TaskExecution:
        pairs = [
            PairResult(
                index=index,
                passed=False,
                outcome=PairOutcome.infra_error,
                error_type=type(exc).__name__,
                error_message=str(exc),
            )
            for index in range(len(request.setup_programs))
        ]
        return TaskExecution(
            query_id=request.query_id,
            passed=False,
            pairs=pairs,
            seconds=time.monotonic() - started,
            layers=self.layers,
        )


def _overran_run(exc: CandidateOverran) -> ProgramRun:
    return ProgramRun(
        outcome=RunOutcome.timeout,
        seconds=exc.seconds,
        exception_message=(
            "the wall-clock limit passed while the world host was still busy with this run "
            "(serving a library call or decoding a message); it was killed from outside"
        ),
    )


__all__ = ["SandboxPool"]
