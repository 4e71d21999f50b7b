"""The app descriptions planners are shown for our services."""

from __future__ import annotations

from assistworld.paradigms.appbench.tasks.services_apps import service_app_descriptions


def test_fifteen_apps_with_the_papers_api_names() -> None:
    apps = {app.name: app for app in service_app_descriptions()}
    assert len(apps) == 15
    assert {api.name for api in apps["Rents"].apis} == {"getcarsavailable", "reservecar", "getride"}
    assert {api.name for api in apps["Media"].apis} == {"findmovies", "playmovie"}
    assert apps["Movies"].api("findmovies") is not None


def test_arguments_are_split_and_typed_as_the_paper_types_them() -> None:
    apps = {app.name: app for app in service_app_descriptions()}
    tickets = apps["Trains"].api("gettraintickets")
    assert tickets is not None and tickets.transactional
    required = {p.name: p.type for p in tickets.required}
    assert required["from"] == "str" and required["date_of_journey"] == "date"
    assert required["journey_start_time"] == "time" and required["trip_protection"] == "bool"
    assert [p.name for p in tickets.optional] == ["class"]
    assert "class" in {p.name for p in tickets.results}
    search = apps["Restaurants"].api("findrestaurants")
    assert search is not None and not search.transactional
    assert {p.name for p in search.required} == {"category", "location"}
    assert all(p.description for p in search.required + search.optional + search.results)
