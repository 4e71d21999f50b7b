"""The world host's side of one candidate run: send the program, serve its calls, judge its end.

Runs in the trusted world host, inside the evaluation's ``executable()`` call, with the pair's
world bound. Every message from the child is untrusted input: shapes are checked, arguments are
decoded strictly, only the library's public functions may be called, calls are counted against
the budget, and the whole run (each library call included, via ``SIGALRM``) is held to the
wall-clock deadline. How the run ended is decided here, from messages and from how the child
process ended, never from anything the program printed.
"""

from __future__ import annotations

import signal
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

from assistworld.sandbox.agent_process import AgentProcess, ChildExit
from assistworld.sandbox.argument_budget import ArgumentBudget
from assistworld.sandbox.codec import Codec, CodecError
from assistworld.sandbox.framing import ChannelClosed, FrameError, FrameTimeout
from assistworld.sandbox.models import Limits, ProgramRun
from assistworld.sandbox.outcomes import RunOutcome
from assistworld.sandbox.run_record import (
    CandidateOutcome,
    aborted,
    add_denial_flag,
    add_flag,
    outcome_for_exception,
)
from assistworld.sandbox.scratch import ScratchQuotaExceeded, check_scratch_quota
from assistworld.tools.handback import HandBack
from assistworld.tools.recorder import CallRecorder
from assistworld.tools.toolset import Toolset
from assistworld.world.context import current_world

HONEYPOT_OP = "_admin_set_state"
QUOTA_CHECK_SECONDS = 0.1
REAP_GRACE_SECONDS = 1.0
READY_SECONDS = 30.0
CPU_SLACK_SECONDS = 0.05


class _RunEnded(Exception):
    """Internal: the run is over for the reason held in ``outcome``."""

    def __init__(self, outcome: RunOutcome, reason: str) -> None:
        super().__init__(reason)
        self.outcome = outcome
        self.reason = reason


class _CallDeadline(BaseException):
    """Internal: raised by SIGALRM inside a library call that outlived the run's deadline."""


class CallServer:
    """Runs one candidate program in one agent child and serves its library calls."""

    def __init__(
        self,
        agent: AgentProcess,
        limits: Limits,
        functions: dict[str, Callable[..., Any]],
        codec: Codec,
        toolset: Toolset,
        handback: type[HandBack],
        progress: Callable[[dict[str, Any]], None] | None = None,
    ) -> None:
        """``handback``: the library's hand-back class, which a candidate's hand-back is raised
        as into the evaluation program."""
        self._handback = handback
        self._progress = progress or _no_progress
        self._agent = agent
        self._recorder = CallRecorder(toolset)
        self._limits = limits
        self._functions = functions
        self._codec = codec
        self._alarm = _CallAlarm()
        self._next_quota_check = 0.0
        self._arguments = ArgumentBudget(limits)

    def run(self, program: str) -> CandidateOutcome:
        """Run ``program`` to its end and return what ``executable()`` should give back."""
        agent = self._agent
        run = ProgramRun(outcome=RunOutcome.not_run, tool_calls=self._recorder.trajectory)
        if agent.used:
            raise RuntimeError(f"agent child {agent.index} was already used")
        agent.used = True
        agent.await_ready(time.monotonic() + READY_SECONDS)
        if agent.setup_error is not None:
            return aborted(run, RunOutcome.sandbox_setup_failed, agent.setup_error)
        self._progress({"op": "candidate_started"})  # the orchestrator's watch begins
        started = time.monotonic()
        deadline = started + self._limits.wall_seconds
        final: dict[str, Any] | None = None
        try:
            with self._alarm.armed(deadline):
                final = self._serve(program, run, deadline)
            ended = _RunEnded(RunOutcome.completed, "")
        except _RunEnded as exc:
            ended = exc
        if final is not None:  # the result is in: end the child (and any stray threads) now
            agent.stop()
            exit_info = None
        else:
            exit_info = self._finish_process(ended.outcome)
        run.seconds = time.monotonic() - started
        run.stdout, run.stderr = agent.scratch.read_output(self._limits.output_bytes_kept)
        outcome = self._judge(run, final, ended, exit_info)  # decodes the return value
        add_denial_flag(outcome.run)
        self._progress({"op": "candidate_ended"})
        return outcome

    # -- the conversation ------------------------------------------------------------------
    def _serve(self, program: str, run: ProgramRun, deadline: float) -> dict[str, Any]:
        channel = self._agent.channel
        clock = current_world().now.isoformat()  # for the time utilities the child runs itself
        try:
            channel.send({"op": "run", "program": program, "now": clock}, deadline)
        except ValueError as exc:
            raise _RunEnded(RunOutcome.protocol_violation, f"program too large: {exc}") from None
        except FrameTimeout:
            raise _RunEnded(RunOutcome.timeout, "the wall-clock limit passed") from None
        except OSError:
            raise _RunEnded(RunOutcome.crashed, "the agent child was gone") from None
        while True:
            message = self._receive(deadline)
            op = message.get("op")
            if op == "call":
                run.api_calls += 1
                if run.api_calls > self._limits.call_budget:
                    raise _RunEnded(
                        RunOutcome.call_budget_exceeded,
                        f"more than {self._limits.call_budget} library calls",
                    )
                reply = self._serve_call(message, run)
                self._reply(reply, deadline)
            elif op in ("result", "exception"):
                self._check_decoy(run)
                try:  # a program that filled its scratch dir and then ended ran into the limit
                    self._police_scratch()
                except ScratchQuotaExceeded as exc:
                    raise _RunEnded(RunOutcome.memory_limit, str(exc)) from None
                return message
            else:
                raise _RunEnded(RunOutcome.protocol_violation, f"unknown message {str(op)[:40]!r}")

    def _police_scratch(self) -> None:
        self._next_quota_check = time.monotonic() + QUOTA_CHECK_SECONDS
        check_scratch_quota(self._agent.scratch)

    def _receive(self, deadline: float) -> dict[str, Any]:
        try:
            if time.monotonic() >= self._next_quota_check:  # also while calls keep coming
                self._police_scratch()
            message = self._agent.channel.receive(
                deadline, tick=self._police_scratch, tick_seconds=QUOTA_CHECK_SECONDS
            )
        except FrameTimeout:
            raise _RunEnded(RunOutcome.timeout, "the wall-clock limit passed") from None
        except ChannelClosed:
            raise _RunEnded(RunOutcome.crashed, "the process ended without a result") from None
        except FrameError as exc:
            raise _RunEnded(RunOutcome.protocol_violation, str(exc)) from None
        except ScratchQuotaExceeded as exc:
            raise _RunEnded(RunOutcome.memory_limit, str(exc)) from None
        except OSError as exc:
            raise _RunEnded(RunOutcome.crashed, f"the RPC pipe failed: {exc}") from None
        if not isinstance(message, dict) or not isinstance(message.get("op"), str):
            raise _RunEnded(RunOutcome.protocol_violation, "a message is not an object with an op")
        return message

    def _reply(self, reply: dict[str, Any], deadline: float) -> None:
        channel = self._agent.channel
        try:
            try:
                channel.send(reply, deadline)
            except ValueError as exc:  # the result is over the message limit
                too_large = _error_reply(("ValueError",), f"the result is too large: {exc}")
                channel.send(too_large, deadline)
        except FrameTimeout:
            raise _RunEnded(RunOutcome.timeout, "the program stopped reading replies") from None
        except OSError:
            raise _RunEnded(RunOutcome.crashed, "the process ended during a call") from None

    def _serve_call(self, message: dict[str, Any], run: ProgramRun) -> Any:
        name, raw_args, raw_kwargs = message.get("name"), message.get("args"), message.get("kwargs")
        if set(message) != {"op", "name", "args", "kwargs"} or not (
            isinstance(name, str) and isinstance(raw_args, list) and isinstance(raw_kwargs, dict)
        ):
            raise _RunEnded(RunOutcome.protocol_violation, "a call message is malformed")
        self._check_decoy(run)
        self._police_arguments(name, raw_args, raw_kwargs)
        if name == HONEYPOT_OP:
            add_flag(run, f"honeypot:{HONEYPOT_OP}")
            return _error_reply(("PermissionError",), "operation not permitted")
        function = self._functions.get(name)
        if function is None:
            add_flag(run, f"unlisted_op:{name[:60]}")
            return _error_reply(("AttributeError",), f"the library has no function {name[:60]!r}")
        try:
            args = [self._codec.decode(item) for item in raw_args]
            kwargs = {key: self._codec.decode(item) for key, item in raw_kwargs.items()}
        except CodecError as exc:  # a wrong-typed argument is the program's error, not the RPC's
            detail = "; ".join(line.strip() for line in str(exc).splitlines()[:3])[:400]
            refused = TypeError(f"{name}() got an argument of the wrong type: {detail}")
            self._recorder.raised(
                name, self._recorder.arguments(name, raw_args, raw_kwargs), refused
            )
            return _error_reply(("TypeError",), str(refused))
        recorded = self._recorder.arguments(name, args, kwargs)
        try:
            with self._alarm.in_call():
                result = function(*args, **kwargs)
        except _CallDeadline:
            self._agent.call_interrupted = True
            raise _RunEnded(
                RunOutcome.timeout, f"the wall-clock limit passed in {name}()"
            ) from None
        except MemoryError:  # the world host's own limit: this call's arguments asked too much
            self._agent.call_interrupted = True
            raise _RunEnded(
                RunOutcome.memory_limit, f"the world host ran out of memory in {name}()"
            ) from None
        except Exception as exc:
            self._recorder.raised(name, recorded, exc)
            names = tuple(cls.__name__ for cls in type(exc).__mro__)
            return _error_reply(names, _safe_str(exc))
        self._recorder.returned(name, recorded, result)
        try:
            encoded = self._codec.encode(result)
        except (TypeError, ValueError) as exc:
            return _error_reply(("RuntimeError",), f"{name}() gave an unsendable result: {exc}")
        updates = self._updates(args, raw_args, kwargs, raw_kwargs)
        return {"ok": encoded, "updates": updates}

    def _police_arguments(self, name: str, raw_args: list[Any], raw_kwargs: dict[str, Any]) -> None:
        size = len(self._agent.channel.last_payload)
        reason = self._arguments.charge(name, size, raw_args, raw_kwargs)
        if reason is not None:
            raise _RunEnded(RunOutcome.memory_limit, reason)

    def _updates(
        self,
        args: list[Any],
        raw_args: list[Any],
        kwargs: dict[str, Any],
        raw_kwargs: dict[str, Any],
    ) -> list[dict[str, Any]]:
        """The new state of every Event-like argument the call changed (write-back)."""
        updates: list[dict[str, Any]] = []
        places: list[tuple[list[Any], Any, Any]] = [
            (["args", i], value, raw_args[i]) for i, value in enumerate(args)
        ]
        places += [(["kwargs", k], value, raw_kwargs[k]) for k, value in kwargs.items()]
        for path, value, raw in places:
            if self._codec.is_mutable_model(value):
                self._add_update(updates, path, value, raw)
            elif type(value) is list and type(raw) is list and len(raw) == len(value):
                for j, item in enumerate(value):
                    if self._codec.is_mutable_model(item):
                        self._add_update(updates, [*path, j], item, raw[j])
        return updates

    def _add_update(
        self, updates: list[dict[str, Any]], path: list[Any], value: Any, raw: Any
    ) -> None:
        try:
            after = self._codec.encode(value)
        except (TypeError, ValueError):  # the call left it unsendable: keep the caller's copy
            return
        if after != raw:
            updates.append({"path": path, "value": after})

    def _check_decoy(self, run: ProgramRun) -> None:
        marker = self._agent.scratch.decoy_marker.encode()
        if marker in self._agent.channel.last_payload:
            add_flag(run, "decoy_values_used")

    # -- the end ---------------------------------------------------------------------------
    def _finish_process(self, outcome: RunOutcome) -> ChildExit:
        agent = self._agent
        if outcome is RunOutcome.crashed:
            exit_info = agent.reap_if_exited(REAP_GRACE_SECONDS)
            if exit_info is not None:
                return exit_info
        return agent.kill()

    def _judge(
        self,
        run: ProgramRun,
        final: dict[str, Any] | None,
        ended: _RunEnded,
        exit_info: ChildExit | None,
    ) -> CandidateOutcome:
        if final is not None or exit_info is None:
            assert final is not None
            return self._judge_final(run, final)
        cpu_limit = self._limits.cpu_seconds
        over_cpu = exit_info.cpu_seconds >= cpu_limit - CPU_SLACK_SECONDS
        if ended.outcome in (RunOutcome.timeout, RunOutcome.crashed) and (
            exit_info.signal == signal.SIGXCPU or over_cpu
        ):
            return aborted(run, RunOutcome.cpu_limit, f"the CPU limit of {cpu_limit} s passed")
        if ended.outcome is RunOutcome.crashed:
            how = (
                f"signal {signal.Signals(exit_info.signal).name}"
                if exit_info.signal is not None
                else f"exit status {exit_info.exit_code}"
            )
            return aborted(run, RunOutcome.crashed, f"the process ended ({how}) without a result")
        return aborted(run, ended.outcome, ended.reason)

    def _judge_final(self, run: ProgramRun, final: dict[str, Any]) -> CandidateOutcome:
        local_calls = final.pop("local_calls", 0)  # the child's own count: telemetry
        if type(local_calls) is not int or local_calls < 0:
            return aborted(run, RunOutcome.protocol_violation, "a final message is malformed")
        run.local_calls = local_calls
        if final["op"] == "result":
            if set(final) != {"op", "value"}:
                return aborted(run, RunOutcome.protocol_violation, "a result message is malformed")
            try:
                value = self._codec.decode(final["value"])
            except CodecError as exc:
                return aborted(run, RunOutcome.protocol_violation, f"bad return value: {exc}")
            except MemoryError:
                self._agent.call_interrupted = True  # retire: the world host is short of memory
                return aborted(run, RunOutcome.memory_limit, "the return value is too large")
            run.outcome = RunOutcome.completed
            run.return_value = final["value"]
            return CandidateOutcome(run, value=value)
        fields = ("type", "message", "traceback")
        if not all(isinstance(final.get(key), str) for key in fields) or not all(
            isinstance(final.get(key), bool) for key in ("handback", "memory", "tasks")
        ):
            return aborted(run, RunOutcome.protocol_violation, "an exception message is malformed")
        keep = self._limits.output_bytes_kept
        run.exception_type = final["type"][:200]
        run.exception_message = final["message"][:keep]
        run.traceback = final["traceback"][-keep:] if keep else ""
        return outcome_for_exception(
            run,
            handback=self._handback if final["handback"] else None,
            memory=final["memory"],
            tasks=final["tasks"],
        )


class _CallAlarm:
    """A ``SIGALRM`` at the run's deadline that interrupts a library call still running then.

    Armed once per run (the world host's main thread); between calls it does nothing, since the
    waits for the child have their own deadline.
    """

    def __init__(self) -> None:
        self._calling = False

    @contextmanager
    def armed(self, deadline: float) -> Iterator[None]:
        previous = signal.signal(signal.SIGALRM, self._on_alarm)
        signal.setitimer(signal.ITIMER_REAL, max(deadline - time.monotonic(), 0.001))
        try:
            yield
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)

    @contextmanager
    def in_call(self) -> Iterator[None]:
        self._calling = True
        try:
            yield
        finally:
            self._calling = False

    def _on_alarm(self, signum: int, frame: FrameType | None) -> None:
        if self._calling:
            self._calling = False
            raise _CallDeadline()


def _error_reply(type_names: tuple[str, ...], message: str) -> dict[str, Any]:
    return {"error": {"types": list(type_names), "message": message}}


def _no_progress(message: dict[str, Any]) -> None:
    del message


def _safe_str(exc: BaseException) -> str:
    try:
        return str(exc)[:4000]
    except Exception:
        return type(exc).__name__


__all__ = ["HONEYPOT_OP", "CallServer"]
