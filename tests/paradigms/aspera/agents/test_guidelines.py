"""Guidelines as data: the built-in rules and a user's TOML file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from assistworld.paradigms.aspera.agents.guidelines import (
    DEFAULT_GENERATION,
    DEFAULT_SELECTION,
    Guidelines,
    GuidelinesError,
    load_guidelines,
)


def test_a_file_with_one_list_keeps_the_other_built_in(tmp_path: Path) -> None:
    path = tmp_path / "rules.toml"
    path.write_text('selection = ["Import the time tools."]\n')
    loaded = load_guidelines(path)
    assert loaded.selection == ("Import the time tools.",)
    assert loaded.generation == DEFAULT_GENERATION
    assert loaded.source == str(path)
    assert loaded.sha256 != Guidelines().sha256
    assert loaded.describe()["selection"] == 1


def test_the_hash_depends_on_the_rules_not_the_source(tmp_path: Path) -> None:
    path = tmp_path / "same.toml"
    # a JSON array of strings is also a TOML array of basic strings
    path.write_text(
        f"generation = {json.dumps(list(DEFAULT_GENERATION))}\n"
        f"selection = {json.dumps(list(DEFAULT_SELECTION))}\n"
    )
    loaded = load_guidelines(path)
    assert loaded.generation == DEFAULT_GENERATION
    assert loaded.sha256 == Guidelines().sha256
    assert loaded.source != Guidelines().source


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("generation = [", "not valid TOML"),
        ('rules = ["x"]\n', "unknown keys rules"),
        ("generation = 3\n", '"generation" must be a list of non-empty strings'),
        ('selection = ["ok", ""]\n', '"selection" must be a list of non-empty strings'),
        ("# nothing\n", "give a generation list, a selection list, or both"),
    ],
)
def test_bad_files_are_explained(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "rules.toml"
    path.write_text(content)
    with pytest.raises(GuidelinesError, match=message):
        load_guidelines(path)


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(GuidelinesError, match="no such file; pass --guidelines"):
        load_guidelines(tmp_path / "absent.toml")


def test_the_built_in_selection_rules_are_generation_rules() -> None:
    assert set(DEFAULT_SELECTION) <= set(DEFAULT_GENERATION)
