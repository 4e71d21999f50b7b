"""The author's reference page: the committed copy is what the declarations make, and every
worked example on it passes `verify` as the page shows."""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from assistworld.authoring.page import examples, render_page
from assistworld.cli import app

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "authoring.md"


def test_the_committed_page_is_what_the_declarations_make() -> None:
    assert PAGE.read_text(encoding="utf-8") == render_page(), (
        "docs/authoring.md is out of date: run `python -m assistworld.authoring > "
        "docs/authoring.md` and commit it"
    )


def test_the_readme_links_the_page() -> None:
    assert "(docs/authoring.md)" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_page_shows_every_file_of_every_example() -> None:
    page = render_page()
    for example in examples().values():
        for file in example["files"]:
            assert f"`{example['folder']}/{file['path']}`:" in page
            assert file["text"].rstrip("\n") in page
        assert f"$ {example['command']}" in page


@pytest.mark.parametrize("name", sorted(examples()))
def test_each_worked_example_verifies(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    example: dict[str, Any] = examples()[name]
    folder = tmp_path / example["folder"]
    for file in example["files"]:
        target = folder / file["path"]
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(file["text"], encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    command = shlex.split(example["command"])
    assert command[0] == "assistworld"
    result = CliRunner().invoke(app, command[1:])
    assert result.exit_code == 0, result.output
    assert result.output.rstrip().endswith("verify: OK")
