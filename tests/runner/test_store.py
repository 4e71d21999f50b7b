from __future__ import annotations

import os
from pathlib import Path

import pytest

from assistworld.core.store import ResultsStore
from assistworld.paradigms.aspera.grading.results import AsperaResult


def _result(query_id: str, passed: bool = True) -> AsperaResult:
    return AsperaResult(
        query_id=query_id,
        passed=passed,
        outcome="passed" if passed else "execution_error",
        agent="oracle",
    )


def test_appended_results_are_read_back_in_order(tmp_path: Path) -> None:
    store = ResultsStore(tmp_path)
    with store.open_for_append() as writer:
        writer.append(_result("a"))
        writer.append(_result("b", passed=False))
    loaded = store.load()
    assert [r.query_id for r in loaded] == ["a", "b"]
    assert loaded[1].outcome == "execution_error"


def test_a_torn_last_line_is_ignored_and_cut_before_appending(tmp_path: Path) -> None:
    store = ResultsStore(tmp_path)
    with store.open_for_append() as writer:
        writer.append(_result("a"))
    with store.path.open("ab") as handle:
        handle.write(b'{"query_id": "b", "pass')  # a run killed mid-write
    assert [r.query_id for r in store.load()] == ["a"]
    with store.open_for_append() as writer:
        writer.append(_result("c"))
    lines = store.path.read_text().splitlines()
    assert len(lines) == 2
    assert [r.query_id for r in store.load()] == ["a", "c"]


def test_a_duplicate_line_counts_once(tmp_path: Path) -> None:
    store = ResultsStore(tmp_path)
    with store.open_for_append() as writer:
        writer.append(_result("a"))
        writer.append(_result("a", passed=False))
    loaded = store.load()
    assert len(loaded) == 1 and loaded[0].passed


def test_lone_surrogates_are_stored_escaped_and_read_back(tmp_path: Path) -> None:
    store = ResultsStore(tmp_path, AsperaResult)
    result = _result("a", passed=False)
    details = result.details.model_copy(
        update={
            "program": 'def f():\n    return "\ud800"\n',
            "pairs": [{"run": {"return_value": "\ud800"}, "k\udc80": 1}],
            "tamper_flags": ["unlisted_op:\ud800op"],
        }
    )
    result = result.model_copy(update={"error": "bad \udcff", "details": details})
    with store.open_for_append() as writer:
        writer.append(result)
    (loaded,) = store.load()
    assert loaded.details.program == 'def f():\n    return "\\ud800"\n'
    assert loaded.error == "bad \\udcff"
    assert loaded.details.pairs == [{"run": {"return_value": "\\ud800"}, "k\\udc80": 1}]
    assert loaded.details.tamper_flags == ["unlisted_op:\\ud800op"]


def test_a_line_is_readable_as_soon_as_written_and_synced_at_most_once_a_second(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    synced: list[int] = []
    real_fsync = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: (synced.append(fd), real_fsync(fd)))
    store = ResultsStore(tmp_path)
    with store.open_for_append() as writer:
        for name in "abcde":
            writer.append(_result(name))
            assert store.load()[-1].query_id == name  # written through, not buffered
        assert len(synced) <= 1  # five quick results: not five fsyncs
    assert len(synced) >= 1  # closing syncs what is left
