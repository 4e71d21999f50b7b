"""Reading task files through the derived cache: a stored task is used only for the same bytes,
the same code and an intact entry; anything else is parsed afresh."""

from __future__ import annotations

import json
from pathlib import Path

from assistworld.paradigms.aspera.tasks.cached_files import read_task_files
from assistworld.paradigms.aspera.tasks.taskfile import load_task_file
from tests.paradigms.aspera.tasks.samples import VALID_FILE, write


def _folder(tmp_path: Path) -> Path:
    folder = tmp_path / "suite"
    folder.mkdir()
    return folder


def _read(folder: Path, cache: Path) -> list[str]:
    errors: list[str] = []
    files = sorted(folder.glob("*.py"))
    read = read_task_files(files, errors, directory=cache)
    assert errors == []
    return [task.query for task, _ in read.found]


def test_a_second_read_gives_the_same_tasks(tmp_path: Path) -> None:
    path = write(_folder(tmp_path), "one.py", VALID_FILE)
    errors: list[str] = []
    first = read_task_files([path], errors, directory=tmp_path / "cache")
    assert len(list((tmp_path / "cache").rglob("*.entry"))) == 1  # the parsed file was stored
    second = read_task_files([path], errors, directory=tmp_path / "cache")
    assert errors == []
    assert [t for t, _ in second.found] == [t for t, _ in first.found] == [load_task_file(path)]
    assert second.found[0][0].source == str(path)
    assert second.digests == first.digests
    assert second.found[0][1] == first.found[0][1]  # where QUERY_ID is, for messages


def test_an_edited_file_is_parsed_again(tmp_path: Path) -> None:
    folder = _folder(tmp_path)
    path = write(folder, "one.py", VALID_FILE)
    before = _read(folder, tmp_path / "cache")
    path.write_text(VALID_FILE.replace("Assistant,", "Assistant, please,", 1))
    after = _read(folder, tmp_path / "cache")
    assert after != before
    assert after[0].startswith("Assistant, please,")


def test_a_tampered_cache_entry_is_not_used(tmp_path: Path) -> None:
    folder = _folder(tmp_path)
    write(folder, "one.py", VALID_FILE)
    original = _read(folder, tmp_path / "cache")
    (entry_file,) = (tmp_path / "cache").rglob("*.entry")
    digest, text = entry_file.read_text().split("\n", 1)
    data = json.loads(text)
    data["task"]["query"] = "Assistant, do something else."
    entry_file.write_text(digest + "\n" + json.dumps(data))
    assert _read(folder, tmp_path / "cache") == original


def test_a_bad_file_is_reported_every_time(tmp_path: Path) -> None:
    folder = _folder(tmp_path)
    path = write(folder, "bad.py", VALID_FILE.replace("QUERY_ID", "QUERY_IDENT"))
    for _ in range(2):
        errors: list[str] = []
        read = read_task_files([path], errors, directory=tmp_path / "cache")
        assert read.found == []
        assert any("QUERY_ID" in line for line in errors)
