"""Primitive-selection scores of PS runs, per primitive and per module (the paper's Table 17).

A primitive-selection agent records what it imported in its task result's ``agent_details``.
The format is not fixed yet, so this module reads any of:

- ``{"selected_primitives": ["add_event", ...]}`` (a list of names), or
- ``{"selected_primitives": {"work_calendar": ["add_event"], "contacts": []}}`` (per module), or
- the same under ``"selected"`` or ``"primitives"``, at the top level or inside a
  ``"selection"`` / ``"primitive_selection"`` object;

plus, optionally, ``"reference_primitives"`` (the names the reference uses) for runs whose suite
is not available. Precision and recall are computed against the primitives the reference program
uses (as the paper does), not copied from what the agent reported.

Per primitive, over the tasks that have selection data: a true positive is a task where it was
selected and the reference uses it; precision = TP / tasks where selected; recall = TP / tasks
whose reference uses it. A module's row adds up the counts of its primitives (micro average).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from assistworld.core.result import TaskResult
from assistworld.paradigms.aspera.report.references import ReferenceTask

_CONTAINERS = ("selection", "primitive_selection")
_LIST_KEYS = ("selected_primitives", "selected", "primitives")
OTHER_MODULE = "(not in the library)"


@dataclass(frozen=True)
class Selection:
    """What one task's agent selected, with the module each name was selected from."""

    names: frozenset[str]
    modules: Mapping[str, str]
    """name -> module, for names selected from a named module."""


def _names_from(value: Any) -> Selection | None:
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        return Selection(frozenset(value), {})
    if isinstance(value, Mapping) and all(isinstance(key, str) for key in value):
        names: set[str] = set()
        modules: dict[str, str] = {}
        for module, chosen in value.items():
            if chosen is None:
                continue
            if not isinstance(chosen, list) or not all(isinstance(n, str) for n in chosen):
                return None
            names.update(chosen)
            modules.update({name: module for name in chosen})
        return Selection(frozenset(names), modules)
    return None


def read_selection(details: Mapping[str, Any]) -> Selection | None:
    """The selection recorded in ``agent_details``, or None when there is none."""
    places: list[Mapping[str, Any]] = [details]
    places += [details[key] for key in _CONTAINERS if isinstance(details.get(key), Mapping)]
    for place in places:
        for key in _LIST_KEYS:
            if key in place:
                found = _names_from(place[key])
                if found is not None:
                    return found
    return None


def reported_scores(details: Mapping[str, Any]) -> dict[str, float]:
    """Precision, recall and F1 the agent itself reported (shown on the task's page)."""
    places: list[Mapping[str, Any]] = [details]
    places += [details[key] for key in _CONTAINERS if isinstance(details.get(key), Mapping)]
    scores: dict[str, float] = {}
    for place in places:
        for key in ("precision", "recall", "f1"):
            value = place.get(key)
            if isinstance(value, int | float) and not isinstance(value, bool):
                scores.setdefault(key, float(value))
    return scores


@dataclass
class Counts:
    """True positives, false positives and false negatives, and success on the reference's tasks."""

    tp: int = 0
    fp: int = 0
    fn: int = 0
    used_tasks: int = 0
    """Tasks whose reference uses it."""
    used_passed: int = 0
    """... of which the run passed."""

    @property
    def precision(self) -> float | None:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else None

    @property
    def recall(self) -> float | None:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else None

    @property
    def f1(self) -> float | None:
        """2TP / (2TP + FP + FN): 0 for a primitive never selected correctly."""
        total = 2 * self.tp + self.fp + self.fn
        return 2 * self.tp / total if total else None

    @property
    def success_rate(self) -> float | None:
        return self.used_passed / self.used_tasks if self.used_tasks else None

    def add(self, other: Counts) -> None:
        self.tp += other.tp
        self.fp += other.fp
        self.fn += other.fn
        self.used_tasks += other.used_tasks
        self.used_passed += other.used_passed


@dataclass
class ModuleScores:
    """One module's primitives (sorted by F1, best first) and its overall row."""

    module: str
    overall: Counts
    primitives: list[tuple[str, Counts]] = field(default_factory=list)


@dataclass
class SelectionReport:
    """Selection scores of one run; ``tasks`` is how many tasks had data to score."""

    tasks: int
    overall: Counts
    modules: list[ModuleScores]


def agent_details_of(result: TaskResult[Any]) -> Mapping[str, Any]:
    """A result's ``agent_details`` (empty for a paradigm whose details have none, such as a
    conversation run's)."""
    found = getattr(result.details, "agent_details", None)
    return found if isinstance(found, Mapping) else {}


def _reference_names(
    result: TaskResult[Any], references: Mapping[str, ReferenceTask]
) -> frozenset[str] | None:
    reference = references.get(result.query_id)
    if reference is not None and reference.complexity is not None:
        return frozenset(reference.complexity.primitives)
    given = agent_details_of(result).get("reference_primitives")
    if isinstance(given, list) and all(isinstance(name, str) for name in given):
        return frozenset(given)
    return None


def selection_report(
    results: Iterable[TaskResult[Any]],
    references: Mapping[str, ReferenceTask],
    module_of: Mapping[str, str],
) -> SelectionReport | None:
    """Scores per primitive and module; None when no task has both a selection and a reference.

    ``module_of`` maps each library name to its module; names outside it take the module they
    were selected from, or :data:`OTHER_MODULE`.
    """
    per_name: dict[str, Counts] = {}
    names_module: dict[str, str] = dict(module_of)
    scored = 0
    for result in results:
        selection = read_selection(agent_details_of(result))
        expected = _reference_names(result, references)
        if selection is None or expected is None:
            continue
        scored += 1
        for name, module in selection.modules.items():
            names_module.setdefault(name, module)
        for name in selection.names | expected:
            counts = per_name.setdefault(name, Counts())
            chosen, used = name in selection.names, name in expected
            counts.tp += chosen and used
            counts.fp += chosen and not used
            counts.fn += used and not chosen
            counts.used_tasks += used
            counts.used_passed += used and result.passed
    if not scored:
        return None
    grouped: dict[str, ModuleScores] = {}
    overall = Counts()
    for name, counts in per_name.items():
        module = names_module.get(name, OTHER_MODULE)
        scores = grouped.setdefault(module, ModuleScores(module, Counts()))
        scores.primitives.append((name, counts))
        scores.overall.add(counts)
        overall.add(counts)
    order = {module: index for index, module in enumerate(dict.fromkeys(module_of.values()))}
    modules = sorted(grouped.values(), key=lambda m: (order.get(m.module, len(order)), m.module))
    for module_scores in modules:
        module_scores.primitives.sort(key=lambda item: (-(item[1].f1 or 0.0), item[0]))
    return SelectionReport(tasks=scored, overall=overall, modules=modules)


def library_modules_of_names() -> dict[str, str]:
    """Each public library name -> the short name of the module that exports it."""
    from assistworld.apps.workplace import LIBRARY_MODULES, public_names

    found: dict[str, str] = {}
    for module in LIBRARY_MODULES:
        short = module.__name__.rsplit(".", 1)[-1]
        for name in public_names(module):
            found.setdefault(name, short)
    return found
