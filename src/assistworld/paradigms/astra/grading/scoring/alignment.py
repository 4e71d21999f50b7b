"""Aligning target rows to world rows: an optimal one-to-one assignment that maximises the
product of row similarities (a sum of logarithms, solved by SciPy's assignment solver).

A row's similarity is the geometric mean of its target columns' similarities (a column the world
row lacks scores 0). The alignment's similarity is the geometric mean of the matched rows'
similarities: 1 when every row matches exactly, 0 when the counts differ or any matched row
scores 0.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from assistworld.core.assignment import optimal_assignment
from assistworld.paradigms.astra.grading.scoring.measures import Measure, Reused

ZERO_COST = 1e9
"""The cost of pairing rows that share nothing: larger than any sum of real log-costs."""


@dataclass(frozen=True)
class Alignment:
    similarity: float
    pairs: tuple[tuple[int, str, float], ...] = ()
    """(target row position, world row key, row similarity) for each matched pair."""
    note: str = ""


def geometric_mean(values: Sequence[float]) -> float:
    """The geometric mean of numbers in [0, 1] (1 for none, 0 if any is 0)."""
    if not values:
        return 1.0
    if any(v <= 0.0 for v in values):
        return 0.0
    return math.exp(sum(math.log(v) for v in values) / len(values))


def row_similarity(
    target: Mapping[str, Any],
    row: Mapping[str, Any],
    measure: Callable[[str], Measure],
    reused: Reused,
) -> float:
    """Geometric mean over the target's columns of each column's measure."""
    scores = []
    for column, golden in target.items():
        if column not in row:
            return 0.0
        score = measure(column).similarity(golden, row[column], reused)
        if score <= 0.0:
            return 0.0
        scores.append(score)
    return geometric_mean(scores)


def align(
    targets: Sequence[Mapping[str, Any]],
    rows: Mapping[str, Mapping[str, Any]],
    measure: Callable[[str], Measure],
    reused: Reused,
) -> Alignment:
    """The best one-to-one alignment of ``targets`` with ``rows`` (by key)."""
    if len(targets) != len(rows):
        return Alignment(0.0, note=f"expected {len(targets)} rows, found {len(rows)}")
    if not targets:
        return Alignment(1.0)
    keys = list(rows)
    similarity = np.array(
        [[row_similarity(t, rows[k], measure, reused) for k in keys] for t in targets]
    )
    with np.errstate(divide="ignore"):
        cost = np.where(similarity > 0.0, -np.log(np.maximum(similarity, 1e-300)), ZERO_COST)
    chosen_targets, chosen_rows = optimal_assignment(cost)
    pairs = tuple(
        (int(t), keys[int(r)], float(similarity[t, r]))
        for t, r in zip(chosen_targets, chosen_rows, strict=True)
    )
    return Alignment(geometric_mean([p[2] for p in pairs]), pairs)
