"""Suites: resolving names and paths, sorting, hashing, and reporting every bad file at once."""

from __future__ import annotations

from pathlib import Path

import pytest

from assistworld.paradigms.aspera.tasks.errors import SuiteError
from assistworld.paradigms.aspera.tasks.suite import (
    bundled_suite_names,
    bundled_suites_dir,
    load_suite,
)
from tests.paradigms.aspera.tasks.samples import VALID_FILE, line_of, write


def task_text(query_id: str) -> str:
    return VALID_FILE.replace('"count_tomorrow"', f'"{query_id}"')


def test_a_folder_of_task_files_is_a_suite_sorted_by_id(tmp_path: Path) -> None:
    for query_id in ("q10", "q2", "q1"):
        write(tmp_path, f"file_{query_id}.py", task_text(query_id))
    write(tmp_path, "_draft.py", "not even python (")
    write(tmp_path, "notes.md", "not a task")
    write(tmp_path, ".hidden.py", "not even python (")
    (tmp_path / "folder.py").mkdir()  # a directory with a task file's name is no task file
    suite = load_suite(tmp_path)
    assert [t.query_id for t in suite.tasks] == ["q1", "q2", "q10"]
    assert (suite.name, suite.path, suite.format) == (tmp_path.name, str(tmp_path), "task-files")
    assert suite.errors == []
    assert suite.get("q2").query_id == "q2"
    with pytest.raises(KeyError, match="has no task 'q3'"):
        suite.get("q3")


def test_a_second_load_from_the_derived_cache_gives_equal_tasks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ASSISTWORLD_DERIVED_DIR", str(tmp_path / "derived"))
    folder = tmp_path / "suite"
    folder.mkdir()
    # a program with Windows line ends and leading blank lines: normalised when first parsed,
    # and stored normalised, so the cached read (which does not normalise again) agrees
    write(folder, "a.py", task_text("q1").replace("\n", "\r\n"))
    first = load_suite(folder)
    assert list((tmp_path / "derived").rglob("*.entry"))
    second = load_suite(folder)
    assert second.tasks == first.tasks
    assert "\r" not in second.tasks[0].program
    assert second.content_hash == first.content_hash


def test_the_content_hash_follows_file_contents_only(tmp_path: Path) -> None:
    one, two = tmp_path / "one", tmp_path / "two"
    one.mkdir()
    two.mkdir()
    write(one, "a.py", task_text("q1"))
    write(one, "b.py", task_text("q2"))
    write(two, "renamed_first.py", task_text("q2"))
    write(two, "renamed_second.py", task_text("q1"))
    first = load_suite(one).content_hash
    assert len(first) == 64
    assert load_suite(one).content_hash == first  # stable
    assert load_suite(two).content_hash == first  # names and order do not matter
    write(one, "b.py", task_text("q2") + "\n# an edit\n")
    assert load_suite(one).content_hash != first


def test_every_bad_file_is_reported_at_once(tmp_path: Path) -> None:
    write(tmp_path, "good.py", task_text("good"))
    bad_syntax = write(tmp_path, "bad_syntax.py", task_text("s").replace("def setup_env", "def ("))
    bad_field = write(tmp_path, "bad_field.py", task_text("f").replace("TAGS", "TAG"))
    suite = load_suite(tmp_path, strict=False)
    assert [t.query_id for t in suite.tasks] == ["good"]
    assert suite.errors == [
        f"{bad_field}:5: unknown metadata field TAG (did you mean TAGS?); allowed fields: "
        "QUERY_ID, CATEGORY, TAGS, KIND, NOW, SCENARIO",
        f"{bad_syntax}:{line_of(VALID_FILE, 'def setup_env')}: syntax error: invalid syntax; fix "
        "the Python syntax",
    ]
    with pytest.raises(SuiteError) as caught:
        load_suite(tmp_path)
    assert caught.value.problems == tuple(suite.errors)
    assert str(caught.value).split("\n") == [
        f"suite {tmp_path.name!r} ({tmp_path}) has 2 problems:",
        *suite.errors,
    ]


def test_duplicate_query_ids_across_a_suite(tmp_path: Path) -> None:
    first = write(tmp_path, "a.py", task_text("same"))
    second = write(tmp_path, "b.py", task_text("same"))
    line = line_of(VALID_FILE, "QUERY_ID")
    suite = load_suite(tmp_path, strict=False)
    assert [t.source for t in suite.tasks] == [str(first)]
    assert suite.errors == [
        f"{second}:{line}: query id 'same' is also used by {first}:{line}; give each task its "
        "own QUERY_ID"
    ]


def test_an_empty_folder_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(SuiteError) as caught:
        load_suite(tmp_path)
    assert caught.value.problems == (
        f"{tmp_path}: no task files (*.py) found; add one file per task (format: see "
        "assistworld.paradigms.aspera.tasks.taskfile)",
    )


def test_unknown_names_and_files_are_refused_with_what_to_pass(tmp_path: Path) -> None:
    with pytest.raises(SuiteError) as caught:
        load_suite("no_such_suite")
    message = str(caught.value)
    assert message.startswith("no suite 'no_such_suite': it is neither a bundled suite (bundled: ")
    assert "workplace" in message
    task_file = write(tmp_path, "one.py", task_text("q1"))
    with pytest.raises(SuiteError, match="is a file; --suite takes a folder"):
        load_suite(str(task_file))


def test_bundled_suites_are_found_in_the_data_package_and_win_over_local_folders(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert "workplace" in bundled_suite_names()
    assert (bundled_suites_dir() / "workplace" / "README.md").is_file()
    local = tmp_path / "workplace"
    local.mkdir()
    write(local, "mine.py", task_text("mine"))
    monkeypatch.chdir(tmp_path)
    bundled = load_suite("workplace", strict=False)
    assert (bundled.name, bundled.path) == ("workplace", str(bundled_suites_dir() / "workplace"))
    assert "mine" not in [t.query_id for t in bundled.tasks]
    mine = load_suite("./workplace")
    assert [t.query_id for t in mine.tasks] == ["mine"]
