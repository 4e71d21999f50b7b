"""What a developer sees of a program run, and so what a program-writing model may see.

Built from the trusted side's :class:`~assistworld.sandbox.ProgramRun` record and nothing else:
the value returned, printed output, and the exception's type, message and traceback. No
evaluation program takes part in a trial run, so none of its text can appear here; the setup
program's text is never shown either (a setup failure is reported as the harness's problem).
"""

from __future__ import annotations

import json
import pprint
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from assistworld.sandbox import ProgramRun, RunOutcome
from assistworld.sandbox.codec import Codec, CodecError

MAX_SHOWN_CHARS = 4_000
"""Longest return value, output or traceback shown to the model (each is cut to this)."""

HARNESS_OUTCOMES = frozenset({RunOutcome.not_run, RunOutcome.sandbox_setup_failed})
"""Outcomes that say nothing about the program: the trial run itself could not take place."""

_STOPPED: Mapping[RunOutcome, str] = MappingProxyType(
    {
        RunOutcome.timeout: "the program was stopped because it ran past the time limit.",
        RunOutcome.cpu_limit: "the program was stopped because it used too much CPU time.",
        RunOutcome.memory_limit: "the program was stopped because it ran out of memory.",
        RunOutcome.task_limit: "the program was stopped because it started too many threads.",
        RunOutcome.crashed: "the program's process died before it could report a result.",
        RunOutcome.protocol_violation: (
            "the program was stopped because it interfered with the channel to the library."
        ),
        RunOutcome.call_budget_exceeded: (
            "the program was stopped because it made too many library calls."
        ),
    }
)


def clip(text: str, limit: int = MAX_SHOWN_CHARS) -> str:
    """``text`` cut to ``limit`` characters, saying how much was left out."""
    if len(text) <= limit:
        return text
    return text[:limit] + f"\n... [{len(text) - limit} more characters not shown]"


def shown_value(encoded: Any, codec: Codec) -> str:
    """The returned value as Python would print it (rebuilt from the codec's tagged JSON)."""
    try:
        value = codec.decode(encoded)
    except CodecError:
        return clip(json.dumps(encoded, ensure_ascii=False))
    return clip(pprint.pformat(value, width=100, sort_dicts=False))


def developer_view(run: ProgramRun, codec: Codec) -> dict[str, Any]:
    """The fields the feedback template shows: ``summary``, ``return_value`` (text or None),
    ``traceback``, ``stdout`` and ``stderr`` (text, possibly empty). ``codec`` is the one of the
    program's library, which rebuilds the value returned to show it as Python prints it."""
    view: dict[str, Any] = {
        "summary": "",
        "return_value": None,
        "traceback": "",
        "stdout": clip(run.stdout.rstrip("\n")),
        "stderr": clip(run.stderr.rstrip("\n")),
    }
    if run.outcome is RunOutcome.completed:
        if run.return_value is None:
            view["summary"] = "the program finished and returned None."
        else:
            view["summary"] = "the program finished."
            view["return_value"] = shown_value(run.return_value, codec)
    elif run.outcome is RunOutcome.agent_exception:
        message = run.exception_message or ""
        view["summary"] = f"the program raised {run.exception_type or 'an exception'}: {message}"
        view["traceback"] = clip((run.traceback or "").rstrip("\n"))
    elif run.outcome in HARNESS_OUTCOMES:
        view["summary"] = "the trial run could not take place (a problem of the test harness)."
    else:
        view["summary"] = _STOPPED.get(run.outcome, f"the program ended: {run.outcome.value}.")
    return view


def run_record(run: ProgramRun) -> dict[str, Any]:
    """What the agent's details keep of a trial run (for the report, not for the model)."""
    return {
        "outcome": run.outcome.value,
        "exception_type": run.exception_type,
        "exception_message": clip(run.exception_message or "", 500) or None,
        "api_calls": run.api_calls + run.local_calls,
        "returned": run.return_value is not None,
    }
