"""The session's append-only records and its lock."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from assistworld.paradigms.aspera.authoring.records import (
    JsonLines,
    SessionBusyError,
    SessionFiles,
)


def test_a_record_is_written_once_even_after_reopening(tmp_path: Path) -> None:
    path = tmp_path / "log.jsonl"
    log = JsonLines(path)
    assert log.append({"id": "a", "value": 1}) is True
    assert log.append({"id": "a", "value": 2}) is False
    reopened = JsonLines(path)  # a resumed session repeating the step that logged
    assert reopened.append({"id": "a", "value": 3}) is False
    assert reopened.append({"id": "b", "value": 4}) is True
    assert [(r["id"], r["value"]) for r in reopened.records()] == [("a", 1), ("b", 4)]
    assert all("time" in r for r in reopened.records())


def test_a_line_cut_short_by_a_crash_is_skipped(tmp_path: Path) -> None:
    path = tmp_path / "log.jsonl"
    path.write_text(json.dumps({"id": "a"}) + '\n{"id": "b", "val')
    log = JsonLines(path)
    assert [r["id"] for r in log.records()] == ["a"]


def test_only_one_process_holds_a_session(tmp_path: Path) -> None:
    first = SessionFiles(tmp_path)
    first.lock()
    with pytest.raises(SessionBusyError, match="another `assistworld generate` is running"):
        SessionFiles(tmp_path).lock()
    first.unlock()
    second = SessionFiles(tmp_path)
    second.lock()
    second.unlock()


def test_a_set_aside_program_keeps_its_reason_on_top(tmp_path: Path) -> None:
    files = SessionFiles(tmp_path)
    path = files.set_aside("round-001-p", "def p():\n    pass\n", "too vague\nand unclear")
    assert (
        path.read_text()
        == "# quarantined: too vague\n# quarantined: and unclear\n\ndef p():\n    pass\n"
    )
