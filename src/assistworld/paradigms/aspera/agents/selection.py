"""Primitive selection: reading the import statements a model answered with, and scoring them.

Parsing is tolerant, because models answer in many shapes: code blocks or bare text, prose around
the imports, parenthesised or backslash-continued name lists, aliases, full package paths
(``from assistworld.apps.workplace.time_utils import now_``). Rules:

- ``from M import a, b as c`` selects ``a`` and ``b`` when they are public library names (even
  if ``M`` is misspelt); any other name (a typo, a made-up tool, anything imported from the
  standard library) is *dropped* and counted;
- ``from M import *`` and ``import M``, where ``M`` is a library module, select all of ``M``;
  the same forms for other modules (``import collections``) are dropped;
- a reply without import statements (``None``, or prose) selects nothing.

Scores compare the selected names with the library names the reference program reads
(:func:`assistworld.paradigms.aspera.tasks.complexity.measure_program`). With TP, FP, FN
counted over names:
precision = TP/(TP+FP), recall = TP/(TP+FN), F1 = 2TP/(2TP+FP+FN); a ratio whose denominator is
0 is 0, except when nothing was selected and nothing was needed, which scores 1 throughout.
Micro averages pool the counts of all tasks; macro averages are the means of the per-task values.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

_FROM_IMPORT = re.compile(
    r"^[ \t]*from[ \t]+([\w.]+)[ \t]+import[ \t]+(\([^)]*\)?|(?:[^\n]*\\\n)*[^\n]*)", re.MULTILINE
)
_PLAIN_IMPORT = re.compile(r"^[ \t]*import[ \t]+([^\n]+)", re.MULTILINE)
_LIBRARY_PACKAGES = ("assistworld.apps.workplace.", "assistworld.apps.")
"""Prefixes a reply may put before a library module's short name (the longest first)."""


@dataclass(frozen=True)
class ParsedSelection:
    """What one selection reply imported: accepted names (in reply order) and dropped ones."""

    names: tuple[str, ...]
    dropped: tuple[str, ...]
    whole_modules: tuple[str, ...]


def _library_module(path: str, modules: Mapping[str, Sequence[str]]) -> str | None:
    """The short library module name ``path`` refers to (``time_utils``,
    ``assistworld.apps.time_utils`` or ``assistworld.apps.workplace.time_utils``), or None."""
    for prefix in _LIBRARY_PACKAGES:
        if path.startswith(prefix):
            path = path.removeprefix(prefix)
            break
    return path if path in modules else None


def _is_standard_library(path: str) -> bool:
    return path.split(".")[0] in sys.stdlib_module_names


def _listed_names(text: str) -> list[str]:
    """``(a, b as c,  # note`` / ``d)`` -> ``["a", "b", "d"]``: the imported names, aliases and
    comments removed; parts that are not identifiers (or ``*``) are kept for the dropped count."""
    lines = [line.split("#", 1)[0] for line in text.replace("\\\n", " ").splitlines()]
    names = []
    for part in " ".join(lines).replace("(", " ").replace(")", " ").split(","):
        words = part.split()
        if words:
            names.append(words[0])
    return names


def parse_selection(reply: str, modules: Mapping[str, Sequence[str]]) -> ParsedSelection:
    """The names ``reply`` imports; ``modules`` maps each short library module name to its public
    names (see :func:`library_names_by_module`)."""
    known = {name for names in modules.values() for name in names}
    accepted: list[str] = []
    dropped: list[str] = []
    whole: list[str] = []
    for match in _FROM_IMPORT.finditer(reply):
        source = match.group(1)
        module = _library_module(source, modules)
        for name in _listed_names(match.group(2)):
            if name == "*" and module is not None:
                whole.append(module)
                accepted.extend(modules[module])
            elif name in known and not _is_standard_library(source):
                accepted.append(name)
            else:
                dropped.append(f"{source}.{name}" if name == "*" else name)
    for match in _PLAIN_IMPORT.finditer(reply):
        for part in match.group(1).split("#", 1)[0].split(","):
            words = part.split()
            if not words:
                continue
            module = _library_module(words[0], modules)
            if module is None:
                dropped.append(words[0])
            else:
                whole.append(module)
                accepted.extend(modules[module])
    return ParsedSelection(
        names=tuple(dict.fromkeys(accepted)),
        dropped=tuple(dropped),
        whole_modules=tuple(dict.fromkeys(whole)),
    )


@dataclass(frozen=True)
class SelectionScore:
    """Counts over names, and the ratios computed from them (conventions: module docstring)."""

    tp: int
    fp: int
    fn: int

    def _ratio(self, hits: int, total: int) -> float:
        if total:
            return hits / total
        return 1.0 if self.tp + self.fp + self.fn == 0 else 0.0

    @property
    def precision(self) -> float:
        return self._ratio(self.tp, self.tp + self.fp)

    @property
    def recall(self) -> float:
        return self._ratio(self.tp, self.tp + self.fn)

    @property
    def f1(self) -> float:
        return self._ratio(2 * self.tp, 2 * self.tp + self.fp + self.fn)

    def to_json(self) -> dict[str, Any]:
        return {
            "tp": self.tp,
            "fp": self.fp,
            "fn": self.fn,
            "precision": self.precision,
            "recall": self.recall,
            "f1": self.f1,
        }


def score_selection(selected: Iterable[str], reference: Iterable[str]) -> SelectionScore:
    chosen, needed = set(selected), set(reference)
    return SelectionScore(tp=len(chosen & needed), fp=len(chosen - needed), fn=len(needed - chosen))


def scores_per_module(
    selected: Iterable[str], reference: Iterable[str], module_of: Mapping[str, str]
) -> dict[str, dict[str, Any]]:
    """Scores per library module, each name counted in the module that exports it.

    Only modules that were selected from or that the reference uses appear.
    """
    chosen, needed = set(selected), set(reference)
    modules = dict.fromkeys(
        module_of[name] for name in sorted(chosen | needed) if name in module_of
    )
    report: dict[str, dict[str, Any]] = {}
    for module in (m for m in dict.fromkeys(module_of.values()) if m in modules):
        mine = {name for name, owner in module_of.items() if owner == module}
        report[module] = {
            "selected": sorted(chosen & mine),
            "reference": sorted(needed & mine),
            **score_selection(chosen & mine, needed & mine).to_json(),
        }
    return report


@dataclass(frozen=True)
class SelectionAverages:
    """Micro and macro precision, recall and F1 over the tasks that have selection details."""

    tasks: int
    micro: dict[str, float]
    macro: dict[str, float]

    def to_json(self) -> dict[str, Any]:
        return {"tasks": self.tasks, "micro": self.micro, "macro": self.macro}


def _selected_names(details: Mapping[str, Any]) -> set[str] | None:
    selected = details.get("selected")
    if isinstance(selected, Mapping):
        return {name for names in selected.values() if isinstance(names, list) for name in names}
    if isinstance(selected, list):
        return set(selected)
    return None


def selection_averages(all_details: Iterable[Mapping[str, Any]]) -> SelectionAverages:
    """Averages over a run's ``agent_details`` dicts; those without both ``selected`` and
    ``reference_primitives`` (other agents, failed tasks) are skipped."""
    scores: list[SelectionScore] = []
    for details in all_details:
        selected = _selected_names(details)
        reference = details.get("reference_primitives")
        if selected is None or not isinstance(reference, list):
            continue
        scores.append(score_selection(selected, reference))
    if not scores:
        return SelectionAverages(0, {}, {})
    pooled = SelectionScore(
        tp=sum(s.tp for s in scores), fp=sum(s.fp for s in scores), fn=sum(s.fn for s in scores)
    )
    count = len(scores)
    return SelectionAverages(
        tasks=count,
        micro={"precision": pooled.precision, "recall": pooled.recall, "f1": pooled.f1},
        macro={
            "precision": sum(s.precision for s in scores) / count,
            "recall": sum(s.recall for s in scores) / count,
            "f1": sum(s.f1 for s in scores) / count,
        },
    )


def library_names_by_module() -> dict[str, tuple[str, ...]]:
    """Each library module's short name -> its public names, in documentation order."""
    from assistworld.apps.workplace import library_modules

    return {
        module.__name__.rsplit(".", 1)[-1]: tuple(module.__all__) for module in library_modules()
    }


def module_of_names(modules: Mapping[str, Sequence[str]]) -> dict[str, str]:
    """Each public name -> the first module (in order) that exports it."""
    owners: dict[str, str] = {}
    for module, names in modules.items():
        for name in names:
            owners.setdefault(name, module)
    return owners


def selection_against_reference(
    selected: Mapping[str, Sequence[str]], reference: Iterable[str], module_of: Mapping[str, str]
) -> dict[str, Any]:
    """How a primitive selection (names chosen per module) compares with the primitives the
    reference program uses: the scores a report shows. The grader computes this, not the agent,
    which never sees the reference."""
    chosen = {name for names in selected.values() for name in names}
    needed = list(reference)
    return {
        "reference_primitives": needed,
        **score_selection(chosen, needed).to_json(),
        "per_module": scores_per_module(chosen, needed, module_of),
    }
