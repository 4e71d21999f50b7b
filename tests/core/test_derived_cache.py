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
    store = DerivedStore("ns", "scope", "code-1", tmp_path)
    store.put("k", {"answer": [1, 2]})
    store.save()
    again = DerivedStore("ns", "scope", "code-1", tmp_path)
    assert again.get("k") == {"answer": [1, 2]}
    assert again.get("other") is None


def test_other_code_or_another_scope_sees_nothing(tmp_path: Path) -> None:
    store = DerivedStore("ns", "scope", "code-1", tmp_path)
    store.put("k", "v")
    store.save()
    assert DerivedStore("ns", "scope", "code-2", tmp_path).get("k") is None
    assert DerivedStore("ns", "elsewhere", "code-1", tmp_path).get("k") is None


def test_an_edited_entry_is_not_trusted(tmp_path: Path) -> None:
    store = DerivedStore("ns", "scope", "code-1", tmp_path)
    store.put("k", {"passed": False})
    store.save()
    assert store.path is not None
    data = json.loads(store.path.read_text())
    data["entries"]["k"]["value"]["passed"] = True
    store.path.write_text(json.dumps(data))
    assert DerivedStore("ns", "scope", "code-1", tmp_path).get("k") is None


def test_a_corrupt_store_file_is_ignored(tmp_path: Path) -> None:
    store = DerivedStore("ns", "scope", "code-1", tmp_path)
    store.put("k", "v")
    store.save()
    assert store.path is not None
    store.path.write_text("{not json")
    fresh = DerivedStore("ns", "scope", "code-1", tmp_path)
    assert fresh.get("k") is None
    fresh.put("k", "w")
    fresh.save()
    assert DerivedStore("ns", "scope", "code-1", tmp_path).get("k") == "w"


def test_saving_keeps_only_the_entries_used(tmp_path: Path) -> None:
    store = DerivedStore("ns", "scope", "code-1", tmp_path)
    store.put("old", 1)
    store.put("kept", 2)
    store.save()
    second = DerivedStore("ns", "scope", "code-1", tmp_path)
    assert second.get("kept") == 2
    second.put("new", 3)
    second.save()
    third = DerivedStore("ns", "scope", "code-1", tmp_path)
    assert (third.get("old"), third.get("kept"), third.get("new")) == (None, 2, 3)


def test_off_turns_the_cache_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(DERIVED_DIR_ENV, "off")
    assert default_derived_dir() is None
    store = DerivedStore("ns", "scope", "code-1")
    store.put("k", "v")
    store.save()
    assert store.path is None
    assert DerivedStore("ns", "scope", "code-1").get("k") is None


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
