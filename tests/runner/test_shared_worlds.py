"""A conversation run keeps each starting world once, and reads back exactly what it graded."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from assistworld.cli import app
from assistworld.core.blobs import BLOBS_DIR
from assistworld.report.rundata import load_run


def test_a_conversation_run_stores_each_starting_world_once(tmp_path: Path) -> None:
    out = tmp_path / "run"
    done = CliRunner().invoke(
        app, ["run", "--suite", "personal_demo", "--agent", "oracle", "--out", str(out)]
    )
    assert done.exit_code == 0, done.output
    lines = (out / "results.jsonl").read_text().splitlines()
    reference = {
        json.loads(line)["query_id"]: json.loads(line)["details"]["conversation"]["worlds"][
            "initial"
        ]["$blob"]
        for line in lines
    }
    assert len(set(reference.values())) < len(reference), "scenarios share their world's file"
    assert {blob.stem for blob in (out / BLOBS_DIR).iterdir()} == set(reference.values())
    run = load_run(out)
    assert len(run.results) == len(lines) and all(result.passed for result in run.results)
    for result in run.results:
        stored = (out / BLOBS_DIR / f"{reference[result.query_id]}.json").read_text()
        assert result.details.conversation.worlds.initial == json.loads(stored)
    shown = CliRunner().invoke(app, ["show", str(out)])
    assert shown.exit_code == 0, shown.output
