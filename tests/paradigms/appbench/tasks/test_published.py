"""Reading the published data in place: ids, app classes parsed (never run), every defect."""

from __future__ import annotations

from pathlib import Path

import pytest

from assistworld.core.suite import SuiteError
from assistworld.paradigms.appbench.tasks.app_classes import read_app_classes
from assistworld.paradigms.appbench.tasks.published import is_published_copy, read_published
from assistworld.paradigms.appbench.tasks.suites import owns, read_suite
from tests.paradigms.appbench.published_copy import write_copy


@pytest.fixture()
def copy(tmp_path: Path) -> Path:
    return write_copy(tmp_path / "AppBench")


def test_app_classes_are_parsed_not_run(copy: Path, capfd: pytest.CaptureFixture[str]) -> None:
    classes = read_app_classes(copy)
    assert [app.name for app in classes.apps] == ["Lodging", "Forecast"]
    lodging = classes.by_name()["Lodging"]
    findroom = lodging.api("findroom")
    assert findroom is not None and [p.name for p in findroom.required] == ["town"]
    assert findroom.optional[0].type == "int"
    assert lodging.api("bookroom").transactional  # type: ignore[union-attr]
    forecast = classes.by_name()["Forecast"].api("getforecast")
    assert forecast is not None and [p.name for p in forecast.required] == ["town"]
    assert any("broken.py" in problem for problem in classes.problems)
    assert "never run" not in capfd.readouterr().out


def test_task_ids_are_category_and_position(copy: Path) -> None:
    data = read_published(copy)
    assert [task.query_id for task in data.tasks] == [
        "ss-0",
        "ss-1",
        "ss-2",
        "ss-3",
        "sm-0",
        "sm-1",
        "sm-2",
    ]
    assert data.tasks[0].raw_calls == ["room_name, town = findroom(#town='Lumen')"]
    assert data.tasks[0].user_arguments == {"town": "Lumen"}


def test_every_known_defect_is_reported_and_none_is_fatal(copy: Path) -> None:
    tasks = {task.query_id: task for task in read_published(copy).tasks}
    assert tasks["ss-0"].defects == []
    assert any("duplicate instruction (same as ss-0)" in d for d in tasks["ss-2"].defects)
    assert any("undeclared argument(s) pets" in d for d in tasks["ss-2"].defects)
    assert any("lists of different lengths" in d for d in tasks["ss-3"].defects)
    assert any("holds ', '" in d for d in tasks["ss-3"].defects)
    assert any("'monday_date', which no earlier call returns" in d for d in tasks["sm-0"].defects)
    assert any("holds a quote" in d for d in tasks["sm-1"].defects)
    assert tasks["sm-2"].defects == ["no gold calls (api_results is empty or missing)"]


def test_records_that_are_not_records_are_suite_errors(copy: Path) -> None:
    data = read_published(copy)
    assert len(data.errors) == 2
    assert "ss-4" in data.errors[0] and "not a JSON object" in data.errors[0]
    assert "no 'input' instruction" in data.errors[1]
    with pytest.raises(SuiteError, match=r"test_ss\.json#4"):
        read_suite(copy, "AppBench")
    suite = read_suite(copy, "AppBench", strict=False)
    assert suite.format == "appbench-published" and len(suite.tasks) == 7


def test_owns_a_repository_copy(copy: Path, tmp_path: Path) -> None:
    assert is_published_copy(copy) and owns(copy)
    assert not owns(tmp_path / "nothing")
