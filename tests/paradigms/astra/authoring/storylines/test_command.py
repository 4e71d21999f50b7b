"""``assistworld world generate`` writes a loadable world and prints Table S1's columns."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from assistworld.apps.personal import personal_world
from assistworld.cli import app


def test_generate_writes_a_loadable_world_and_its_statistics(tmp_path: Path) -> None:
    out = tmp_path / "kenji.json"
    result = CliRunner().invoke(
        app,
        [
            "world",
            "generate",
            "--protagonist",
            "kenji",
            "--seed",
            "4",
            "--days",
            "14",
            "--out",
            str(out),
        ],
        env={"COLUMNS": "200"},
    )
    assert result.exit_code == 0, result.output
    for column in ("Events", "Contact", "Calendar", "Email", "Message", "WhatsApp", "Phone call"):
        assert column in result.output
    document = json.loads(out.read_text(encoding="utf-8"))
    world = personal_world(document["world"])
    assert world.now.isoformat() == document["storyline"]["now"]


def test_an_unknown_protagonist_is_one_clear_line() -> None:
    result = CliRunner().invoke(app, ["world", "generate", "--protagonist", "zed"])
    assert result.exit_code == 2
    assert "unknown protagonist 'zed'" in result.output
    assert "Traceback" not in result.output
