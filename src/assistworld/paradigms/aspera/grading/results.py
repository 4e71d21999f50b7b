"""ASPERA's result record: the core's :class:`TaskResult` with the program run's details."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pydantic import BaseModel, Field, model_validator

from assistworld.core.metrics import RunMetrics, compute_metrics
from assistworld.core.result import TaskResult

PARSE_FAILURE = "parse_failure"

FAILURE_CLASSES: tuple[str, ...] = (
    "execution_error",
    "handback_control_error",
    "task_completion_error",
    "parse_failure",
    "no_program",
    "timeout",
    "resource_limit",
    "crashed",
    "agent_crashed",
    "protocol_violation",
    "evaluator_error",
    "infra_error",
)
"""Every way an ASPERA task can fail, in the order reports list them."""


class AsperaDetails(BaseModel):
    """What one program-writing attempt left: the program, how each pair went, the agent's notes.

    ``pairs`` are the sandbox's pair results as JSON; ``agent_details`` what the agent recorded
    (prompt sizes, primitive selection, dry runs); ``tamper_flags`` what the sandbox saw the
    program try.
    """

    kind: str | None = None
    program: str | None = None
    parse_error: str | None = None
    library_imports_removed: int = 0
    pairs: list[dict[str, Any]] = Field(default_factory=list)
    agent_details: dict[str, Any] = Field(default_factory=dict)
    tamper_flags: list[str] = Field(default_factory=list)


_DETAIL_FIELDS = tuple(AsperaDetails.model_fields)


class AsperaResult(TaskResult[AsperaDetails]):
    """One line of an ASPERA run's ``results.jsonl``.

    Lines written before results had ``details`` (the program, pairs and flags at the top level)
    read into the same record.
    """

    @model_validator(mode="before")
    @classmethod
    def _read_flat_record(cls, data: Any) -> Any:
        if not isinstance(data, dict) or "details" in data:
            return data
        flat = dict(data)
        details = {name: flat.pop(name) for name in _DETAIL_FIELDS if name in flat}
        return {**flat, "paradigm": flat.get("paradigm", "aspera"), "details": details}


def kind_of(result: TaskResult[Any]) -> str | None:
    """A result's task kind (information-seeking or state-changing), for the metrics."""
    details = result.details
    if isinstance(details, AsperaDetails):
        return details.kind
    if isinstance(details, dict):
        kind = details.get("kind")
        return kind if isinstance(kind, str) else None
    return None


def aspera_metrics(results: Iterable[TaskResult[Any]]) -> RunMetrics:
    """The metrics of an ASPERA run: its failure classes, and a breakdown by task kind."""
    return compute_metrics(results, FAILURE_CLASSES, kind_of)
