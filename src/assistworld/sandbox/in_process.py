"""``InProcessExecutor``: the ``--unsafe`` path, with the same API as ``SandboxPool``.

It runs setup, evaluation *and the candidate* in the calling process, with no child at all. Use it
for trusted programs (reference programs and their mutants in task audits) and to compare with the
sandbox. It keeps what can be kept in-process: a fresh world per pair, the library call budget,
the codec round-trip of the return value (so a value that could not leave the sandbox fails here
too), captured output, and the same outcome classification.

What it cannot do: **no time limits** (a program that loops forever hangs the caller; stopping
Python code from outside without a process or a thread is not possible), no CPU or memory limit,
no file-system or network confinement, and no protection of the caller's own state from the
program. Output is captured by swapping ``sys.stdout``/``sys.stderr`` for the whole process, so
runs are serialised by a lock.
"""

from __future__ import annotations

import io
import threading
import time
from collections.abc import Callable
from contextlib import redirect_stderr, redirect_stdout
from functools import partial
from types import TracebackType
from typing import Any

from assistworld.sandbox.codec import Codec, CodecError
from assistworld.sandbox.library import ProgramLibrary
from assistworld.sandbox.models import (
    DryRunRequest,
    Limits,
    ProgramRun,
    TaskExecution,
    TaskRequest,
    WorldRun,
    WorldRunRequest,
)
from assistworld.sandbox.namespaces import action_toolset, functions_in, is_clock_only
from assistworld.sandbox.outcomes import RunOutcome
from assistworld.sandbox.pair_runner import fresh_world, load_setup, run_pair
from assistworld.sandbox.programs import load_function
from assistworld.sandbox.run_record import (
    CandidateOutcome,
    aborted,
    describe_exception,
    outcome_for_exception,
)
from assistworld.tools.recorder import CallRecorder
from assistworld.world import World, WorldState
from assistworld.world.context import current_world

UNSAFE_LAYERS = ("unsafe-in-process",)
LOCAL_CALLS_PER_BUDGET = 100
"""Clock-only calls allowed per unit of call budget (5,000 -> 500,000) on this path."""


class _CallBudgetExceeded(BaseException):
    """Stops a program past its budget (a BaseException, so ``except Exception`` cannot hold it;
    ``_run_candidate`` reads the verdict from the counts)."""


class _CappedText(io.TextIOBase):
    """A text sink that keeps the first ``limit`` characters written to it."""

    def __init__(self, limit: int) -> None:
        self._limit = limit
        self._parts: list[str] = []
        self._kept = 0

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        room = self._limit - self._kept
        if room > 0:
            piece = text[:room]
            self._parts.append(piece)
            self._kept += len(piece)
        return len(text)

    def text(self) -> str:
        return "".join(self._parts)


class InProcessExecutor:
    """Runs tasks without a sandbox (see the module docstring for what that gives up)."""

    def __init__(self, limits: Limits | None = None, *, library: ProgramLibrary) -> None:
        """``library``: what candidate programs are written against, and what a task's setup
        and evaluation programs find in their globals."""
        self._limits = limits or Limits()
        self._local_cap = LOCAL_CALLS_PER_BUDGET * max(self._limits.call_budget, 1)
        self._lock = threading.Lock()
        self._library = library
        self._codec = Codec(library.value_types())
        self._handback = library.handback_type()
        self._toolset = action_toolset(library)

    @property
    def layers(self) -> list[str]:
        """Always ``["unsafe-in-process"]``: no confinement layer is applied."""
        return list(UNSAFE_LAYERS)

    @property
    def limits(self) -> Limits:
        """The limits (only the call budget and the output cap are enforced here)."""
        return self._limits

    def run_task(self, request: TaskRequest) -> TaskExecution:
        """Evaluate ``request.candidate_program`` on every pair of the task, in this process."""
        started = time.monotonic()
        with self._lock:
            pairs = [
                run_pair(
                    index,
                    setup,
                    evaluation,
                    request.query,
                    request.world_now,
                    partial(self._run_candidate, request.candidate_program),
                    self._library,
                )
                for index, (setup, evaluation) in enumerate(
                    zip(request.setup_programs, request.evaluation_programs, strict=True)
                )
            ]
        return TaskExecution(
            query_id=request.query_id,
            passed=all(pair.passed for pair in pairs),
            pairs=pairs,
            seconds=time.monotonic() - started,
            layers=self.layers,
        )

    def dry_run(self, request: DryRunRequest) -> ProgramRun:
        """Run the setup program, then the candidate; no evaluation."""
        with self._lock:
            world = fresh_world(request.world_now)
            with world.active():
                try:
                    load_setup(request.setup_program, 0, self._library)()
                except Exception as exc:
                    return ProgramRun(
                        outcome=RunOutcome.not_run,
                        exception_type=type(exc).__name__,
                        exception_message=f"the setup program failed: {exc}",
                    )
                return self._run_candidate(request.candidate_program).run

    def run_in_world(self, request: WorldRunRequest) -> WorldRun:
        """Run the candidate against the world the request holds (no setup, no evaluation); the
        run, and the world afterwards."""
        try:
            world = World.from_state(WorldState.from_data(request.world))
        except ValueError as exc:
            run = ProgramRun(
                outcome=RunOutcome.not_run,
                exception_type=type(exc).__name__,
                exception_message=f"the world could not be read: {exc}",
            )
            return WorldRun(run=run)
        with self._lock, world.active():
            run = self._run_candidate(request.candidate_program).run
        return WorldRun(run=run, world=world.to_data())

    def close(self) -> None:
        """Nothing to release (present for the same API as ``SandboxPool``)."""

    def __enter__(self) -> InProcessExecutor:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    # -- one run -----------------------------------------------------------------------------
    def _run_candidate(self, program: str) -> CandidateOutcome:
        recorder = CallRecorder(self._toolset)
        run = ProgramRun(outcome=RunOutcome.not_run, tool_calls=recorder.trajectory)
        calls = [0, 0]  # world calls (held to the budget), clock-only calls
        namespace = self._counting_namespace(calls, recorder)
        namespace["__name__"] = "__candidate__"
        stdout = _CappedText(self._limits.output_bytes_kept)
        stderr = _CappedText(self._limits.output_bytes_kept)
        started = time.monotonic()
        error: dict[str, Any] | None = None
        value: Any = None
        with redirect_stdout(stdout), redirect_stderr(stderr):
            try:
                value = load_function(program, namespace, filename="<candidate>")()
            except SystemExit:
                value = None
            except BaseException as exc:  # the program's exception is its outcome
                error = describe_exception(exc, exc.__traceback__)
        run.seconds = time.monotonic() - started
        run.stdout, run.stderr = stdout.text(), stderr.text()
        run.api_calls = min(calls[0], self._limits.call_budget + 1)
        run.local_calls = min(calls[1], self._local_cap + 1)
        for count, cap, what in (
            (calls[0], self._limits.call_budget, "library calls"),
            (calls[1], self._local_cap, "time-utility calls"),
        ):
            if count > cap:
                return aborted(run, RunOutcome.call_budget_exceeded, f"more than {cap} {what}")
        if error is not None:
            run.exception_type = error["type"]
            run.exception_message = error["message"]
            run.traceback = error["traceback"]
            return outcome_for_exception(
                run,
                handback=self._handback if error["handback"] else None,
                memory=error["memory"],
                tasks=error["tasks"],
            )
        return self._round_trip(run, value)

    def _round_trip(self, run: ProgramRun, value: Any) -> CandidateOutcome:
        try:
            encoded = self._codec.encode(value)
            rebuilt = self._codec.decode(encoded)
        except (TypeError, ValueError, CodecError) as exc:
            error = describe_exception(exc, None)
            run.exception_type = error["type"]
            run.exception_message = error["message"]
            return outcome_for_exception(run, handback=None, memory=False)
        run.outcome = RunOutcome.completed
        run.return_value = encoded
        return CandidateOutcome(run, value=rebuilt)

    def _counting_namespace(self, calls: list[int], recorder: CallRecorder) -> dict[str, Any]:
        """Counts like the sandbox does: clock-only functions (which the agent child runs itself)
        in ``calls[1]``, every other call in ``calls[0]`` against the budget. With no CPU or
        wall-clock limit here, clock-only calls get a cap of their own (far above what a program
        makes), so a loop of them ends as ``call_budget_exceeded`` instead of hanging.

        Each call binds the pair's world itself, so threads the program starts reach it too (a
        new thread does not inherit the context), as they do through the sandbox's RPC. The world
        calls are recorded in ``recorder``, as the sandbox's world host records them."""
        namespace = self._toolset.namespace()
        world = current_world()
        for name, function in functions_in(namespace).items():
            slot, cap = (
                (1, self._local_cap) if is_clock_only(function) else (0, self._limits.call_budget)
            )
            namespace[name] = _counted(
                function, world, calls, slot, cap, None if slot else recorder
            )
        return namespace


def _counted(
    function: Callable[..., Any],
    world: World,
    calls: list[int],
    slot: int,
    budget: int,
    recorder: CallRecorder | None,
) -> Callable[..., Any]:
    name = function.__name__

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls[slot] += 1
        if calls[slot] > budget:
            raise _CallBudgetExceeded  # the verdict and its message come from the counts
        with world.active():
            if recorder is None:
                return function(*args, **kwargs)
            recorded = recorder.arguments(name, args, kwargs)
            try:
                result = function(*args, **kwargs)
            except Exception as exc:
                recorder.raised(name, recorded, exc)
                raise
            recorder.returned(name, recorded, result)
            return result

    counted.__name__ = function.__name__
    counted.__qualname__ = function.__qualname__
    counted.__doc__ = function.__doc__
    counted.__wrapped__ = function  # type: ignore[attr-defined]
    return counted


__all__ = ["UNSAFE_LAYERS", "InProcessExecutor"]
