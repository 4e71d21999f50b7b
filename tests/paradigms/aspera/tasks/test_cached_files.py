"""Reading task files through the derived cache: a stored task is used only for the same bytes,
the same code and an intact entry; anything else is parsed afresh."""

from __future__ import annotations

import concurrent.futures
import json
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, ClassVar

import pytest

from assistworld.paradigms.aspera.tasks import cached_files
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


def _many_files(folder: Path, count: int) -> list[Path]:
    """``count`` valid task files with ids of their own, a bad one in the middle and a missing
    one after it."""
    files = [
        write(folder, f"t{n:02d}.py", VALID_FILE.replace("count_tomorrow", f"count_{n:02d}"))
        for n in range(count)
    ]
    bad = write(folder, "t_bad.py", VALID_FILE.replace("QUERY_ID", "QUERY_IDENT"))
    return [*files[: count // 2], bad, folder / "t_missing.py", *files[count // 2 :]]


class _CountingPool(ProcessPoolExecutor):
    started: ClassVar[list[int | None]] = []

    def __init__(self, workers: int | None = None, **options: Any) -> None:
        _CountingPool.started.append(workers)
        super().__init__(workers, **options)


def test_many_new_files_are_parsed_over_processes_with_the_same_result(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = _many_files(_folder(tmp_path), 12)
    here_errors: list[str] = []
    here = read_task_files(files, here_errors, directory=tmp_path / "here", parallel_from=10**6)
    monkeypatch.setattr(cached_files, "_usable_cpus", lambda: 2)
    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", _CountingPool)
    _CountingPool.started.clear()
    spread_errors: list[str] = []
    spread = read_task_files(files, spread_errors, directory=tmp_path / "spread", parallel_from=4)
    assert _CountingPool.started == [2]  # the pool was used, with one worker per CPU
    assert spread.found == here.found  # same tasks, same sources and lines, same order
    assert [task.query_id for task, _ in spread.found][:2] == ["count_00", "count_01"]
    assert spread.digests == here.digests
    assert spread_errors == here_errors
    assert any("t_bad.py" in line and "QUERY_ID" in line for line in spread_errors)
    assert any("t_missing.py" in line for line in spread_errors)
    # the workers stored what they parsed: the next read parses nothing and starts no pool
    stored = list((tmp_path / "spread").rglob("*.entry"))
    assert len(stored) == 12
    again = read_task_files(files, [], directory=tmp_path / "spread", parallel_from=4)
    assert again.found == here.found
    assert _CountingPool.started == [2]


def test_a_few_new_files_are_parsed_here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    files = _many_files(_folder(tmp_path), 4)
    monkeypatch.setattr(cached_files, "_usable_cpus", lambda: 2)
    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", _CountingPool)
    _CountingPool.started.clear()
    read = read_task_files(files, [], directory=tmp_path / "cache", parallel_from=200)
    assert len(read.found) == 4
    assert _CountingPool.started == []
