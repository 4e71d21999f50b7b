"""Finding paradigms and suites: every command dispatches through these."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from assistworld.cli import app
from assistworld.core.registry import (
    UnknownParadigmError,
    bundled_suites,
    get_paradigm,
    load_suite,
    paradigm_names,
    resolve_suite,
)
from assistworld.core.suite import SuiteError
from tests.runner._suite import write_suite


def test_the_bundled_workplace_suite_is_an_aspera_suite() -> None:
    (workplace,) = [suite for suite in bundled_suites() if suite.name == "workplace"]
    assert workplace.paradigm == "aspera"
    assert workplace.description
    assert "aspera" in paradigm_names()


def test_an_unknown_paradigm_is_named_with_the_installed_ones() -> None:
    with pytest.raises(
        UnknownParadigmError, match="no paradigm 'nope'; installed: appbench, aspera"
    ):
        get_paradigm("nope")


def test_a_folder_of_task_files_goes_to_the_paradigm_that_owns_it(tmp_path: Path) -> None:
    write_suite(tmp_path / "mine", 2)
    name, path, paradigm, _ = resolve_suite(tmp_path / "mine")
    assert (name, path, paradigm.name) == ("mine", (tmp_path / "mine").resolve(), "aspera")
    suite = load_suite(tmp_path / "mine")
    assert suite.paradigm == "aspera"
    assert [task.query_id for task in suite.tasks] == ["focus_00", "focus_01"]


def test_a_suite_json_names_the_paradigm_of_a_folder(tmp_path: Path) -> None:
    (tmp_path / "odd").mkdir()
    (tmp_path / "odd" / "suite.json").write_text('{"paradigm": "nope"}')
    with pytest.raises(UnknownParadigmError):
        resolve_suite(tmp_path / "odd")


def test_a_missing_suite_lists_the_bundled_ones(tmp_path: Path) -> None:
    with pytest.raises(SuiteError, match=r"bundled: [^)]*\bworkplace\b") as error:
        load_suite(str(tmp_path / "absent"))
    assert "personal_demo" in str(error.value)


def test_suites_command_lists_name_paradigm_and_task_count() -> None:
    done = CliRunner().invoke(app, ["suites", "--json"])
    assert done.exit_code == 0, done.output
    rows = json.loads(done.output)
    (workplace,) = [row for row in rows if row["name"] == "workplace"]
    assert workplace["paradigm"] == "aspera"
    assert workplace["tasks"] == len(load_suite("workplace").tasks)
    table = CliRunner().invoke(app, ["suites"])
    assert "workplace" in table.output and "aspera" in table.output


def test_a_bundled_suite_whose_paradigm_is_not_installed_is_listed_without_a_count(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from assistworld.core import listing
    from assistworld.core.registry import BundledSuite

    extra = BundledSuite(name="elsewhere", path=tmp_path, paradigm="nonesuch", description="x")
    monkeypatch.setattr(listing, "bundled_suites", lambda: [extra])
    (row,) = listing.suite_rows()
    assert row["name"] == "elsewhere" and row["tasks"] is None
    assert "'nonesuch' is not installed" in row["description"]
    assert listing.render_suites([row]).row_count == 1


def test_a_paradigm_is_made_once_and_a_built_in_one_without_scanning_packages(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import importlib.metadata

    def no_scan(**_: object) -> object:
        raise AssertionError("the installed packages were scanned for a built-in paradigm")

    from assistworld.core import registry

    registry._installed_factories.cache_clear()  # else an earlier scan's result hides a new one
    monkeypatch.setattr(importlib.metadata, "entry_points", no_scan)
    assert get_paradigm("aspera") is get_paradigm("aspera")
