"""Atomic writes: a reader sees the old file or the new one, never half."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from assistworld.core.atomic import write_atomically, write_json_atomically


def test_a_file_is_replaced_whole_and_no_temporary_is_left(tmp_path: Path) -> None:
    target = tmp_path / "deep" / "file.json"
    write_json_atomically(target, {"b": 1, "a": [1, 2]})
    write_atomically(target, "second")
    assert target.read_text() == "second"
    assert [p.name for p in target.parent.iterdir()] == ["file.json"]


def test_a_failed_write_leaves_the_old_content(tmp_path: Path) -> None:
    target = tmp_path / "file.json"
    write_json_atomically(target, {"kept": True})

    class Unwritable:
        pass

    with pytest.raises(TypeError):
        write_atomically(target, Unwritable())  # type: ignore[arg-type]
    assert json.loads(target.read_text()) == {"kept": True}
    assert [p.name for p in tmp_path.iterdir()] == ["file.json"]
