"""The suite's distribution: scenarios per protagonist, complexity level on each axis, stress
flag, mode and language (what the issue asks the suite to report)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

AXES = ("informational", "referential", "functional")


def distribution(scenarios: Iterable[Mapping[str, Any]]) -> dict[str, Counter[str]]:
    """Counts by protagonist, ``<axis>`` level, stress flag, mode and language."""
    table: dict[str, Counter[str]] = {
        name: Counter() for name in ("protagonist", *AXES, "stress", "mode", "language")
    }
    for scenario in scenarios:
        table["protagonist"][scenario["protagonist"]] += 1
        for axis in AXES:
            table[axis][scenario["complexity"][axis]] += 1
        stress = scenario.get("stress") or {}
        for flag in ("misinformation", "insufficient_context"):
            if stress.get(flag):
                table["stress"][flag] += 1
        table["mode"][scenario.get("mode", "single_turn")] += 1
        table["language"][scenario.get("language", "en")] += 1
    return table


def distribution_text(scenarios: Iterable[Mapping[str, Any]]) -> str:
    """The distribution as plain text, one line per dimension."""
    listed = list(scenarios)
    lines = [f"scenarios: {len(listed)}"]
    for name, counts in distribution(listed).items():
        shown = ", ".join(f"{key} {value}" for key, value in sorted(counts.items()))
        lines.append(f"{name}: {shown}")
    return "\n".join(lines)


__all__ = ["AXES", "distribution", "distribution_text"]
