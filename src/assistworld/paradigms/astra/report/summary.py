"""What an astra run adds to its ``summary.json``: the milestone scores aggregated, and the
LLM judge's figures when the run was judged.

Only scenarios with milestones or minefields count for the milestone scores; the diagnostics
are averaged over the scenarios where each applies (see
:func:`assistworld.paradigms.astra.grading.scoring.aggregate`), with the number of those scenarios
beside each mean. The judge's block (``judge``) holds its mean per aspect (score / 2) and the
per-scenario correlation of its task completion with the score S (see
:func:`assistworld.paradigms.astra.report.tables.judge_summary`). The simulated user's block
(``user_checks``) counts the conversations whose user failed, and the success with and without
them (see :mod:`.user_figures`).
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from typing import Any

from assistworld.core.result import TaskResult
from assistworld.paradigms.astra.grading.results import milestone_score_of
from assistworld.paradigms.astra.grading.scoring import aggregate
from assistworld.paradigms.astra.report.summary_keys import (
    JUDGE_KEY,
    SUMMARY_KEY,
    USER_CHECKS_KEY,
)
from assistworld.paradigms.astra.report.tables import judge_summary
from assistworld.paradigms.astra.report.user_figures import user_summary


def summary_data(results: Sequence[TaskResult[Any]]) -> dict[str, Any]:
    """``{"milestone_scores": {...}, "judge": {...}}``: scenarios scored, mean S, mean
    S_milestones, the share of scenarios with a minefield hit, and every diagnostic's mean and
    count (left out when no result has a milestone score); the judge's figures (left out when
    no result was judged)."""
    data = _milestone_summary(results)
    judged = judge_summary(results)
    if judged:
        data[JUDGE_KEY] = judged
    users = user_summary(results)
    if users is not None:
        data[USER_CHECKS_KEY] = users
    return data


def _milestone_summary(results: Sequence[TaskResult[Any]]) -> dict[str, Any]:
    scores = [s for s in map(milestone_score_of, results) if s is not None]
    if not scores:
        return {}
    columns = aggregate([s.diagnostics for s in scores])
    return {
        SUMMARY_KEY: {
            "scenarios": len(scores),
            "mean_score": statistics.fmean(s.score for s in scores),
            "mean_milestones": statistics.fmean(s.milestone_score for s in scores),
            "minefield_rate": statistics.fmean(float(s.minefield_hit) for s in scores),
            "diagnostics": {name: column.model_dump() for name, column in columns.items()},
        }
    }


__all__ = ["JUDGE_KEY", "SUMMARY_KEY", "summary_data"]
