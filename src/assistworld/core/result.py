"""The record written for each finished task: one line of ``results.jsonl``, for every paradigm."""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from pydantic import BaseModel, Field, model_validator

from assistworld.core.safe_text import safe_value

PASSED = "passed"
INFRA_ERROR = "infra_error"
NO_OUTPUT = "no_program"
"""The agent produced nothing to grade (the name predates the other paradigms)."""

LEGACY_PARADIGM = "aspera"
"""Results and manifests written before paradigms existed are ASPERA's, the only one there was."""

DetailsT = TypeVar("DetailsT")


class TaskResult(BaseModel, Generic[DetailsT]):
    """Everything known about one task's evaluation.

    ``outcome`` is ``passed`` or one of the paradigm's failure classes; ``score`` is in [0, 1]
    (1 or 0 where the paradigm grades pass/fail); ``subscores`` are the paradigm's named partial
    scores; ``details`` is the paradigm's own typed record (a plain dict when read without the
    paradigm's type). ``sample`` tells repeated samples of one task apart (``run --samples K``:
    0 .. K-1); records written before samples existed read as sample 0.
    """

    query_id: str
    sample: int = Field(default=0, ge=0)
    paradigm: str = LEGACY_PARADIGM
    agent: str
    passed: bool
    outcome: str
    score: float = Field(default=0.0, ge=0.0, le=1.0)
    category: str | None = None
    subscores: dict[str, float] = Field(default_factory=dict)
    usage: dict[str, Any] = Field(default_factory=dict)
    usage_by_role: dict[str, dict[str, Any]] = Field(default_factory=dict)
    """The same usage split by the role that asked the model (``agent``, ``user``, ``judge``):
    a conversation's simulated user and its judge cost as much as the assistant, or more."""
    timings: dict[str, float] = Field(default_factory=dict)
    error: str | None = None
    details: DetailsT

    @model_validator(mode="before")
    @classmethod
    def _score_follows_pass(cls, data: Any) -> Any:
        if isinstance(data, dict) and "score" not in data and "passed" in data:
            return {**data, "score": 1.0 if data["passed"] else 0.0}
        return data


ResultT = TypeVar("ResultT", bound=TaskResult[Any])

ResultKey = tuple[str, int]
"""What identifies a record in a run: (task id, sample index)."""


def result_key(result: TaskResult[Any]) -> ResultKey:
    """The (task id, sample) a record is kept under: one record per task and sample."""
    return result.query_id, result.sample


def safe_result(result: ResultT) -> ResultT:
    """``result`` ready to store: every text in it (the program, its values and messages, the
    agent's details) with lone surrogates escaped (see :mod:`assistworld.core.safe_text`)."""
    dumped = result.model_dump()
    cleaned = safe_value(dumped)
    return result if cleaned == dumped else type(result).model_validate(cleaned)
