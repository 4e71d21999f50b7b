"""Reading a suite whose scenarios share a world file: the file is parsed once and every
scenario gets its tables; a scenario file is parsed once per content (the derived store); a bad
world file is still reported for each scenario naming it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from assistworld.core.derived_cache import DerivedStore
from assistworld.core.suite import SuiteError
from assistworld.paradigms.astra.tasks import files as scenario_files
from assistworld.paradigms.astra.tasks.files import WorldFiles, read_scenario, read_suite

DEMO = Path(scenario_files.__file__).parents[3].parent / "assistworld_suites" / "personal_demo"


def _copy_demo(target: Path) -> Path:
    shutil.copytree(DEMO, target)
    return target


def test_a_shared_world_file_is_parsed_once_per_load(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = _copy_demo(tmp_path / "demo")
    parsed: list[Path] = []
    original = scenario_files._parse

    def counting(path: Path) -> object:
        parsed.append(path)
        return original(path)

    monkeypatch.setattr(scenario_files, "_parse", counting)
    suite = read_suite(folder, "demo")
    worlds = [p for p in parsed if p.parent.name == "worlds"]
    assert len(worlds) == 1
    assert len(suite.tasks) == 12
    assert all(task.world == suite.tasks[0].world for task in suite.tasks)  # type: ignore[attr-defined]


def test_a_scenario_file_is_parsed_once_per_content(tmp_path: Path) -> None:
    folder = _copy_demo(tmp_path / "demo")
    store = DerivedStore("astra-scenario-files", "test", tmp_path / "store")
    path = folder / "st_03_call_back_missed.yaml"
    first = read_scenario(path, worlds=WorldFiles(store))
    assert [p for p in (tmp_path / "store").rglob("*") if p.is_file()]
    again = read_scenario(path, worlds=WorldFiles(store))
    assert again == first
    path.write_text(path.read_text(encoding="utf-8").replace("Call them back.", "Ring back."))
    changed = read_scenario(path, worlds=WorldFiles(store))
    assert changed.query.endswith("Ring back.")


def test_a_bad_shared_world_file_is_reported_once_against_itself(tmp_path: Path) -> None:
    folder = _copy_demo(tmp_path / "demo")
    world = folder / "worlds" / "maya.yaml"
    world.write_text("- not a mapping\n", encoding="utf-8")
    with pytest.raises(SuiteError) as failure:
        read_suite(folder, "demo")
    assert failure.value.problems == (f"{world}:1: must hold a mapping of table name to rows",)
