"""Success per bucket, drawn as grouped bars (:func:`~assistworld.report.plots.success_bars`).

Bucket edges are fixed, not quantiles, so two runs (or two reports) bucket the same task the same
way and their bars can be compared.
"""

from __future__ import annotations

from dataclasses import dataclass


def bucket_labels(edges: tuple[int, ...]) -> list[str]:
    """Readable labels: ``1``, ``2-3``, ``10+``; a first bucket from 0 reads ``≤6``."""
    labels = []
    for index, low in enumerate(edges):
        if index == len(edges) - 1:
            labels.append(f"{low}+")
            continue
        high = edges[index + 1] - 1
        if index == 0 and low == 0:
            labels.append(f"≤{high}")
        elif low == high:
            labels.append(str(low))
        else:
            labels.append(f"{low}-{high}")
    return labels


def bucket_index(value: int, edges: tuple[int, ...]) -> int:
    """The bucket ``value`` falls in (values below the first edge go in the first bucket)."""
    found = 0
    for index, low in enumerate(edges):
        if value >= low:
            found = index
    return found


@dataclass(frozen=True)
class Bucket:
    """Success over the tasks of one bucket."""

    label: str
    tasks: int
    passed: int

    @property
    def success_rate(self) -> float | None:
        return self.passed / self.tasks if self.tasks else None
