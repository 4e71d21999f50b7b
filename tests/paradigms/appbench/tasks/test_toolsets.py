"""An AppBench suite's tools: the simulated services its apps name, one toolset per app."""

from __future__ import annotations

import json
from pathlib import Path

from assistworld.apps import services
from assistworld.core.registry import load_suite
from assistworld.paradigms.appbench.paradigm import AppBenchParadigm
from assistworld.paradigms.appbench.tasks.model import ApiDescription, AppDescription
from tests.paradigms.appbench.published_copy import write_copy
from tests.paradigms.appbench.tasks.test_suites import write_suite


def test_the_bundled_suite_has_the_apis_of_all_fifteen_services() -> None:
    toolsets = AppBenchParadigm().toolsets(load_suite("travelplans"))
    assert [toolset.tools[0].app for toolset in toolsets] == list(services.APP_NAMES)
    names = [tool.name for toolset in toolsets for tool in toolset]
    assert names.count("findmovies") == 2  # Media's and Movies': a toolset each


def test_only_the_suites_own_simulated_apps_are_listed(tmp_path: Path) -> None:
    root = write_suite(tmp_path / "suite")
    apps = [
        AppDescription(name="weather", apis=(ApiDescription(name="getweather"),)),
        AppDescription(name="Lodging", apis=(ApiDescription(name="findroom"),)),
    ]
    (root / "apps.json").write_text(json.dumps([app.model_dump(mode="json") for app in apps]))
    paradigm = AppBenchParadigm()
    (toolset,) = paradigm.toolsets(paradigm.load_suite(root, "suite"))
    assert {tool.app for tool in toolset} == {"Weather"}  # matched ignoring case; Lodging is not


def test_a_published_copy_has_no_tools(tmp_path: Path) -> None:
    """Its apps are described to planners, never simulated: nothing runs their calls."""
    paradigm = AppBenchParadigm()
    suite = paradigm.load_suite(write_copy(tmp_path / "AppBench"), "AppBench", strict=False)
    assert suite.tasks and paradigm.toolsets(suite) == ()
