"""The record written for each finished task: one line of ``results.jsonl``."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from assistworld.safe_text import safe_value

PARSE_FAILURE = "parse_failure"
NO_PROGRAM = "no_program"
PASSED = "passed"
INFRA_ERROR = "infra_error"


class TaskResult(BaseModel):
    """Everything known about one task's evaluation.

    ``outcome`` is ``passed`` or the failure class of the first pair that failed (see
    :mod:`assistworld.evaluation.metrics` for the classes), ``parse_failure`` when the program could
    not be run at all, or ``no_program`` when the agent returned none.
    """

    query_id: str
    passed: bool
    outcome: str
    category: str | None = None
    kind: str | None = None
    agent: str
    program: str | None = None
    parse_error: str | None = None
    library_imports_removed: int = 0
    pairs: list[dict[str, Any]] = Field(default_factory=list)
    usage: dict[str, Any] = Field(default_factory=dict)
    agent_details: dict[str, Any] = Field(default_factory=dict)
    timings: dict[str, float] = Field(default_factory=dict)
    tamper_flags: list[str] = Field(default_factory=list)
    error: str | None = None


def safe_result(result: TaskResult) -> TaskResult:
    """``result`` ready to store: every text in it (the program, its values and messages, the
    agent's details) with lone surrogates escaped (see :mod:`assistworld.safe_text`)."""
    dumped = result.model_dump()
    cleaned = safe_value(dumped)
    return result if cleaned == dumped else TaskResult.model_validate(cleaned)
