"""How a candidate run ended, and what that makes of one (setup, evaluation) pair.

The pair outcome is the verdict class. It is decided in the trusted world host from exception
*types* and from what the world host itself observed about the run (how the child ended, which
limit it hit), never from text the candidate printed.
"""

from __future__ import annotations

from enum import Enum


class RunOutcome(str, Enum):
    """How one run of a candidate program ended."""

    completed = "completed"
    """The program returned (or raised ``SystemExit``) and its result reached the world host."""
    agent_exception = "agent_exception"
    """The program raised; the exception's type, message and traceback were reported."""
    timeout = "timeout"
    """The wall-clock limit passed (or the program stopped talking mid-message)."""
    cpu_limit = "cpu_limit"
    """The CPU-time limit killed the program."""
    memory_limit = "memory_limit"
    """The program ran out of its address space (``MemoryError``), filled its scratch file system,
    sent the world host more than a library call or a run may send, or made the world host run out
    of its own address space."""
    task_limit = "task_limit"
    """The program could not start a thread: it holds as many as the task cap allows."""
    crashed = "crashed"
    """The program's process died (a signal, ``os._exit``) without reporting a result."""
    protocol_violation = "protocol_violation"
    """The program sent something that is not a well-formed message of the RPC protocol."""
    call_budget_exceeded = "call_budget_exceeded"
    """The program made more library calls than the limit allows."""
    sandbox_setup_failed = "sandbox_setup_failed"
    """The sandbox could not be set up, so the program was never started (infrastructure)."""
    not_run = "not_run"
    """The evaluation never started the program."""


class PairOutcome(str, Enum):
    """The verdict class of one (setup, evaluation) pair."""

    passed = "passed"
    execution_error = "execution_error"
    """The candidate raised something other than ``RequiresUserInput``, or returned a value that
    cannot cross the sandbox boundary."""
    handback_control_error = "handback_control_error"
    """The candidate raised ``RequiresUserInput`` and the evaluation did not expect it."""
    task_completion_error = "task_completion_error"
    """The candidate ran, and the evaluation then failed (``SolutionError``, ``AssertionError`` or
    any other exception from evaluation code)."""
    timeout = "timeout"
    resource_limit = "resource_limit"
    """CPU, memory, threads or call budget exhausted."""
    crashed = "crashed"
    protocol_violation = "protocol_violation"
    evaluator_error = "evaluator_error"
    """The setup or evaluation program failed before the candidate ran, never ran it, or ran it
    twice: a defect of the task, not of the candidate."""
    infra_error = "infra_error"
    """The harness failed (a worker died, the sandbox could not be set up)."""


RUN_OUTCOME_TO_PAIR_OUTCOME: tuple[tuple[RunOutcome, PairOutcome], ...] = (
    (RunOutcome.timeout, PairOutcome.timeout),
    (RunOutcome.cpu_limit, PairOutcome.resource_limit),
    (RunOutcome.memory_limit, PairOutcome.resource_limit),
    (RunOutcome.task_limit, PairOutcome.resource_limit),
    (RunOutcome.call_budget_exceeded, PairOutcome.resource_limit),
    (RunOutcome.crashed, PairOutcome.crashed),
    (RunOutcome.protocol_violation, PairOutcome.protocol_violation),
    (RunOutcome.sandbox_setup_failed, PairOutcome.infra_error),
)
"""Run outcomes that decide the pair outcome whatever the evaluation did afterwards."""


__all__ = ["RUN_OUTCOME_TO_PAIR_OUTCOME", "PairOutcome", "RunOutcome"]
