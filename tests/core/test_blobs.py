"""Values many records share are stored once per run directory and checked when read."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from assistworld.core.blobs import BLOBS_DIR, BlobError
from assistworld.core.result import TaskResult
from assistworld.core.store import ResultsStore
from assistworld.world.history import WorldHistory


class Details(BaseModel):
    """What a conversation's record holds of its world: the history, its first state shared."""

    worlds: WorldHistory
    note: str = ""

    @property
    def world(self) -> dict[str, Any]:
        return self.worlds.initial


Result = TaskResult[Details]

BIG_WORLD = {"contacts": {f"contact-{i}": {"name": f"Person {i}"} for i in range(200)}}


def _result(query_id: str, world: dict[str, Any]) -> TaskResult[Details]:
    return Result(
        query_id=query_id,
        paradigm="test",
        agent="oracle",
        passed=True,
        score=1.0,
        outcome="passed",
        details=Details(worlds=WorldHistory(initial_version=0, initial=world), note=query_id),
    )


def _write(run_dir: Path, *results: TaskResult[Details]) -> ResultsStore:
    store = ResultsStore(run_dir, Result)
    with store.open_for_append() as writer:
        for result in results:
            writer.append(result)
    return store


def test_a_shared_world_is_written_once_and_read_back_whole(tmp_path: Path) -> None:
    store = _write(tmp_path, *(_result(f"t{i}", BIG_WORLD) for i in range(30)))
    blobs = list((tmp_path / BLOBS_DIR).iterdir())
    assert len(blobs) == 1
    lines = store.path.read_text().splitlines()
    assert all(len(line) < 400 for line in lines), "each record refers to the world"
    assert json.loads(blobs[0].read_text()) == BIG_WORLD
    loaded = ResultsStore(tmp_path, Result).load()
    assert [r.details.world for r in loaded] == [BIG_WORLD] * 30
    assert [r.details.note for r in loaded] == [f"t{i}" for i in range(30)]


def test_small_values_and_plain_dumps_stay_inline(tmp_path: Path) -> None:
    small = {"contacts": {}}
    store = _write(tmp_path, _result("t", small))
    assert not (tmp_path / BLOBS_DIR).exists()
    assert json.loads(store.path.read_text())["details"]["worlds"]["initial"] == small
    plain = json.loads(_result("u", BIG_WORLD).model_dump_json())
    assert plain["details"]["worlds"]["initial"] == BIG_WORLD


def test_records_written_inline_before_still_load(tmp_path: Path) -> None:
    (tmp_path / "results.jsonl").write_text(_result("old", BIG_WORLD).model_dump_json() + "\n")
    assert ResultsStore(tmp_path, Result).load()[0].details.world == BIG_WORLD


def test_a_damaged_or_missing_blob_is_named_not_skipped(tmp_path: Path) -> None:
    _write(tmp_path, _result("t", BIG_WORLD))
    (blob,) = (tmp_path / BLOBS_DIR).iterdir()
    blob.write_text(blob.read_text().replace("Person 7", "Person 8"))
    with pytest.raises(BlobError, match="does not match its name"):
        ResultsStore(tmp_path, Result).load()
    blob.unlink()
    with pytest.raises(BlobError, match=f"{blob.name}.*cannot be read.*{BLOBS_DIR}/ included"):
        ResultsStore(tmp_path, Result).load()


def test_a_reference_read_without_its_run_directory_is_refused() -> None:
    line = json.dumps(
        {
            **json.loads(_result("t", {}).model_dump_json()),
            "details": {"worlds": {"initial_version": 0, "initial": {"$blob": "ab"}}},
        }
    )
    with pytest.raises(LookupError, match=r"refers to a shared value.*\(ResultsStore does\)"):
        Result.model_validate_json(line)
