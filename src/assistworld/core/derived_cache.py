"""A disk cache of facts derived from file contents (parsed tasks, program measures).

Reading a suite means parsing every task file and checking every program in it: milliseconds per
file, seconds per suite, paid again by every command. What is derived from a file depends only on
its bytes and on the code that derives it, so it is stored under a key made of both:

- each entry's key is the sha256 of the input (a file's bytes, a program's text) that the caller
  hands in; a changed input has a new key and is derived afresh;
- a store is tied to a **fingerprint** of the deriving code (the sha256 of the source of the
  modules the caller names): a store written by other code is ignored as a
  whole;
- each entry carries the sha256 of its own canonical JSON, checked on load: a corrupted or
  hand-edited entry is dropped and derived again, never trusted.

A store is one JSON file per (namespace, scope) under the cache folder:
``$ASSISTWORLD_DERIVED_DIR``, else ``$XDG_CACHE_HOME/assistworld/derived``, else
``~/.cache/assistworld/derived``. ``ASSISTWORLD_DERIVED_DIR=off`` turns the cache off. Saving
keeps only the entries used since the store was opened, so a store never outgrows the suite it
serves. Any failure to read or write the cache only costs time: it is never an error.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from assistworld.core.atomic import write_atomically

DERIVED_DIR_ENV = "ASSISTWORLD_DERIVED_DIR"
DISABLED = "off"
STORE_FORMAT = 1
"""Bumped when the stored layout changes, so old stores stop matching."""


def default_derived_dir() -> Path | None:
    """Where stores live (None: the cache is turned off)."""
    explicit = os.environ.get(DERIVED_DIR_ENV)
    if explicit == DISABLED:
        return None
    if explicit:
        return Path(explicit).expanduser()
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg).expanduser() if xdg else Path.home() / ".cache"
    return base / "assistworld" / "derived"


def sha256_text(text: str | bytes) -> str:
    """sha256 (hex) of ``text`` (UTF-8 when a string)."""
    data = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
    return hashlib.sha256(data).hexdigest()


def code_fingerprint(module_names: Iterable[str]) -> str:
    """sha256 over the source of the named modules.

    A package's name stands for every ``.py`` file of it, sub-packages included. Any edit to
    the deriving code (a new release included) gives a new fingerprint; a module whose source
    cannot be found contributes its name only. The modules are found, not imported (their
    parent packages are).
    """
    digest = hashlib.sha256(f"format {STORE_FORMAT}".encode())
    for name in sorted(module_names):
        digest.update(name.encode())
        for path in _source_files(name):
            digest.update(str(path.name).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def _source_files(module_name: str) -> list[Path]:
    spec = importlib.util.find_spec(module_name)
    if spec is None:
        return []
    if spec.submodule_search_locations:
        return sorted(
            path
            for location in spec.submodule_search_locations
            for path in Path(location).rglob("*.py")
        )
    return [Path(spec.origin)] if spec.origin and os.path.isfile(spec.origin) else []


def _entry_digest(value: Any) -> str:
    return sha256_text(json.dumps(value, sort_keys=True, separators=(",", ":")))


class DerivedStore:
    """Derived values of one namespace and scope (e.g. the parsed tasks of one suite folder).

    ``get(key)`` gives the stored value or None; ``put(key, value)`` records a JSON-ready value;
    ``save()`` writes the store when anything changed. Keys are the sha256 of the inputs.
    """

    def __init__(
        self, namespace: str, scope: str, fingerprint: str, directory: Path | None = None
    ) -> None:
        self.fingerprint = fingerprint
        folder = directory if directory is not None else default_derived_dir()
        self.path = (
            None if folder is None else folder / namespace / f"{sha256_text(scope)[:32]}.json"
        )
        self._stored = self._load()
        self._used: dict[str, dict[str, Any]] = {}
        self._changed = False
        self.hits = 0
        self.misses = 0

    def _load(self) -> dict[str, Any]:
        if self.path is None:
            return {}
        try:
            data = json.loads(self.path.read_bytes())
        except (OSError, ValueError):
            return {}
        if not isinstance(data, dict) or data.get("fingerprint") != self.fingerprint:
            return {}
        entries = data.get("entries")
        return entries if isinstance(entries, dict) else {}

    def get(self, key: str) -> Any:
        """The value stored under ``key`` if it is intact, else None."""
        entry = self._stored.get(key)
        if (
            not isinstance(entry, dict)
            or "value" not in entry
            or entry.get("digest") != _entry_digest(entry["value"])
        ):
            self.misses += 1
            return None
        self._used[key] = entry
        self.hits += 1
        return entry["value"]

    def put(self, key: str, value: Any) -> None:
        """Record ``value`` (JSON-ready) under ``key``."""
        self._used[key] = {"digest": _entry_digest(value), "value": value}
        self._changed = True

    def save(self) -> None:
        """Write the entries used or added since opening, when anything changed."""
        if self.path is None:
            return
        if not self._changed and len(self._used) == len(self._stored):
            return
        data = {"fingerprint": self.fingerprint, "entries": self._used}
        try:
            write_atomically(self.path, json.dumps(data, separators=(",", ":")))
        except OSError:
            return  # a read-only or full cache folder only costs time
        self._stored = dict(self._used)
        self._changed = False
