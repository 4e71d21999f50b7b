"""How far the LLM judge and the milestone scores agree: per-scenario correlation (Pearson and
Spearman, from SciPy) and whether both rank the agents in the same order."""

from __future__ import annotations

import math
import statistics
from collections.abc import Mapping, Sequence

from pydantic import BaseModel, ConfigDict


class Correlation(BaseModel):
    model_config = ConfigDict(frozen=True)
    pearson: float | None
    spearman: float | None
    count: int
    note: str = ""


class Ranking(BaseModel):
    model_config = ConfigDict(frozen=True)
    by_judge: list[str]
    by_milestones: list[str]
    same_order: bool
    kendall_tau: float | None


def correlation(judge: Sequence[float | None], milestones: Sequence[float]) -> Correlation:
    """Correlation over the scenarios the judge scored (pairs where the judge gave None are
    left out). Undefined correlations (fewer than 3 pairs, or a constant side) are None."""
    if len(judge) != len(milestones):
        raise ValueError(f"{len(judge)} judge scores but {len(milestones)} milestone scores")
    pairs = [(j, m) for j, m in zip(judge, milestones, strict=True) if j is not None]
    if len(pairs) < 3:
        return Correlation(pearson=None, spearman=None, count=len(pairs), note="too few pairs")
    first, second = [p[0] for p in pairs], [p[1] for p in pairs]
    if len(set(first)) == 1 or len(set(second)) == 1:
        return Correlation(
            pearson=None, spearman=None, count=len(pairs), note="one side is constant"
        )
    from scipy import stats  # over a second to import: only when a judge's scores are compared

    pearson = float(stats.pearsonr(first, second)[0])
    spearman = float(stats.spearmanr(first, second)[0])
    return Correlation(pearson=_finite(pearson), spearman=_finite(spearman), count=len(pairs))


def ranking(
    judge: Mapping[str, Sequence[float | None]], milestones: Mapping[str, Sequence[float]]
) -> Ranking:
    """Rank agents by their mean judge score and by their mean milestone score (best first)."""
    agents = sorted(judge.keys() & milestones.keys())
    judged = {a: _mean([v for v in judge[a] if v is not None]) for a in agents}
    matched = {a: _mean(list(milestones[a])) for a in agents}
    by_judge = sorted(agents, key=lambda a: (-judged[a], a))
    by_milestones = sorted(agents, key=lambda a: (-matched[a], a))
    tau = None
    if len(agents) >= 2:
        from scipy import stats

        value = float(
            stats.kendalltau([judged[a] for a in agents], [matched[a] for a in agents])[0]
        )
        tau = _finite(value)
    return Ranking(
        by_judge=by_judge,
        by_milestones=by_milestones,
        same_order=by_judge == by_milestones,
        kendall_tau=tau,
    )


def _mean(values: list[float]) -> float:
    return statistics.fmean(values) if values else 0.0


def _finite(value: float) -> float | None:
    return value if math.isfinite(value) else None
