"""Answer facts checked by value: the forms a person would use, never a longer different value."""

from __future__ import annotations

import pytest

from assistworld.paradigms.astra.grading.answer_forms import Known
from assistworld.paradigms.astra.grading.success import check_fact, check_success, known_in
from assistworld.paradigms.astra.tasks.scenario import RequiredFact, SuccessConditions


def test_an_event_created_at_1830_and_confirmed_in_other_words_passes() -> None:
    check = check_fact(RequiredFact(any_of=["18:30"]), ["Done! Dinner is in for 6:30 pm."])
    assert check.passed
    assert check.detail == "said '6:30 pm' for '18:30'"


def test_an_invented_time_holding_the_keyword_fails() -> None:
    check = check_fact(RequiredFact(any_of=["8:30"]), ["I've booked it for 18:30."])
    assert not check.passed
    assert check.detail == "not in any reply to the user"


@pytest.mark.parametrize(
    "reply",
    [
        "Listo: la cena es el 14 de marzo a las seis y media de la tarde.",
        "Erledigt: das Abendessen ist am 14. März um halb sieben abends.",
        "C'est fait : le dîner est le 14 mars à 18 h 30.",
        "Done: dinner is on March 14th at half past six.",
    ],
)
def test_each_language_confirms_the_time_and_the_date(reply: str) -> None:
    facts = [RequiredFact(any_of=["18:30"]), RequiredFact(any_of=["14 March"])]
    checks = check_success(SuccessConditions(answer=facts), [reply], {}, {})
    assert [check.passed for check in checks] == [True, True]


def test_the_first_phrasing_found_is_the_one_reported() -> None:
    fact = RequiredFact(any_of=["19:30", "half past seven"], about="the time")
    check = check_fact(fact, ["See you at 7.30pm."])
    assert check.passed and check.about == "the time"
    assert check.detail == "said '7.30pm' for '19:30'"


def test_a_contact_said_by_first_name_passes_when_the_world_knows_the_contact() -> None:
    world = {"contacts": [{"id": "c1", "name": "Samir Haddad"}, {"id": "c2", "name": "Kemi Obi"}]}
    success = SuccessConditions(answer=[RequiredFact(any_of=["Samir Haddad"])])
    assert check_success(success, ["Samir came."], world, {})[0].passed
    assert not check_success(success, ["Samir came."], {}, {})[0].passed
    assert not check_success(success, ["Samira came."], world, {})[0].passed


def test_known_in_reads_contacts_and_calendar_in_either_shape() -> None:
    rows = [{"name": "Ana Ruiz"}, {"name": None}, "junk"]
    assert known_in({"contacts": rows}).people == ("Ana Ruiz",)
    assert known_in({"contacts": {"c1": {"name": "Ana Ruiz"}}}).people == ("Ana Ruiz",)
    calendar = [{"title": "Dinner with Yui", "location": None}]
    assert known_in({"calendar": calendar}).things == ("Dinner with Yui",)
    assert known_in({}) == Known()


def test_a_title_said_only_inside_a_longer_title_of_the_world_fails() -> None:
    world = {
        "calendar": [
            {"title": "Dinner with Yui", "location": "Home"},
            {"title": "Dinner with Yui and Haruto", "location": "Home"},
        ]
    }
    success = SuccessConditions(answer=[RequiredFact(any_of=["Dinner with Yui"])])
    wrong = ["I've cancelled Dinner with Yui and Haruto."]
    assert not check_success(success, wrong, world, {})[0].passed
    assert check_success(success, wrong, {}, {})[0].passed
    assert check_success(success, ["I've cancelled Dinner with Yui."], world, {})[0].passed


def test_a_name_inside_a_longer_name_fails() -> None:
    assert not check_fact(RequiredFact(any_of=["Ana"]), ["I've called Anabel."]).passed
    assert check_fact(RequiredFact(any_of=["Ana"]), ["I've called Ana."]).passed


def test_a_weekday_with_a_day_must_be_that_dates_weekday_when_the_world_has_a_date() -> None:
    success = SuccessConditions(answer=[RequiredFact(any_of=["14 March"])])
    world = {"now": "2026-03-19T20:00:00"}
    assert check_success(success, ["It was on Saturday the 14th."], world, {})[0].passed
    assert not check_success(success, ["It was on Friday the 14th."], world, {})[0].passed
    assert check_success(success, ["It was on Friday the 14th."], {}, {})[0].passed
    new_year = {"now": "2026-12-30T09:00:00"}
    early = SuccessConditions(answer=[RequiredFact(any_of=["2 January"])])
    assert check_success(early, ["On Saturday the 2nd."], new_year, {})[0].passed  # 2 Jan 2027
