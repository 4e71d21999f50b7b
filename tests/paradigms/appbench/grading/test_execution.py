"""Running plans: the permission boundary, variable binding, and the goal check."""

from __future__ import annotations

import datetime

import pytest

from assistworld.apps import services
from assistworld.paradigms.appbench.grading.execution import NotExecutableError, execute_plan
from assistworld.paradigms.appbench.tasks.model import PlanningTask
from assistworld.world import World
from tests.paradigms.appbench._plans import (
    NAMES,
    NOW,
    RESERVE,
    SEARCH,
    SEED,
    WEATHER,
    WHERE,
)
from tests.paradigms.appbench._plans import task as _task
from tests.paradigms.appbench.helpers import lit


def test_the_gold_plan_succeeds_and_binds_the_first_record() -> None:
    report = execute_plan(_task(), [SEARCH, RESERVE])
    assert report.success, report.problems()
    assert report.calls[0].bound == {"restaurant_name": report.calls[0].record["restaurant_name"]}
    assert report.calls[1].arguments["restaurant_name"] == report.calls[0].bound["restaurant_name"]
    assert list(report.rows_added) == ["table_reservations"]


def test_another_fitting_restaurant_named_literally_also_succeeds() -> None:
    other = next(name for name in NAMES if name != NAMES[0])
    plan = [
        RESERVE.model_copy(
            update={"arguments": {**RESERVE.arguments, "restaurant_name": lit(other)}}
        )
    ]
    assert execute_plan(_task(), plan).success


def test_the_empty_plan_fails() -> None:
    report = execute_plan(_task(), [])
    assert not report.success and report.missing_rows


def test_a_variable_no_earlier_call_bound_stops_the_call() -> None:
    report = execute_plan(_task(), [RESERVE, SEARCH])
    assert report.calls[0].status == "unbound"
    assert "restaurant_name" in (report.calls[0].error or "")
    assert not report.success


def test_an_api_called_through_another_app_is_refused() -> None:
    report = execute_plan(_task(), [SEARCH.model_copy(update={"app": "Hotels"}), RESERVE])
    assert report.calls[0].status == "refused"
    assert "Restaurants" in (report.calls[0].error or "")
    assert not report.success


def test_unknown_apps_and_apis_are_errors() -> None:
    report = execute_plan(
        _task(),
        [SEARCH.model_copy(update={"app": "Teleport"}), SEARCH.model_copy(update={"api": "fly"})],
    )
    assert [c.status for c in report.calls] == ["error", "error"]


def test_app_names_match_ignoring_case() -> None:
    plan = [SEARCH.model_copy(update={"app": "restaurants"}), RESERVE]
    assert execute_plan(_task(), plan).success


def test_a_return_name_the_record_lacks_is_an_error() -> None:
    plan = [SEARCH.model_copy(update={"returns": ("chef",)}), RESERVE]
    report = execute_plan(_task(), plan)
    assert report.calls[0].status == "error" and "chef" in (report.calls[0].error or "")
    assert report.calls[1].status == "unbound"


def test_an_extra_booking_is_an_unrequested_row() -> None:
    report = execute_plan(_task(), [SEARCH, RESERVE, RESERVE])
    assert report.all_ran and report.unexpected_rows and not report.success


def test_a_booking_in_a_task_that_asks_for_none_is_an_unrequested_row() -> None:
    searching = _task({"findrestaurants.restaurant_name": [NAMES[0]]})
    searching = searching.model_copy(
        update={"goal": searching.goal.model_copy(update={"rows": []})} if searching.goal else {}
    )
    assert execute_plan(searching, [SEARCH]).success
    report = execute_plan(searching, [SEARCH, RESERVE])
    assert report.all_ran and not report.missing_rows and not report.success
    assert [text.split(":")[0] for text in report.unexpected_rows] == [
        "Restaurants table_reservations"
    ]
    assert f"location={WHERE}" in report.unexpected_rows[0]


def test_a_booking_with_another_value_misses_the_row() -> None:
    changed = RESERVE.model_copy(
        update={"arguments": {**RESERVE.arguments, "number_of_seats": lit("5")}}
    )
    report = execute_plan(_task(), [SEARCH, changed])
    assert report.missing_rows and report.unexpected_rows and not report.success


def test_answers_must_be_returned_by_a_call_of_that_api() -> None:
    probe = World(NOW, seed=SEED)
    services.populate(probe, SEED, NOW)
    with probe.active():
        forecast = services.weather.getweather(WHERE, datetime.date(2019, 3, 5))
    task = _task({"getweather.temperature": [str(forecast.temperature)]})
    assert execute_plan(task, [SEARCH, RESERVE, WEATHER]).success
    unnamed = WEATHER.model_copy(update={"returns": ()})
    report = execute_plan(task, [SEARCH, RESERVE, unnamed])
    assert report.missing_answers == ["getweather.temperature"]
    other_day = WEATHER.model_copy(
        update={"arguments": {"city": lit(WHERE), "date": lit("2019-03-06")}}
    )
    probe_day = execute_plan(task, [SEARCH, RESERVE, other_day])
    same = probe_day.calls[2].record["temperature"] == forecast.temperature
    assert probe_day.success is same


def test_a_task_without_a_world_cannot_be_executed() -> None:
    task = PlanningTask(query_id="ss-0", query="q", calls=[SEARCH])
    with pytest.raises(NotExecutableError, match="ss-0"):
        execute_plan(task, [SEARCH])


def test_a_plan_is_judged_by_running_it_not_by_its_text() -> None:
    """A gold plan string that cannot run (its search binds no ``restaurant_name``) fails."""
    unrunnable = [SEARCH.model_copy(update={"returns": ("address",)}), RESERVE]
    task = _task().model_copy(update={"calls": unrunnable})
    report = execute_plan(task, task.calls)
    assert report.calls[1].status == "unbound" and not report.success


def test_every_execution_starts_from_a_fresh_world() -> None:
    first = execute_plan(_task(), [SEARCH, RESERVE])
    second = execute_plan(_task(), [SEARCH, RESERVE])
    assert first.success and second.success
    assert first.rows_added == second.rows_added
    assert len(second.rows_added["table_reservations"]) == 1
