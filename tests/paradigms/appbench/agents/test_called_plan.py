"""A tool-calling agent's calls written as the plan a planner would write."""

from __future__ import annotations

from typing import Any

from assistworld.paradigms.appbench.agents.called_plan import called_plan
from assistworld.paradigms.appbench.tasks.model import plan_text
from assistworld.tools.events import ToolError, ToolEvent


def _event(app: str, api: str, arguments: dict[str, Any], result: Any = None) -> ToolEvent:
    return ToolEvent(tool=api, app=app, arguments=arguments, result=result, world_version=0)


def _given(event: ToolEvent) -> tuple[ToolEvent, tuple[str, ...]]:
    return event, tuple(event.arguments)


def test_values_read_from_earlier_results_become_dependencies_and_the_rest_literals() -> None:
    bus = _event(
        "Buses",
        "findbus",
        {"from_city": "Atlanta", "to_city": "Lyon", "departure_date": "2019-06-06"},
        [{"to_city": "Lyon", "departure_date": "2019-06-06", "departure_time": "07:15:00"}],
    )
    sights = _event(
        "Travel",
        "findattractions",
        {"location": "Lyon", "good_for_kids": True},
        [{"attraction_name": "Parc", "location": "Lyon", "good_for_kids": True}],
    )
    dinner = _event(
        "Restaurants",
        "reserverestaurant",
        {"restaurant_name": "Chez", "location": "Lyon", "number_of_seats": 2, "date": "2019-06-06"},
        {"restaurant_name": "Chez", "location": "Lyon", "date": "2019-06-06"},
    )
    plan = called_plan([_given(e) for e in (bus, sights, dinner)], "It leaves at 07:15; try Parc.")
    assert plan_text(plan).splitlines() == [
        "Buses: [to_city, departure_date, departure_time = "
        "findbus(#from_city='Atlanta', #to_city='Lyon', #departure_date='2019-06-06')]",
        "Travel: [attraction_name = findattractions(#location=to_city, #good_for_kids='True')]",
        "Restaurants: [reserverestaurant(#restaurant_name='Chez', #location=to_city, "
        "#number_of_seats='2', #date=departure_date)]",
    ]


def test_failed_calls_and_arguments_left_out_are_not_in_the_plan() -> None:
    failed = ToolEvent(
        tool="findbus",
        app="Buses",
        arguments={"from_city": "Atlanta"},
        error=ToolError(type="invalid_arguments", message="to_city is required"),
        world_version=0,
    )
    search = _event("Weather", "get_weather", {"city": "Lyon", "date": None}, {"temperature": 18})
    plan = called_plan([_given(failed), (search, ("city",))], "It will be 18 degrees.")
    assert plan_text(plan) == "Weather: [temperature = get_weather(#city='Lyon')]"


def test_a_field_an_intermediate_call_rebinds_is_not_depended_on() -> None:
    first = _event("Buses", "findbus", {"to_city": "Lyon"}, [{"to_city": "Lyon"}])
    second = _event("Trains", "findtrains", {"to_city": "Paris"}, [{"to_city": "Paris"}])
    third = _event("Hotels", "searchhotel", {"location": "Lyon"}, [{"hotel_name": "H"}])
    plan = called_plan([_given(e) for e in (first, second, third)], "")
    assert plan[2].arguments["location"].kind == "literal"
