"""Scoring never fails on what a model may write, in any mode."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from assistworld.paradigms.appbench.grading.grade import score_plan
from tests.paradigms.appbench.helpers import call, lit, task, var

GOLD = task(
    [
        call("Hotels", "searchhouse", ("address",), where_to=lit("San Francisco, CA")),
        call("Hotels", "book_house", ("total",), address=var("address"), adults=lit("2")),
    ],
    user={"where_to": "San Francisco"},
)
FRAGMENTS = [
    "Hotels: [",
    "Rents: ",
    "address = ",
    "searchhouse(",
    "book_house(",
    "#where_to='",
    "#adults=",
    "address",
    "'",
    '"',
    ", ",
    "=",
    ")",
    "]",
    "\n",
    "```",
    "\\",
    "San Francisco",
]


@settings(max_examples=150)
@given(st.lists(st.sampled_from(FRAGMENTS), max_size=30))
def test_every_mode_scores_any_plan_like_text(parts: list[str]) -> None:
    details = score_plan("".join(parts), GOLD)
    for outcome in details.outcomes.values():
        assert 0 <= outcome.app_hits <= max(outcome.app_predicted, 0) + outcome.app_gold
        assert not (outcome.success and not outcome.em_api)


@given(st.text(max_size=200))
def test_every_mode_scores_any_text(text: str) -> None:
    score_plan(text, GOLD)
