"""Each column measure, and ROUGE-L, on values a scenario would compare."""

from __future__ import annotations

import datetime
import random

import pytest
from pydantic import TypeAdapter, ValidationError

from assistworld.paradigms.astra.grading.scoring.measures import (
    Contains,
    Exact,
    Measure,
    Numeric,
    RougeL,
    ValueReuse,
)
from assistworld.paradigms.astra.grading.scoring.rouge import lcs_length, rouge_l, words


def test_rouge_l_is_the_f_measure_of_the_longest_common_subsequence() -> None:
    assert words("Meet Sara, at 5pm!") == ["meet", "sara", "at", "5pm"]
    assert lcs_length(list("abcde"), list("axcye")) == 3
    assert rouge_l("the meeting is at noon", "the meeting is at noon") == 1.0
    # 4 of 5 reference words in order, candidate of 6 words: P = 4/6, R = 4/5
    assert rouge_l("the meeting is at noon", "the meeting is moved to noon") == pytest.approx(
        2 * (4 / 6) * (4 / 5) / (4 / 6 + 4 / 5)
    )
    assert rouge_l("the meeting is at noon", "noon at is meeting the") == pytest.approx(0.2)
    assert rouge_l("hello", "") == 0.0
    assert rouge_l("", "") == 1.0
    assert rouge_l("Grüße aus Köln", "grüße aus köln") == 1.0


def test_exact_compares_json_values_and_optionally_ignores_case() -> None:
    assert Exact().similarity("Sara", "Sara") == 1.0
    assert Exact().similarity("Sara", "sara") == 0.0
    assert Exact(ignore_case=True).similarity("Sara", "sara") == 1.0
    assert Exact().similarity(1, 1.0) == 1.0
    assert Exact().similarity(True, 1) == 0.0
    assert Exact().similarity(datetime.date(2024, 6, 25), "2024-06-25") == 1.0
    assert Exact().similarity(["a", "b"], ["a", "b"]) == 1.0


def test_numeric_closeness_within_a_tolerance_also_for_times() -> None:
    assert Numeric(tolerance=0.5).similarity(10, 10.4) == 1.0
    assert Numeric(tolerance=0.5).similarity(10, 10.6) == 0.0
    assert Numeric().similarity("3", 3) == 1.0
    within = Numeric(tolerance=300)
    assert within.similarity("2024-06-25T09:00:00", "2024-06-25T09:04:00") == 1.0
    assert within.similarity("2024-06-25T09:00:00", "2024-06-25T09:06:00") == 0.0
    assert within.similarity(5, "five") == 0.0
    assert within.similarity(5, True) == 0.0


def test_contains_ignores_case_and_looks_into_lists() -> None:
    assert Contains().similarity("late", "Running LATE, sorry") == 1.0
    assert Contains().similarity("early", "Running late") == 0.0
    assert Contains().similarity("sara", ["tom@x.org", "sara@x.org"]) == 1.0
    assert Contains().similarity(["a@x", "b@x"], ["b@x", "a@x", "c@x"]) == 1.0
    assert Contains().similarity(["a@x", "d@x"], ["b@x", "a@x"]) == 0.0


def test_rouge_measure_is_graded_unless_it_has_a_threshold() -> None:
    text = "your dentist appointment is at nine"
    assert 0.0 < RougeL().similarity(text, "the dentist appointment is at ten") < 1.0
    assert not RougeL().binary
    assert RougeL(threshold=0.6).similarity(text, "your dentist appointment is at ten") == 1.0
    assert RougeL(threshold=0.9).similarity(text, "your dentist appointment is at ten") == 0.0
    assert RougeL(threshold=0.6).binary


def test_value_reuse_needs_the_value_to_have_come_from_a_tool() -> None:
    seen = {"+44 7700 900123"}
    measure = ValueReuse()
    assert measure.similarity("+44 7700 900123", "+44 7700 900123", seen.__contains__) == 1.0
    assert measure.similarity("+44 7700 900123", "+44 7700 900123", lambda _v: False) == 0.0
    assert measure.similarity("+44 7700 900123", "+44 0000", seen.__contains__) == 0.0
    assert measure.binary and not ValueReuse(inner=RougeL()).binary


def test_a_scenario_names_a_measure_by_kind_or_in_full() -> None:
    adapter: TypeAdapter[Measure] = TypeAdapter(Measure)
    assert adapter.validate_python("contains") == Contains()
    assert adapter.validate_python({"kind": "numeric", "tolerance": 60}) == Numeric(tolerance=60)
    assert adapter.validate_python({"kind": "value_reuse", "inner": "contains"}) == ValueReuse(
        inner=Contains()
    )
    with pytest.raises(ValidationError, match="rouge"):
        adapter.validate_python("fuzzy")


def _dynamic_programme(first: list[str], second: list[str]) -> int:
    table = [[0] * (len(second) + 1) for _ in range(len(first) + 1)]
    for i, a in enumerate(first, 1):
        for j, b in enumerate(second, 1):
            table[i][j] = (
                table[i - 1][j - 1] + 1 if a == b else max(table[i - 1][j], table[i][j - 1])
            )
    return table[-1][-1]


@pytest.mark.parametrize("seed", range(30))
def test_the_bit_parallel_lcs_agrees_with_the_textbook_table(seed: int) -> None:
    rng = random.Random(seed)
    first = [rng.choice("abcd") for _ in range(rng.randint(0, 30))]
    second = [rng.choice("abcd") for _ in range(rng.randint(0, 30))]
    assert lcs_length(first, second) == _dynamic_programme(first, second)


def test_a_very_long_reply_is_scored_quickly() -> None:
    reply = " ".join(["word"] * 200_000 + ["the", "meeting", "is", "at", "noon"])
    assert 0.0 < rouge_l("the meeting is at noon", reply) < 0.001
