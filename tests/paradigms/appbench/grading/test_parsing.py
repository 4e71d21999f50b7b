"""The lenient plan parser: every way models write plans, and no text that makes it fail."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from assistworld.paradigms.appbench.grading.parsing import parse_call_body, parse_plan
from assistworld.paradigms.appbench.tasks.model import ArgumentKind


def test_reads_the_paper_format_with_literals_and_variables() -> None:
    plan = parse_plan(
        "Trains: [train_id, fare = findtrains(#from='Portland', #to='Seattle')]\n"
        "Trains: [ticket = buytrain(#train_id=train_id, #seats='2')]"
    )
    assert plan.failures == []
    first, second = plan.calls
    assert (first.app, first.api, first.returns) == ("Trains", "findtrains", ("train_id", "fare"))
    assert first.arguments["from"].kind is ArgumentKind.LITERAL
    assert first.arguments["from"].value == "Portland"
    assert second.arguments["train_id"].kind is ArgumentKind.VARIABLE
    assert second.variables_used() == ("train_id",)


def test_prose_fences_numbering_double_quotes_and_missing_brackets() -> None:
    text = (
        "Sure, here is my plan (two calls):\n```text\n"
        "1. Weather: forecast = getweather(city=\"Oslo\", date='2019-03-02')\n"
        "- Payment: [receipt = makepayment(#amount=12.5, #private=True\n"
        "```\nHope this helps!"
    )
    plan = parse_plan(text)
    assert [call.api for call in plan.calls] == ["getweather", "makepayment"]
    assert plan.calls[0].arguments["city"].value == "Oslo"
    assert plan.calls[1].arguments["amount"].kind is ArgumentKind.LITERAL
    assert plan.calls[1].arguments["private"].value == "True"
    assert plan.failures == []


def test_dotted_calls_hash_variables_and_apostrophes_inside_values() -> None:
    plan = parse_plan(
        "r = Restaurants.findrestaurants(#name='Cheeky's Cafe', #city=#city, #note='a, b (c)')"
    )
    (call,) = plan.calls
    assert call.app == "Restaurants"
    assert call.arguments["name"].value == "Cheeky's Cafe"
    assert call.arguments["city"].kind is ArgumentKind.VARIABLE
    assert call.arguments["note"].value == "a, b (c)"


def test_counts_fragments_that_look_like_calls_but_cannot_be_read() -> None:
    plan = parse_plan("Hotels: [oops]\nbookhouse(#where_to)\nJust prose (nothing to do).")
    assert plan.calls == [] or all(call.api for call in plan.calls)
    assert len(plan.failures) == 2


def test_a_call_without_an_app_is_kept_and_reported() -> None:
    plan = parse_plan("x = searchhouse(#where_to='Delhi')")
    assert plan.calls[0].app == ""
    assert "names no app" in plan.failures[0]


def test_published_gold_body() -> None:
    call, problems = parse_call_body("a, b = findevents(#city='London', #date=date)", "Events")
    assert problems == []
    assert call is not None and call.app == "Events" and call.returns == ("a", "b")


@given(st.text(max_size=300))
def test_never_raises_on_any_text(text: str) -> None:
    plan = parse_plan(text)
    assert isinstance(plan.failures, list)


@given(
    st.lists(
        st.sampled_from(["App: [", "x = ", "api(", "#a='", "'", '"', ", ", ")", "]", "=", "\n"]),
        max_size=40,
    )
)
def test_never_raises_on_plan_like_fragments(parts: list[str]) -> None:
    parse_plan("".join(parts))
