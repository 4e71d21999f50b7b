"""Finding a run's suite and measuring its reference programs, or saying why it cannot."""

from __future__ import annotations

import shutil
from pathlib import Path

from assistworld.paradigms.aspera.report.references import load_references
from tests.report._runs import EVIL_QUERY, manifest, write_suite


def test_references_are_read_from_the_suite_path_and_measured(tmp_path: Path) -> None:
    suite = write_suite(tmp_path / "suite")
    refs = load_references(manifest(suite, []))
    assert refs.available and refs.notes == []
    assert sorted(refs.tasks) == ["cancel_03", "count_02", "evil_04", "lunch_01"]
    lunch = refs.tasks["lunch_01"]
    assert lunch.complexity is not None
    assert lunch.complexity.cyclomatic_complexity == 1
    assert "add_event" in lunch.complexity.primitives
    assert refs.tasks["cancel_03"].pairs == 2
    assert refs.tasks["cancel_03"].complexity.helper_functions == 1  # type: ignore[union-attr]
    assert refs.tasks["evil_04"].query == EVIL_QUERY
    assert refs.tasks["lunch_01"].query_words == 8


def test_a_suite_that_changed_since_the_run_is_used_with_a_warning(tmp_path: Path) -> None:
    suite = write_suite(tmp_path / "suite")
    refs = load_references(manifest(suite, [], suite_hash="f" * 64))
    assert refs.available
    assert any("has changed since the run" in note for note in refs.notes)


def test_a_suite_that_is_gone_gives_the_reason(tmp_path: Path) -> None:
    suite = write_suite(tmp_path / "suite")
    data = manifest(suite, [])
    shutil.rmtree(suite)
    refs = load_references(data)
    assert not refs.available
    assert refs.missing_reason is not None
    assert f"suite folder {suite} does not exist" in refs.missing_reason
    assert "no suite 'suite'" in refs.missing_reason


def test_a_bundled_suite_is_found_by_name_when_its_path_is_stale() -> None:
    refs = load_references({"suite": "workplace", "suite_path": "/moved/away/workplace"})
    assert refs.available
    assert len(refs.tasks) > 10


def test_a_manifest_without_suite_gives_the_reason() -> None:
    refs = load_references({})
    assert not refs.available
    assert "names no suite" in (refs.missing_reason or "")
