"""Our bundled planning-suite format: suite.json, tasks/<category>.jsonl, apps.json."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from assistworld.core.suite import SuiteError
from assistworld.paradigms.appbench.tasks.model import ApiDescription, AppDescription
from assistworld.paradigms.appbench.tasks.suites import owns, read_apps, read_suite
from tests.paradigms.appbench.helpers import call, lit, task


def write_suite(root: Path, *, bad_line: bool = False) -> Path:
    (root / "tasks").mkdir(parents=True)
    (root / "suite.json").write_text(
        json.dumps({"paradigm": "appbench", "description": "tiny"}), encoding="utf-8"
    )
    lines = []
    for index, category in enumerate(("ss", "sm")):
        one = task([call("Lodging", "findroom", ("room",), town=lit("Lumen"))], category=category)
        one = one.model_copy(update={"query_id": f"{category}-{index}"})
        lines.append((category, one.model_dump_json(exclude={"source"})))
    for category, line in lines:
        text = line + ('\n{"query_id": "x"}' if bad_line and category == "sm" else "")
        (root / "tasks" / f"{category}.jsonl").write_text(text + "\n", encoding="utf-8")
    apps = [AppDescription(name="Lodging", apis=(ApiDescription(name="findroom"),))]
    (root / "apps.json").write_text(
        json.dumps([app.model_dump(mode="json") for app in apps]), encoding="utf-8"
    )
    return root


def test_reads_tasks_and_apps(tmp_path: Path) -> None:
    root = write_suite(tmp_path / "plans")
    assert owns(root)
    suite = read_suite(root, "plans")
    assert [t.query_id for t in suite.tasks] == ["ss-0", "sm-1"]
    assert suite.tasks[1].source.endswith("sm.jsonl:1")
    apps, problems = read_apps(root)
    assert apps[0].name == "Lodging" and problems == []


def test_a_bad_line_names_its_file_line_and_field(tmp_path: Path) -> None:
    root = write_suite(tmp_path / "plans", bad_line=True)
    with pytest.raises(SuiteError, match=r"sm.jsonl:2: field query"):
        read_suite(root, "plans")
    assert len(read_suite(root, "plans", strict=False).tasks) == 2


def test_missing_apps_file_is_reported(tmp_path: Path) -> None:
    root = write_suite(tmp_path / "plans")
    (root / "apps.json").unlink()
    suite = read_suite(root, "plans", strict=False)
    assert any("apps.json: missing" in error for error in suite.errors)
