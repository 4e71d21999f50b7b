"""The task's services as tools: one per API, named by app, nothing outside the task's apps."""

from __future__ import annotations

from assistworld.paradigms.appbench.agents.service_tools import ServiceTools
from assistworld.tools.events import Trajectory
from assistworld.world import World


def test_apis_two_apps_share_are_told_apart_by_their_app() -> None:
    tools = ServiceTools(["Media", "movies", "Nowhere"])
    assert tools.apps == ("Media", "Movies")
    names = [definition["function"]["name"] for definition in tools.definitions()]
    assert "Media_findmovies" in names and "Movies_findmovies" in names
    described = {d["function"]["name"]: d["function"]["description"] for d in tools.definitions()}
    assert described["Media_findmovies"].startswith("Media: ")
    assert tools.get("Movies_findmovies") is not None and tools.get("findmovies") is None


def test_calls_outside_the_tasks_apps_are_refused_with_the_reason() -> None:
    tools = ServiceTools(["Restaurants", "Weather"])
    trajectory = Trajectory()
    with World().active():
        wrong_app = tools.call_json("Weather_findrestaurants", '{"location": "Lyon"}', trajectory)
        not_offered = tools.call_json("Buses_findbus", {"from_city": "Lyon"}, trajectory)
        unknown = tools.call_json("teleport", {}, trajectory)
    assert wrong_app.error is not None and wrong_app.error.type == "permission"
    assert "findrestaurants is an API of Restaurants, not of Weather" in wrong_app.error.message
    assert "call Restaurants_findrestaurants" in wrong_app.error.message
    assert not_offered.error is not None
    assert "findbus belongs to Buses, which this task does not offer" in not_offered.error.message
    assert unknown.error is not None and "there is no tool 'teleport'" in unknown.error.message
    assert [event.tool for event in trajectory.events] == [
        "Weather_findrestaurants",
        "Buses_findbus",
        "teleport",
    ]
    assert len(tools.calls) == 3
