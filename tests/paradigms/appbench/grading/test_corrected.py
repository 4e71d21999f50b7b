"""Corrected mode: multiset hits, exact normalised arguments, earlier-call dependencies,
one-to-one matching of repeated calls and order."""

from __future__ import annotations

from assistworld.paradigms.appbench.grading.corrected import score_corrected
from assistworld.paradigms.appbench.grading.parsing import parse_plan
from tests.paradigms.appbench.helpers import call, lit, task, var

GOLD = task(
    [
        call("Hotels", "searchhouse", ("address",), where_to=lit("San Francisco")),
        call("Hotels", "bookhouse", ("total",), address=var("address"), adults=lit("2")),
    ]
)


def _score(text: str, gold: object = GOLD) -> object:
    return score_corrected(parse_plan(text).calls, gold)  # type: ignore[arg-type]


def test_gold_succeeds_with_case_quotes_and_spacing_differences() -> None:
    outcome = score_corrected(
        parse_plan(
            'hotels: [address = SearchHouse(#where_to="  san   francisco ")]\n'
            "HOTELS: [total = bookhouse(#address=address, #adults=2)]"
        ).calls,
        GOLD,
    )
    assert outcome.success


def test_multiset_hits() -> None:
    gold = task([call("A", "f"), call("A", "f"), call("B", "g")])
    outcome = score_corrected(parse_plan("A: [out = f()]\nB: [out = g()]").calls, gold)
    assert (outcome.app_hits, outcome.api_hits) == (2, 2)
    assert not outcome.em_api


def test_substrings_and_empty_values_never_match() -> None:
    for value in ("San", "", "San Francisco, CA"):
        outcome = score_corrected(
            parse_plan(f"Hotels: [address = searchhouse(#where_to='{value}')]").calls,
            task([GOLD.calls[0]]),
        )
        assert not outcome.success, value
        assert outcome.errors.value_wrong_independent == 1


def test_alias_map_on_both_sides() -> None:
    gold = task([call("Weather", "getweather", ("t",), city=lit("NYC"))])
    outcome = score_corrected(parse_plan("Weather: [t = getweather(#city='New York')]").calls, gold)
    assert outcome.success


def test_a_dependency_must_come_from_an_earlier_call() -> None:
    later = parse_plan(
        "Hotels: [total = bookhouse(#address=address, #adults='2')]\n"
        "Hotels: [address = searchhouse(#where_to='San Francisco')]"
    ).calls
    outcome = score_corrected(later, GOLD)
    assert not outcome.success
    assert outcome.errors.value_wrong_dependent == 1


def test_a_dependency_replaced_by_a_literal_fails() -> None:
    plan = parse_plan(
        "Hotels: [address = searchhouse(#where_to='San Francisco')]\n"
        "Hotels: [total = bookhouse(#address='1 Main St', #adults='2')]"
    ).calls
    assert not score_corrected(plan, GOLD).success


def test_an_undefined_bare_name_reads_as_the_literal_it_spells() -> None:
    gold = task([call("Rents", "getride", ("r",), ride_type=lit("Luxury"))])
    assert score_corrected(
        parse_plan("Rents: [r = getride(#ride_type=Luxury)]").calls, gold
    ).success


def test_repeated_calls_are_matched_one_to_one() -> None:
    gold = task(
        [call("M", "play", ("s",), title=lit("A")), call("M", "play", ("s",), title=lit("B"))]
    )
    swapped = parse_plan("M: [s = play(#title='B')]\nM: [s = play(#title='A')]").calls
    assert score_corrected(swapped, gold).success
    twice = parse_plan("M: [s = play(#title='A')]\nM: [s = play(#title='A')]").calls
    assert not score_corrected(twice, gold).success


def test_extra_arguments_and_wrong_apps_fail() -> None:
    extra = parse_plan(
        "Hotels: [address = searchhouse(#where_to='San Francisco', #rating='4')]"
    ).calls
    assert not score_corrected(extra, task([GOLD.calls[0]])).success
    wrong_app = parse_plan("Rents: [address = searchhouse(#where_to='San Francisco')]").calls
    outcome = score_corrected(wrong_app, task([GOLD.calls[0]]))
    assert not outcome.success and outcome.calls[0].same_app is False


def test_order_must_respect_the_dependency_graph() -> None:
    gold = task(
        [
            call("A", "first", ("x",)),
            call("A", "second", ("y",), x=var("x")),
        ]
    )
    plan = parse_plan("A: [x = first()]\nA: [x = first()]\nA: [y = second(#x=x)]").calls
    assert not score_corrected(plan, gold).success  # an extra call
    reordered = parse_plan("A: [x = setup()]\nA: [y = second(#x=x)]\nA: [x = first()]").calls
    outcome = score_corrected(reordered, gold)
    assert not outcome.success


def test_missing_keys_are_counted_by_kind() -> None:
    plan = parse_plan(
        "Hotels: [address = searchhouse()]\nHotels: [total = bookhouse(#adults='2')]"
    ).calls
    errors = score_corrected(plan, GOLD).errors
    assert (errors.key_missing_independent, errors.key_missing_dependent) == (1, 1)
    assert errors.place_errors == 2 and errors.arguments == 3
