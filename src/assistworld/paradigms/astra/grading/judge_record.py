"""What a result keeps of the LLM judge's verdict on its conversation (``run --judge-model``).

The judge scores five aspects 0-2 (see :mod:`.scoring.judge`); a result's ``subscores`` hold
each as ``judge_<aspect>`` in [0, 1] (score / 2), the full verdict stays in its details.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from assistworld.paradigms.astra.grading.scoring.judge_reply import DIMENSIONS, ParseMode

SUBSCORE_PREFIX = "judge_"


class JudgeRecord(BaseModel):
    """One verdict: which judge gave it, its scores (None where it gave none) and reasons, how
    its reply was read, and what the call cost (apart from the agent's and the user's usage)."""

    model: str
    prompt_sha256: str
    scores: dict[str, int | None]
    reasons: dict[str, str] = Field(default_factory=dict)
    parse: ParseMode
    problem: str | None = None
    reply: str = ""
    usage: dict[str, Any] = Field(default_factory=dict)

    @property
    def call_failed(self) -> bool:
        """The call itself failed (worth asking again), as opposed to an unreadable reply."""
        return self.parse == "failed" and not self.reply

    def subscores(self) -> dict[str, float]:
        """``judge_<aspect>``: each score the judge gave, over 2."""
        return {
            f"{SUBSCORE_PREFIX}{name}": score / 2
            for name in DIMENSIONS
            if (score := self.scores.get(name)) is not None
        }


__all__ = ["SUBSCORE_PREFIX", "JudgeRecord"]
