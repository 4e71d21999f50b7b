"""How reliable an agent is over repeated samples of the same tasks: pass@k and pass^k.

With ``n`` samples of a task of which ``c`` passed, the unbiased estimates (drawing ``k`` of the
``n`` samples without replacement) are

* pass@k, the chance that at least one of ``k`` samples passes: ``1 - C(n-c, k) / C(n, k)``
  (Chen et al., 2021, "Evaluating large language models trained on code");
* pass^k, the chance that all ``k`` samples pass: ``C(c, k) / C(n, k)`` (Yao et al., 2024,
  "tau-bench"), which falls with ``k`` for an agent that succeeds only some of the time.

Both are averaged over the tasks with at least ``k`` samples. For ``k = 1`` both equal the mean
of each task's pass rate, which is also the success rate of each sample averaged over samples.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from pydantic import BaseModel

from assistworld.core.result import TaskResult


def pass_hat_k(n: int, c: int, k: int) -> float:
    """The chance that ``k`` of a task's ``n`` samples, ``c`` of which passed, all pass."""
    _check(n, c, k)
    return math.comb(c, k) / math.comb(n, k)


def pass_at_k(n: int, c: int, k: int) -> float:
    """The chance that at least one of ``k`` of a task's ``n`` samples (``c`` passed) passes."""
    _check(n, c, k)
    return 1.0 - math.comb(n - c, k) / math.comb(n, k)


def _check(n: int, c: int, k: int) -> None:
    if not 0 <= c <= n:
        raise ValueError(f"passed samples must be between 0 and n ({n}), got {c}")
    if not 1 <= k <= n:
        raise ValueError(f"k must be between 1 and the number of samples ({n}), got {k}")


class SampleRate(BaseModel):
    """The success rate of one sample index over the tasks that have it."""

    sample: int
    tasks: int
    passed: int
    success_rate: float


class PassAtK(BaseModel):
    """pass@k and pass^k for one ``k``, over the ``tasks`` with at least ``k`` samples."""

    k: int
    tasks: int
    pass_at_k: float
    pass_hat_k: float


class SampleMetrics(BaseModel):
    """What repeated samples of a run's tasks say: each sample's success rate, their mean, and
    pass@k and pass^k for k = 1 .. ``samples``."""

    samples: int
    """The most samples any task has."""
    tasks: int
    """Distinct tasks."""
    mean_success_rate: float
    """The success rate of each sample, averaged over the samples."""
    per_sample: list[SampleRate]
    by_k: list[PassAtK]


def sample_metrics(results: Iterable[TaskResult[Any]]) -> SampleMetrics | None:
    """The repeated-sample metrics of ``results`` (one record per task and sample); None when no
    task has more than one sample (a run without ``--samples``, or an older run directory)."""
    outcomes: dict[str, dict[int, bool]] = defaultdict(dict)
    for result in results:
        outcomes[result.query_id][result.sample] = result.passed
    if not outcomes or max(len(by_sample) for by_sample in outcomes.values()) < 2:
        return None
    samples = max(len(by_sample) for by_sample in outcomes.values())
    rates = _per_sample(outcomes)
    by_k = []
    for k in range(1, samples + 1):
        counted = [
            (len(by_sample), sum(by_sample.values()))
            for by_sample in outcomes.values()
            if len(by_sample) >= k
        ]
        by_k.append(
            PassAtK(
                k=k,
                tasks=len(counted),
                pass_at_k=sum(pass_at_k(n, c, k) for n, c in counted) / len(counted),
                pass_hat_k=sum(pass_hat_k(n, c, k) for n, c in counted) / len(counted),
            )
        )
    return SampleMetrics(
        samples=samples,
        tasks=len(outcomes),
        mean_success_rate=sum(rate.success_rate for rate in rates) / len(rates),
        per_sample=rates,
        by_k=by_k,
    )


def _per_sample(outcomes: dict[str, dict[int, bool]]) -> list[SampleRate]:
    passed: dict[int, int] = defaultdict(int)
    tasks: dict[int, int] = defaultdict(int)
    for by_sample in outcomes.values():
        for sample, ok in by_sample.items():
            tasks[sample] += 1
            passed[sample] += ok
    return [
        SampleRate(
            sample=sample,
            tasks=tasks[sample],
            passed=passed[sample],
            success_rate=passed[sample] / tasks[sample],
        )
        for sample in sorted(tasks)
    ]
