"""``inspect eval ... --epochs K``: our metrics count every epoch's record, as ``run --samples K``
counts every sample's, and add pass@K and pass^K (not each sample's first epoch only)."""

from __future__ import annotations

import pytest
from inspect_ai.log import EvalLog
from inspect_ai.scorer import INCORRECT, SampleScore, Score

from assistworld.inspect_tasks.scoring import (
    EPOCH_RESULTS_KEY,
    RESULT_KEY,
    epoch_records,
    paradigm_metrics,
)
from tests.inspect_tasks.test_tasks import _inspect_eval


@pytest.fixture(scope="module")
def log(tmp_path_factory: pytest.TempPathFactory) -> EvalLog:
    """The oracle over two travelplans tasks, two epochs each."""
    (found,) = _inspect_eval(
        tmp_path_factory.mktemp("epochs"),
        "assistworld/travelplans",
        "--model",
        "mockllm/model",
        "--limit",
        "2",
        "--epochs",
        "2",
        "-T",
        "agent=oracle",
    )
    return found


def test_two_epochs_keep_both_records_and_report_pass_hat_k(log: EvalLog) -> None:
    assert log.status == "success", log.error
    assert log.eval.config.epochs_reducer == ["assistworld_epochs"]
    assert log.samples is not None and len(log.samples) == 4  # 2 tasks x 2 epochs
    samples = {(str(s.id), s.epoch): s.scores["assistworld_grader"] for s in log.samples}
    assert {record.metadata["result"]["sample"] for record in samples.values()} == {0, 1}
    assert log.results is not None
    metrics = log.results.scores[0].metrics
    assert metrics["success_rate"].value == 1.0
    assert metrics["pass@2"].value == 1.0 and metrics["pass^2"].value == 1.0


def _failed(score: Score) -> Score:
    """``score`` as a plan with the wrong arguments, its record saying so too."""
    assert score.metadata is not None
    record = {**score.metadata[RESULT_KEY], "passed": False, "outcome": "wrong_arguments"}
    record["score"] = 0.0
    return score.model_copy(
        update={"value": INCORRECT, "metadata": {**score.metadata, RESULT_KEY: record}}
    )


def test_a_task_passed_in_one_epoch_of_two_counts_half(log: EvalLog) -> None:
    assert log.samples is not None
    by_task: dict[str, list[Score]] = {}
    for sample in sorted(log.samples, key=lambda s: s.epoch):
        score = sample.scores["assistworld_grader"]
        by_task.setdefault(str(sample.id), []).append(
            score if sample.epoch == 1 else _failed(score)
        )
    reduce = epoch_records()
    reduced = [
        SampleScore(score=reduce(scores), sample_id=task) for task, scores in by_task.items()
    ]
    assert all(len((s.score.metadata or {})[EPOCH_RESULTS_KEY]) == 2 for s in reduced)
    assert [s.score.value for s in reduced] == [0.5, 0.5]  # Inspect's mean of C and I
    values = paradigm_metrics("appbench")(reduced)
    assert isinstance(values, dict)
    assert values["success_rate"] == 0.5  # epoch 1 alone would say 1.0
    assert values["pass@2"] == 1.0 and values["pass^2"] == 0.0
