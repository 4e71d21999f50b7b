"""The derived cache: values come back only for the same key, intact, from the same code."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from assistworld.core.derived_cache import (
    DERIVED_DIR_ENV,
    DerivedStore,
    code_fingerprint,
    default_derived_dir,
    sha256_text,
)


def test_a_saved_value_comes_back_in_a_new_store(tmp_path: Path) -> None:
    store = DerivedStore("ns", "code-1", tmp_path)
    store.put("k", {"answer": [1, 2]})
    again = DerivedStore("ns", "code-1", tmp_path)
    assert again.get("k") == {"answer": [1, 2]}
    assert again.get("other") is None


def test_other_code_sees_nothing(tmp_path: Path) -> None:
    store = DerivedStore("ns", "code-1", tmp_path)
    store.put("k", "v")
    assert DerivedStore("ns", "code-2", tmp_path).get("k") is None
    assert DerivedStore("other", "code-1", tmp_path).get("k") is None


def _entry_file(tmp_path: Path) -> Path:
    (path,) = tmp_path.rglob("*.entry")
    return path


def test_an_edited_entry_is_not_trusted(tmp_path: Path) -> None:
    store = DerivedStore("ns", "code-1", tmp_path)
    store.put("k", {"passed": False})
    path = _entry_file(tmp_path)
    digest, value = path.read_text().split("\n", 1)
    assert json.loads(value) == {"passed": False}
    path.write_text(digest + "\n" + value.replace("false", "true"))
    assert DerivedStore("ns", "code-1", tmp_path).get("k") is None
    path.write_text(digest + "\n" + value)  # put back as it was: trusted again
    assert DerivedStore("ns", "code-1", tmp_path).get("k") == {"passed": False}


def test_a_corrupt_entry_is_ignored_and_replaced(tmp_path: Path) -> None:
    store = DerivedStore("ns", "code-1", tmp_path)
    store.put("k", "v")
    _entry_file(tmp_path).write_text("{not json")
    fresh = DerivedStore("ns", "code-1", tmp_path)
    assert fresh.get("k") is None
    fresh.put("k", "w")
    assert DerivedStore("ns", "code-1", tmp_path).get("k") == "w"


def test_keys_that_are_not_digests_are_never_paths(tmp_path: Path) -> None:
    store = DerivedStore("ns", "code-1", tmp_path)
    store.put("../escape", "v")
    assert store.get("../escape") is None
    assert not list(tmp_path.rglob("*"))


def test_off_turns_the_cache_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(DERIVED_DIR_ENV, "off")
    assert default_derived_dir() is None
    store = DerivedStore("ns", "code-1")
    store.put("k", "v")
    assert store.folder is None
    assert DerivedStore("ns", "code-1").get("k") is None


def test_the_fingerprint_follows_the_source(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = tmp_path / "fingerprinted_pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "rules.py").write_text("LIMIT = 1\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    before = code_fingerprint(["fingerprinted_pkg"])
    assert code_fingerprint(["fingerprinted_pkg"]) == before
    (package / "rules.py").write_text("LIMIT = 2\n")
    assert code_fingerprint(["fingerprinted_pkg"]) != before


def test_sha256_text_is_the_hex_digest() -> None:
    assert sha256_text("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
