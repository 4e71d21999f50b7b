"""How sure a success rate is: the Wilson score interval.

A benchmark of a few hundred tasks measures a success rate with an error of several points; a
rate printed without its interval invites reading a 2-point difference as progress. The Wilson
interval (Wilson, 1927) is used rather than the normal approximation because it stays inside
[0, 1] and is honest at 0 % and 100 % and for small groups (a category of 8 tasks).
"""

from __future__ import annotations

import math

Z_95 = 1.959963984540054
"""The standard normal quantile for a two-sided 95 % interval."""


def wilson_interval(passed: float, total: float, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of ``passed`` successes in ``total`` trials (95 % by default).

    ``(0.0, 1.0)`` when there are no trials: nothing is known.
    """
    if total <= 0:
        return 0.0, 1.0
    if not 0 <= passed <= total:
        raise ValueError(f"passed must be between 0 and total ({total}), got {passed}")
    rate = passed / total
    z2 = z * z
    centre = (rate + z2 / (2 * total)) / (1 + z2 / total)
    half = (z / (1 + z2 / total)) * math.sqrt(rate * (1 - rate) / total + z2 / (4 * total * total))
    low = 0.0 if passed == 0 else max(0.0, centre - half)
    high = 1.0 if passed == total else min(1.0, centre + half)
    return low, high


def format_interval(passed: int, total: int, samples_per_task: int = 1) -> str:
    """``"[61.2–73.0]"``: the 95 % interval in percent, one decimal.

    With ``samples_per_task`` k > 1 (``run --samples``), the records are k samples of each task,
    not independent trials: the interval is that of the mean success over ``total / k`` tasks
    (``passed / k`` successes), not the k-fold narrower one the records would give.
    """
    k = max(1, samples_per_task)
    low, high = wilson_interval(passed / k, total / k)
    return f"[{100 * low:.1f}–{100 * high:.1f}]"
