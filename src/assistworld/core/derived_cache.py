"""A disk cache of facts derived from file contents (parsed tasks, program measures).

Reading a suite means parsing every task file and checking every program in it: milliseconds per
file, seconds per suite, paid again by every command. What is derived from a file depends only on
its bytes and on the code that derives it, so it is stored under a key made of both:

- each entry's key is the sha256 of the input (a file's bytes, a program's text) that the caller
  hands in; a changed input has a new key and is derived afresh;
- a store is tied to a **fingerprint** of the deriving code (the sha256 of the source of the
  modules the caller names): entries written by other code are never seen;
- each entry carries the sha256 of its own JSON text, checked on load: a corrupted or
  hand-edited entry is dropped and derived again, never trusted.

Each entry is one small file, ``<folder>/<namespace>/<fingerprint>/<key[:2]>/<key>.entry``: a
first line with the sha256 (hex) of the rest, then the value as JSON. The digest is taken over
the stored bytes, so checking it costs one hash, not a second serialisation of the value (which
was a third of the time of reading a suite from the cache).
Entries live one per file
(so reading a 10,000-task suite never holds one big file in memory, and concurrent commands
never overwrite each other's entries), under ``$ASSISTWORLD_DERIVED_DIR``, else
``$XDG_CACHE_HOME/assistworld/derived``, else ``~/.cache/assistworld/derived``;
``ASSISTWORLD_DERIVED_DIR=off`` turns the cache off. Entries are written by rename, not fsynced:
losing one only costs time. Any failure to read or write the cache only costs time: it is never
an error. Entries of code that changed are not pruned; delete the folder to reclaim the space.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import threading
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from assistworld.core.cache_dirs import user_cache_dir

DERIVED_DIR_ENV = "ASSISTWORLD_DERIVED_DIR"
DISABLED = "off"
STORE_FORMAT = 2
"""Bumped when the stored layout changes, so old stores stop matching."""


def default_derived_dir() -> Path | None:
    """Where stores live (None: the cache is turned off)."""
    if os.environ.get(DERIVED_DIR_ENV) == DISABLED:
        return None
    return user_cache_dir(DERIVED_DIR_ENV, "derived")


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


class DerivedStore:
    """Derived values of one namespace (e.g. parsed task files) made by one version of the code.

    ``get(key)`` gives the stored value or None; ``put(key, value)`` stores a JSON-ready value.
    Keys are the sha256 (hex) of the inputs: equal inputs have equal values, wherever they came
    from, so the store needs no name for what the values are about.
    """

    def __init__(
        self,
        namespace: str,
        fingerprint: str,
        directory: Path | None = None,
    ) -> None:
        folder = directory if directory is not None else default_derived_dir()
        self.folder = None if folder is None else folder / namespace / fingerprint[:32]

    def _entry_path(self, key: str) -> str | None:
        """Where ``key``'s entry lives (a string: joined without ``pathlib``, whose objects cost
        more than the read itself over a 10,000-task suite)."""
        if self.folder is None or not key.isalnum():
            return None
        return os.path.join(self.folder, key[:2], key + ".entry")

    def get(self, key: str) -> Any:
        """The value stored under ``key`` if it is intact, else None."""
        path = self._entry_path(key)
        if path is None:
            return None
        try:
            with open(path, "rb") as handle:
                digest, _, text = handle.read().partition(b"\n")
            if digest.decode("ascii") != sha256_text(text):
                return None
            return json.loads(text)
        except (OSError, ValueError):
            return None

    def put(self, key: str, value: Any) -> None:
        """Store ``value`` (JSON-ready) under ``key``."""
        path = self._entry_path(key)
        if path is None:
            return
        text = json.dumps(value, separators=(",", ":")).encode("utf-8")
        data = sha256_text(text).encode("ascii") + b"\n" + text
        folder, name = os.path.split(path)
        try:
            os.makedirs(folder, exist_ok=True)
            temporary = os.path.join(folder, f".{name}.{os.getpid()}.{threading.get_ident()}")
            with open(temporary, "wb") as handle:
                handle.write(data)
            os.replace(temporary, path)
        except OSError:
            return  # a read-only or full cache folder only costs time
