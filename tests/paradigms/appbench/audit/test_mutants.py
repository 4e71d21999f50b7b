"""Mutants of a gold plan: each operator, its label, determinism, and that executing kills them."""

from __future__ import annotations

from assistworld.apps import services
from assistworld.paradigms.appbench.audit.mutants import OPERATORS, changed_value, mutants
from assistworld.paradigms.appbench.grading.execution import execute_plan
from assistworld.paradigms.appbench.tasks.model import ArgumentKind, PlanningTask, plan_text
from tests.paradigms.appbench._plans import RESERVE, SEARCH, WEATHER, WHERE, task


def _gold() -> PlanningTask:
    probe = execute_plan(task(), [SEARCH, RESERVE, WEATHER])
    temperature = str(probe.calls[2].record["temperature"]) if probe.calls[2].record else ""
    return task({"getweather.temperature": [temperature]}).model_copy(
        update={"calls": [SEARCH, RESERVE, WEATHER]}
    )


def test_every_operator_makes_labelled_mutants_unlike_the_gold_plan() -> None:
    gold = _gold()
    made = mutants(gold)
    assert {m.operator for m in made} == set(OPERATORS)
    assert all(m.text() != plan_text(gold.calls) for m in made)
    assert all(m.description for m in made)


def test_mutants_are_deterministic() -> None:
    gold = _gold()
    first = [m.model_dump() for m in mutants(gold)]
    assert first == [m.model_dump() for m in mutants(gold)]


def test_drop_and_swap_change_the_calls_as_named() -> None:
    made = mutants(_gold(), per_operator=10)
    drops = [m for m in made if m.operator == "drop_call"]
    assert len(drops) == 3 and all(len(m.calls) == 2 for m in drops)
    (swap,) = [m for m in made if m.operator == "swap_dependent"]
    assert [c.api for c in swap.calls[:2]] == ["reserverestaurant", "findrestaurants"]


def test_dependency_becomes_a_wrong_literal_from_the_gold_value() -> None:
    made = [m for m in mutants(_gold(), per_operator=10) if m.operator == "dependency_to_literal"]
    (mutant,) = made
    argument = mutant.calls[1].arguments["restaurant_name"]
    gold_name = execute_plan(_gold(), _gold().calls).calls[0].bound["restaurant_name"]
    assert argument.kind is ArgumentKind.LITERAL
    assert argument.value == changed_value(gold_name) != gold_name


def test_wrong_app_names_an_app_without_the_api() -> None:
    gold = _gold().calls
    made = [m for m in mutants(_gold(), per_operator=10) if m.operator == "wrong_app"]
    assert len(made) == 3
    for mutant in made:
        changed = [(c, o) for c, o in zip(mutant.calls, gold, strict=True) if c != o]
        assert len(changed) == 1
        call, original = changed[0]
        assert call.api == original.api and call.app != original.app
        assert call.api not in services.toolset(call.app)


def test_extra_write_repeats_the_last_booking_or_adds_a_ride() -> None:
    (extra,) = [m for m in mutants(_gold()) if m.operator == "extra_write"]
    assert extra.calls[-1] == RESERVE
    read_only = task({"getweather.temperature": ["0"]}).model_copy(update={"calls": [WEATHER]})
    (ride,) = [m for m in mutants(read_only) if m.operator == "extra_write"]
    assert (ride.calls[-1].app, ride.calls[-1].api) == ("Rents", "getride")


def test_changed_values_are_plausible_and_different() -> None:
    assert changed_value(WHERE) != WHERE
    assert changed_value("Boston") == "Denver"
    assert changed_value("2019-03-31") == "2019-04-01"
    assert changed_value("23:30") == "00:30"
    assert changed_value("4") == "5"
    assert changed_value("12.5") == "13.5"
    assert changed_value("True") == "False"
    assert changed_value("Golden Kettle House") == "House Kettle Golden"
    assert changed_value("Sedan") == "SUV"


def test_executing_kills_every_mutant_of_the_sample_plan() -> None:
    gold = _gold()
    assert execute_plan(gold, gold.calls).success
    survivors = [m.description for m in mutants(gold, 10) if execute_plan(gold, m.calls).success]
    assert survivors == []
