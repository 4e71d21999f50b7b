"""The ASTRA-bench paper's tables computed from a run's results, as plain data.

Every figure keeps the ids of the scenarios it was computed from, so a reader can trace it:

- :func:`by_complexity` (the paper's Table 4): success and mean score S per level on each of the
  three complexity axes;
- :func:`capabilities` (Table 5): turns, milestone similarity, IR recall, response quality,
  payload accuracy, question-answering and entity-creation success, each over the scenarios where
  it applies;
- :func:`by_stress` (Table S3): misinformation, insufficient context, and neither;
- :func:`by_language`: per language, and each translation against the scenario it translates;
- :func:`judge_figures`: the judge's mean per aspect and its correlation with S.

S is each result's ``score``: the milestone score where the scenario has milestones, else the
share of its success conditions met. Judge scores are shown over 2 (in [0, 1], as the paper's
tables do).
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from assistworld.core.result import TaskResult
from assistworld.paradigms.astra.grading.judge_record import JudgeRecord
from assistworld.paradigms.astra.grading.results import AstraDetails, milestone_score_of
from assistworld.paradigms.astra.grading.scoring.agreement import Correlation, correlation
from assistworld.paradigms.astra.grading.scoring.diagnostics import COLUMNS
from assistworld.paradigms.astra.grading.scoring.judge_reply import DIMENSIONS

AXES = ("referential", "functional", "informational")
LEVELS = ("low", "moderate", "high")
STRESS_CONDITIONS = ("neither", "misinformation", "insufficient_context")


def details_of(result: TaskResult[Any]) -> AstraDetails | None:
    """A result's astra details, typed (read from plain data when needed); None if unreadable."""
    details = result.details
    if isinstance(details, AstraDetails):
        return details
    if isinstance(details, dict):
        try:
            return AstraDetails.model_validate(details)
        except ValidationError:
            return None
    return None


@dataclass(frozen=True)
class Cell:
    """A group of results: how many, how many passed, their mean S, and which scenarios."""

    ids: tuple[str, ...]
    passed: int
    mean_score: float | None

    @property
    def count(self) -> int:
        return len(self.ids)

    @property
    def success(self) -> float | None:
        return self.passed / self.count if self.count else None


def cell(results: Sequence[TaskResult[Any]]) -> Cell:
    scores = [r.score for r in results]
    return Cell(
        ids=tuple(r.query_id for r in results),
        passed=sum(r.passed for r in results),
        mean_score=statistics.fmean(scores) if scores else None,
    )


@dataclass(frozen=True)
class Mean:
    """A mean over the scenarios where a figure applies (None when it applies to none)."""

    value: float | None
    ids: tuple[str, ...] = ()

    @property
    def count(self) -> int:
        return len(self.ids)


def mean_of(pairs: Sequence[tuple[str, float | None]]) -> Mean:
    kept = [(query_id, value) for query_id, value in pairs if value is not None]
    if not kept:
        return Mean(None)
    return Mean(statistics.fmean(v for _, v in kept), tuple(q for q, _ in kept))


def by_complexity(results: Sequence[TaskResult[Any]]) -> dict[str, dict[str, Cell]]:
    """``[axis][level]``: the results of scenarios at that level on that axis (scenarios without
    complexity labels count nowhere)."""
    table: dict[str, dict[str, Cell]] = {}
    labelled = [(r, details_of(r)) for r in results]
    for axis in AXES:
        table[axis] = {
            level: cell(
                [r for r, d in labelled if d is not None and d.complexity.get(axis) == level]
            )
            for level in LEVELS
        }
    return table


CAPABILITY_LABELS = {
    "turns": "avg. turns",
    "milestone_similarity": "milestone sim.",
    "ir_recall": "IR recall",
    "response_quality": "response gen.",
    "payload_accuracy": "payload gen.",
    "qa_success": "CQA success",
    "entity_creation_success": "entity creation",
}
"""Table 5's columns (the keys are the diagnostics' names)."""


def capabilities(results: Sequence[TaskResult[Any]]) -> dict[str, Mean]:
    """Each of Table 5's columns: its mean over the scenarios with milestones where it
    applies."""
    scored = [(r.query_id, s.diagnostics) for r in results if (s := milestone_score_of(r))]
    return {
        column: mean_of([(query_id, _number(getattr(d, column))) for query_id, d in scored])
        for column in COLUMNS
    }


def _number(value: Any) -> float | None:
    return None if value is None else float(value)


@dataclass(frozen=True)
class StressRow:
    """One stress condition: its results, and the judge's task completion and no-hallucination
    means over them (None when not judged)."""

    cell: Cell
    judge_completion: Mean = field(default_factory=lambda: Mean(None))
    judge_no_hallucination: Mean = field(default_factory=lambda: Mean(None))


def stress_of(details: AstraDetails | None) -> str:
    """``misinformation``, ``insufficient_context`` (a scenario with both counts as both: see
    :func:`by_stress`) or ``neither``."""
    flags = set(details.stress) if details is not None else set()
    for name in STRESS_CONDITIONS[1:]:
        if name in flags:
            return name
    return "neither"


def by_stress(results: Sequence[TaskResult[Any]]) -> dict[str, StressRow]:
    """Table S3: the results under each stress condition and under neither."""
    rows: dict[str, StressRow] = {}
    labelled = [(r, details_of(r)) for r in results]
    for condition in STRESS_CONDITIONS:
        if condition == "neither":
            group = [r for r, d in labelled if not (d is not None and d.stress)]
        else:
            group = [r for r, d in labelled if d is not None and condition in d.stress]
        rows[condition] = StressRow(
            cell(group),
            judge_mean(group, "task_completion"),
            judge_mean(group, "no_hallucination"),
        )
    return rows


def judge_of(result: TaskResult[Any]) -> JudgeRecord | None:
    details = details_of(result)
    return details.judge if details is not None else None


def judge_mean(results: Sequence[TaskResult[Any]], aspect: str) -> Mean:
    """The judge's mean score on ``aspect`` over 2, over the results it scored."""
    return mean_of([(r.query_id, _over_two(judge_of(r), aspect)) for r in results])


def _over_two(verdict: JudgeRecord | None, aspect: str) -> float | None:
    score = verdict.scores.get(aspect) if verdict is not None else None
    return None if score is None else score / 2


@dataclass(frozen=True)
class LanguageRow:
    """One language: all its results, and its translations paired with their originals."""

    cell: Cell
    pairs: tuple[tuple[str, str], ...] = ()
    """(original id, translation id) for every translation whose original has a result."""
    original: Cell | None = None
    translated: Cell | None = None

    @property
    def success_change(self) -> float | None:
        if self.original is None or self.translated is None or not self.pairs:
            return None
        return (self.translated.success or 0.0) - (self.original.success or 0.0)


def has_translations(results: Sequence[TaskResult[Any]]) -> bool:
    return any((d := details_of(r)) is not None and d.translation_of for r in results)


def by_language(results: Sequence[TaskResult[Any]]) -> dict[str, LanguageRow]:
    """Per language (first the originals' languages): its results; for translations, the same
    scenarios' results in the original language beside them (pair by pair)."""
    labelled = [(r, details_of(r)) for r in results]
    by_id = {r.query_id: r for r in results}
    originals = {d.language for _, d in labelled if d is not None and not d.translation_of}
    languages = sorted(
        {d.language if d is not None else "en" for _, d in labelled},
        key=lambda language: (language not in originals, language),
    )
    rows: dict[str, LanguageRow] = {}
    for language in languages:
        group = [(r, d) for r, d in labelled if (d.language if d is not None else "en") == language]
        paired = [
            (by_id[d.translation_of], r)
            for r, d in group
            if d is not None and d.translation_of and d.translation_of in by_id
        ]
        rows[language] = LanguageRow(
            cell([r for r, _ in group]),
            tuple((o.query_id, t.query_id) for o, t in paired),
            cell([o for o, _ in paired]) if paired else None,
            cell([t for _, t in paired]) if paired else None,
        )
    return rows


@dataclass(frozen=True)
class JudgeFigures:
    """The judge on one run: its model(s), how many results it scored, its means per aspect
    (over 2), and the per-scenario correlation of its task completion with S."""

    models: tuple[str, ...]
    judged: tuple[str, ...]
    unreadable: tuple[str, ...]
    aspects: dict[str, Mean]
    agreement: Correlation
    usage: dict[str, Any]


def judge_figures(results: Sequence[TaskResult[Any]]) -> JudgeFigures | None:
    """None when no result was judged."""
    verdicts = [(r, v) for r in results if (v := judge_of(r)) is not None]
    if not verdicts:
        return None
    judged = [r for r, _ in verdicts]
    completion = [_over_two(v, "task_completion") for _, v in verdicts]
    return JudgeFigures(
        models=tuple(sorted({v.model for _, v in verdicts})),
        judged=tuple(r.query_id for r in judged),
        unreadable=tuple(r.query_id for r, v in verdicts if v.parse == "failed"),
        aspects={aspect: judge_mean(judged, aspect) for aspect in DIMENSIONS},
        agreement=correlation(completion, [r.score for r in judged]),
        usage=_summed_usage([v.usage for _, v in verdicts]),
    )


def _summed_usage(usages: Sequence[dict[str, Any]]) -> dict[str, Any]:
    from assistworld.llm.usage import UsageTotals

    totals = UsageTotals()
    for usage in usages:
        totals.merge(UsageTotals.from_json(usage))
    return totals.to_json()


def judge_summary(results: Sequence[TaskResult[Any]]) -> dict[str, Any]:
    """The judge's figures as ``summary.json`` keeps them (empty when nothing was judged)."""
    figures = judge_figures(results)
    if figures is None:
        return {}
    return {
        "models": list(figures.models),
        "judged": len(figures.judged),
        "unreadable": len(figures.unreadable),
        "means": {
            aspect: {"mean": mean.value, "count": mean.count}
            for aspect, mean in figures.aspects.items()
        },
        "means_scale": "score / 2, in [0, 1]",
        "agreement_with_score": figures.agreement.model_dump(),
        "usage": figures.usage,
    }


__all__ = [
    "AXES",
    "CAPABILITY_LABELS",
    "LEVELS",
    "STRESS_CONDITIONS",
    "Cell",
    "JudgeFigures",
    "LanguageRow",
    "Mean",
    "StressRow",
    "by_complexity",
    "by_language",
    "by_stress",
    "capabilities",
    "cell",
    "details_of",
    "has_translations",
    "judge_figures",
    "judge_mean",
    "judge_summary",
    "mean_of",
]
