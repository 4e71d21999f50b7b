"""How a conversation suite's scenarios are spread (``assistworld tasks --summary``): per
protagonist, per level on each complexity axis, per stress flag, single- and multi-turn, per
language and per category, as data (``--json``) and as tables that fit 80 columns."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from rich import box
from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.table import Table

from assistworld.paradigms.astra.tasks.scenario import Scenario

AXES = ("referential", "functional", "informational")
LEVELS = ("low", "moderate", "high")
MODES = ("single_turn", "multi_turn")
STRESS = ("misinformation", "insufficient_context")
UNLABELLED = "unlabelled"
NO_STRESS = "neither"


def _counted(values: Iterable[str], order: Sequence[str] = ()) -> dict[str, int]:
    """Counts in ``order`` first (zeros kept), then the rest, most frequent first."""
    counts = Counter(values)
    ordered = {name: counts.pop(name, 0) for name in order}
    ordered.update(dict(sorted(counts.items(), key=lambda item: (-item[1], item[0]))))
    return ordered


def distribution(scenarios: Sequence[Scenario]) -> dict[str, Any]:
    """The numbers of the summary, as plain data (every count sums to ``scenarios`` except
    ``by_stress``, where a scenario may carry both flags)."""
    stress_of = [[name for name in STRESS if getattr(s.stress, name)] for s in scenarios]
    by_axis = {}
    for axis in AXES:
        labels = [s.complexity_labels.get(axis, UNLABELLED) for s in scenarios]
        by_axis[axis] = _counted(labels, (*LEVELS, UNLABELLED) if UNLABELLED in labels else LEVELS)
    return {
        "scenarios": len(scenarios),
        "stateful": sum(s.stateful for s in scenarios),
        "by_protagonist": _counted(s.protagonist for s in scenarios),
        "by_mode": _counted((s.mode for s in scenarios), MODES),
        "by_complexity": by_axis,
        "by_stress": {
            **{name: sum(name in flags for flags in stress_of) for name in STRESS},
            NO_STRESS: sum(not flags for flags in stress_of),
        },
        "by_language": _counted(s.language for s in scenarios),
        "by_category": _counted(s.category or "uncategorised" for s in scenarios),
    }


def _counts_table(heading: str, counts: dict[str, int]) -> Table:
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column(heading, overflow="fold", max_width=26)
    table.add_column("n", justify="right")
    for name, count in counts.items():
        table.add_row(name, str(count))
    return table


def _complexity_table(by_axis: dict[str, dict[str, int]]) -> Table:
    levels = list(dict.fromkeys(level for counts in by_axis.values() for level in counts))
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column("complexity")
    for level in levels:
        table.add_column(level, justify="right")
    for axis, counts in by_axis.items():
        table.add_row(axis, *(str(counts.get(level, 0)) for level in levels))
    return table


def render_distribution(name: str, data: dict[str, Any]) -> RenderableType:
    """The summary as small tables, side by side where they fit."""
    small = Columns(
        [
            _counts_table("mode", data["by_mode"]),
            _counts_table("stress", data["by_stress"]),
            _counts_table("language", data["by_language"]),
        ],
        padding=(0, 3),
    )
    wide = Columns(
        [
            _counts_table("protagonist", data["by_protagonist"]),
            _counts_table("category", data["by_category"]),
        ],
        padding=(0, 3),
    )
    heading = f"{name}: {data['scenarios']} scenarios ({data['stateful']} stateful)"
    return Group(heading, _complexity_table(data["by_complexity"]), small, wide)


__all__ = ["distribution", "render_distribution"]
