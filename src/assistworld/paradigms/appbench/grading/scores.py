"""From per-task outcomes to the run's figures: ``scores[mode][category][metric]``, the paper's
Table 4 error analysis and its Figure 4 (argument exact match by graph shape).

F1 is micro over tasks as in the paper (precision = hits / predicted items summed over the
tasks, recall = hits / gold items); corrected mode adds the macro F1 (the mean of per-task F1).
Every figure is a fraction in [0, 1].
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from assistworld.paradigms.appbench.grading.outcome import ModeOutcome
from assistworld.paradigms.appbench.tasks.model import CATEGORIES

METRICS: tuple[str, ...] = ("f1_app", "f1_api", "em_app", "em_api", "success")
MACRO_METRICS: tuple[str, ...] = ("f1_app_macro", "f1_api_macro")
ALL = "all"

Scores = dict[str, dict[str, dict[str, float]]]
"""``scores[mode][category][metric]``."""


@dataclass(frozen=True)
class ScoredTask:
    """One task's outcomes, with what the breakdowns group by."""

    category: str
    outcomes: Mapping[str, ModeOutcome]
    shape: str = ""
    """The gold plan's (para, seq) cell, for Figure 4."""


def _ratio(numerator: float, denominator: float) -> float:
    return numerator / denominator if denominator else 0.0


def _f1(hits: float, predicted: float, gold: float) -> float:
    precision = _ratio(hits, predicted)
    recall = _ratio(hits, gold)
    return _ratio(2 * precision * recall, precision + recall)


def aggregate(outcomes: Sequence[ModeOutcome]) -> dict[str, float]:
    """The headline metrics of a group of tasks in one mode."""
    count = len(outcomes)
    return {
        "f1_app": _f1(
            sum(o.app_hits for o in outcomes),
            sum(o.app_predicted for o in outcomes),
            sum(o.app_gold for o in outcomes),
        ),
        "f1_api": _f1(
            sum(o.api_hits for o in outcomes),
            sum(o.api_predicted for o in outcomes),
            sum(o.api_gold for o in outcomes),
        ),
        "em_app": _ratio(sum(o.em_app for o in outcomes), count),
        "em_api": _ratio(sum(o.em_api for o in outcomes), count),
        "success": _ratio(sum(o.success for o in outcomes), count),
        "f1_app_macro": _ratio(
            sum(_f1(o.app_hits, o.app_predicted, o.app_gold) for o in outcomes), count
        ),
        "f1_api_macro": _ratio(
            sum(_f1(o.api_hits, o.api_predicted, o.api_gold) for o in outcomes), count
        ),
    }


def _groups(tasks: Iterable[ScoredTask]) -> dict[str, list[ScoredTask]]:
    grouped: dict[str, list[ScoredTask]] = defaultdict(list)
    for task in tasks:
        grouped[task.category].append(task)
        grouped[ALL].append(task)
    order = [c.value for c in CATEGORIES] + sorted(set(grouped) - {*CATEGORIES, ALL}) + [ALL]
    return {name: grouped[name] for name in order if grouped.get(name)}


def _modes(tasks: Sequence[ScoredTask]) -> list[str]:
    seen: list[str] = []
    for task in tasks:
        seen.extend(mode for mode in task.outcomes if mode not in seen)
    return seen


def score_table(tasks: Sequence[ScoredTask]) -> Scores:
    """``scores[mode][category][metric]`` over ``tasks`` (categories present, then ``all``).
    Paper mode has no macro F1 (the paper reports none)."""
    table: Scores = {}
    for mode in _modes(tasks):
        table[mode] = {}
        for category, members in _groups(tasks).items():
            outcomes = [task.outcomes[mode] for task in members if mode in task.outcomes]
            figures = aggregate(outcomes)
            if mode == "paper":
                figures = {name: figures[name] for name in METRICS}
            table[mode][category] = figures
    return table


def error_table(tasks: Sequence[ScoredTask]) -> Scores:
    """The paper's Table 4 per mode and category: missing keys and wrong values (independent,
    dependent) as shares of the gold arguments of the calls made; time and place values as
    shares of the wrong arguments."""
    table: Scores = {}
    for mode in _modes(tasks):
        if mode == "executed":
            continue  # argument errors are string comparisons: executed mode has none of its own
        table[mode] = {}
        for category, members in _groups(tasks).items():
            errors = [task.outcomes[mode].errors for task in members if mode in task.outcomes]
            arguments = sum(e.arguments for e in errors)
            wrong = sum(e.total for e in errors)
            table[mode][category] = {
                "key_independent": _ratio(
                    sum(e.key_missing_independent for e in errors), arguments
                ),
                "key_dependent": _ratio(sum(e.key_missing_dependent for e in errors), arguments),
                "value_independent": _ratio(
                    sum(e.value_wrong_independent for e in errors), arguments
                ),
                "value_dependent": _ratio(sum(e.value_wrong_dependent for e in errors), arguments),
                "time_share": _ratio(sum(e.time_errors for e in errors), wrong),
                "place_share": _ratio(sum(e.place_errors for e in errors), wrong),
            }
    return table


def shape_table(tasks: Sequence[ScoredTask]) -> dict[str, dict[str, dict[str, float]]]:
    """Figure 4: per mode and (para, seq) cell, the task count, the share with every argument
    right, and the success rate."""
    table: dict[str, dict[str, dict[str, float]]] = {}
    for mode in _modes(tasks):
        cells: dict[str, list[ModeOutcome]] = defaultdict(list)
        for task in tasks:
            if mode in task.outcomes and task.shape:
                cells[task.shape].append(task.outcomes[mode])
        table[mode] = {
            cell: {
                "tasks": float(len(outcomes)),
                "arguments_exact": _ratio(sum(o.arguments_exact for o in outcomes), len(outcomes)),
                "success": _ratio(sum(o.success for o in outcomes), len(outcomes)),
            }
            for cell, outcomes in sorted(cells.items())
        }
    return table
