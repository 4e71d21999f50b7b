"""A run split over machines with ``--shard K/N`` and joined with ``merge`` is the unsplit run."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from assistworld.cli import app
from assistworld.core.shards import Shard
from assistworld.paradigms.aspera.tasks.suite import load_suite
from tests.runner._suite import write_suite

COUNT = 12


@pytest.fixture
def replay(tmp_path: Path) -> tuple[Path, Path]:
    """A suite and a replay file that passes the even tasks and fails the odd ones."""
    folder = tmp_path / "suite"
    write_suite(folder, COUNT)
    lines = []
    for index, task in enumerate(load_suite(folder).tasks):
        program = task.program if index % 2 == 0 else "def nothing():\n    return None\n"
        lines.append(json.dumps({"query_id": task.query_id, "program": program}))
    programs = tmp_path / "programs.jsonl"
    programs.write_text("\n".join(lines) + "\n")
    return folder, programs


def _run(folder: Path, programs: Path, out: Path, *extra: str) -> str:
    args = ["run", "--suite", str(folder), "--agent", "replay", "--programs", str(programs)]
    done = CliRunner().invoke(app, [*args, "--samples", "2", "--unsafe", "--out", str(out), *extra])
    assert done.exit_code == 0, done.output
    return done.output


def _records(run_dir: Path) -> dict[tuple[str, int], tuple[bool, str, float]]:
    records = {}
    for line in (run_dir / "results.jsonl").read_text().splitlines():
        record = json.loads(line)
        key = (record["query_id"], record.get("sample", 0))
        assert key not in records
        records[key] = (record["passed"], record["outcome"], record["score"])
    return records


def test_three_shards_merged_equal_the_unsplit_run(
    replay: tuple[Path, Path], tmp_path: Path
) -> None:
    folder, programs = replay
    _run(folder, programs, tmp_path / "whole")
    shards = [tmp_path / f"part{k}" for k in (1, 2, 3)]
    for k, shard in enumerate(shards, start=1):
        _run(folder, programs, shard, "--shard", f"{k}/3")
    sizes = [len(_records(shard)) for shard in shards]
    assert sum(sizes) == COUNT * 2 and all(sizes), "every (task, sample) in exactly one part"
    merged = CliRunner().invoke(
        app, ["merge", *map(str, shards), "--out", str(tmp_path / "merged")]
    )
    assert merged.exit_code == 0, merged.output
    assert f"{COUNT * 2} results" in merged.output and "missing" not in merged.output
    assert _records(tmp_path / "merged") == _records(tmp_path / "whole")
    whole = json.loads((tmp_path / "whole" / "summary.json").read_text())
    joined = json.loads((tmp_path / "merged" / "summary.json").read_text())
    assert joined["metrics"]["overall"] == whole["metrics"]["overall"]
    assert joined["metrics"]["samples"] == whole["metrics"]["samples"], "pass^k over all parts"
    manifest = json.loads((tmp_path / "merged" / "manifest.json").read_text())
    assert "shard" not in manifest and len(manifest["merged_from"]) == 3
    assert CliRunner().invoke(app, ["show", str(tmp_path / "merged")]).exit_code == 0
    resumed = _run(folder, programs, tmp_path / "merged", "--resume")
    assert "(0 run now, 24 from earlier invocations)" in resumed, "the merged run is whole"


def test_a_lost_shard_is_reported_and_its_tasks_finished_by_resuming(
    replay: tuple[Path, Path], tmp_path: Path
) -> None:
    folder, programs = replay
    for k in (1, 3):
        _run(folder, programs, tmp_path / f"part{k}", "--shard", f"{k}/3")
    out = tmp_path / "merged"
    merged = CliRunner().invoke(
        app, ["merge", str(tmp_path / "part1"), str(tmp_path / "part3"), "--out", str(out)]
    )
    assert merged.exit_code == 0, merged.output
    assert "shards not given: 2" in merged.output
    assert "have no result" in merged.output and "--resume" in merged.output
    _run(folder, programs, out, "--resume")
    assert len(_records(out)) == COUNT * 2


def test_shards_of_different_runs_are_refused(replay: tuple[Path, Path], tmp_path: Path) -> None:
    folder, programs = replay
    _run(folder, programs, tmp_path / "a1", "--shard", "1/2")
    _run(folder, programs, tmp_path / "b2", "--shard", "2/2", "--timeout", "7")
    refused = CliRunner().invoke(
        app, ["merge", str(tmp_path / "a1"), str(tmp_path / "b2"), "--out", str(tmp_path / "m")]
    )
    assert refused.exit_code == 2
    assert "is not a part of the same run" in refused.output and "limits" in refused.output
    twice = CliRunner().invoke(
        app, ["merge", str(tmp_path / "a1"), str(tmp_path / "a1"), "--out", str(tmp_path / "m")]
    )
    assert twice.exit_code == 2 and "shard 1 is given twice" in twice.output
    assert not (tmp_path / "m").exists()


def test_a_bad_shard_is_one_clear_line(replay: tuple[Path, Path]) -> None:
    folder, _ = replay
    for bad, said in (("3/2", "K must be from 1 to N"), ("half", "give K/N")):
        done = CliRunner().invoke(
            app,
            ["run", "--suite", str(folder), "--agent", "oracle", "--unsafe", "--shard", bad],
        )
        assert done.exit_code == 2 and said in done.output


def test_the_partition_is_stable_and_near_even() -> None:
    ids = [f"task_{n}" for n in range(3000)]
    parts = [sum(Shard(k, 3).owns(i, 0) for i in ids) for k in (1, 2, 3)]
    assert sum(parts) == 3000 and max(parts) - min(parts) < 150
    assert Shard(2, 3).owns("task_7", 1) == Shard.parse(" 2 / 3 ").owns("task_7", 1)
