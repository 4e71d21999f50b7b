"""Aggregating outcomes: micro and macro F1, categories and ``all``, Table 4 and Figure 4."""

from __future__ import annotations

import pytest

from assistworld.paradigms.appbench.grading.outcome import ArgumentErrors, ModeOutcome
from assistworld.paradigms.appbench.grading.scores import (
    ScoredTask,
    aggregate,
    error_table,
    score_table,
    shape_table,
)


def _outcome(hits: int, predicted: int, gold: int, success: bool = False) -> ModeOutcome:
    return ModeOutcome(
        app_hits=hits,
        app_predicted=predicted,
        app_gold=gold,
        api_hits=hits,
        api_predicted=predicted,
        api_gold=gold,
        em_app=hits == predicted == gold,
        em_api=hits == predicted == gold,
        success=success,
        arguments_exact=success,
    )


def test_micro_and_macro_f1_differ() -> None:
    figures = aggregate([_outcome(1, 1, 1, True), _outcome(0, 3, 3)])
    assert figures["f1_app"] == pytest.approx(0.25)
    assert figures["f1_app_macro"] == pytest.approx(0.5)
    assert figures["success"] == 0.5 and figures["em_app"] == 0.5


def test_score_table_has_modes_categories_and_all() -> None:
    tasks = [
        ScoredTask("ss", {"paper": _outcome(1, 1, 1, True), "corrected": _outcome(1, 1, 1, True)}),
        ScoredTask("mm", {"paper": _outcome(1, 2, 2), "corrected": _outcome(0, 2, 2)}),
    ]
    table = score_table(tasks)
    assert list(table) == ["paper", "corrected"]
    assert list(table["corrected"]) == ["ss", "mm", "all"]
    assert set(table["paper"]["all"]) == {"f1_app", "f1_api", "em_app", "em_api", "success"}
    assert "f1_app_macro" in table["corrected"]["all"]
    assert table["corrected"]["all"]["success"] == 0.5


def test_error_shares_and_figure_four_cells() -> None:
    errors = ArgumentErrors(arguments=4)
    errors.count("start_date", dependent=True, missing=False)
    errors.count("city", dependent=False, missing=True)
    outcome = _outcome(1, 1, 1).model_copy(update={"errors": errors})
    tasks = [ScoredTask("sm", {"corrected": outcome}, shape="para 1 / seq 2")]
    shares = error_table(tasks)["corrected"]["sm"]
    assert shares["value_dependent"] == 0.25 and shares["key_independent"] == 0.25
    assert shares["time_share"] == 0.5 and shares["place_share"] == 0.5
    cells = shape_table(tasks)["corrected"]
    assert cells["para 1 / seq 2"]["tasks"] == 1.0
