"""Large values many records share, stored once per run directory and referenced by digest.

A conversation's record holds the scenario's whole starting world (42 KB of a 46 KB line on
``lifelines``), and every scenario of one protagonist starts from the same world: a run of
1,235 scenarios wrote 58 MB, most of it the same few worlds again and again. A field that
offers it (the world history's first state: :class:`~assistworld.world.history.SharedValues`)
is written, when the record is dumped with a :class:`BlobStore` in the serialisation context
(``{"blobs": store}``, as :class:`~assistworld.core.store.ResultsStore` does), as
``{"$blob": "<sha256>"}`` (:meth:`BlobStore.share`), and its value once to
``blobs/<sha256>.json`` beside the results; reading the record through the same context
resolves the reference (:meth:`BlobStore.resolve`), checking the file's sha256 against its
name. Without that context (a record sent elsewhere, a plain dump) the value stays inline, and
records written inline before this existed still load.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from assistworld.core.atomic import write_atomically

BLOBS_DIR = "blobs"
REFERENCE = "$blob"
CONTEXT_KEY = "blobs"
MIN_SHARED_BYTES = 2048
"""Smaller values stay inline: a file and a lookup would cost more than they save."""


class BlobError(Exception):
    """A referenced value is missing or does not match its digest; the message names the file.

    Not a ``ValueError``: pydantic would fold it into a validation error, and a results file's
    reader takes those for a torn last line and skips the record; a missing blob must be said.
    """


class BlobStore:
    """The ``blobs/`` folder of one run directory: values by the sha256 of their JSON text.

    Reading memoises each digest, so a run's records that share a world parse it once; callers
    must treat what they get as read-only (the world history copies before it patches).
    """

    def __init__(self, run_dir: Path) -> None:
        self.directory = run_dir / BLOBS_DIR
        self._read: dict[str, Any] = {}
        self._written: set[str] = set()

    def path_of(self, digest: str) -> Path:
        return self.directory / f"{digest}.json"

    def put(self, text: str) -> str:
        """Store the JSON ``text`` (if not there yet) and return its digest."""
        data = text.encode("utf-8")
        digest = hashlib.sha256(data).hexdigest()
        if digest not in self._written:
            if not self.path_of(digest).exists():
                write_atomically(self.path_of(digest), data)
            self._written.add(digest)
        return digest

    def get(self, digest: str) -> Any:
        """The value stored under ``digest``, verified against it."""
        if digest in self._read:
            return self._read[digest]
        path = self.path_of(digest)
        try:
            data = path.read_bytes()
        except OSError as error:
            raise BlobError(
                f"{path}: a record refers to this shared value, which cannot be read "
                f"({error.strerror}); copy the run directory whole, {BLOBS_DIR}/ included"
            ) from None
        if hashlib.sha256(data).hexdigest() != digest:
            raise BlobError(f"{path}: its content does not match its name (damaged or edited)")
        value = json.loads(data)
        self._read[digest] = value
        return value

    def share(self, value: Any) -> Any:
        """What a record holds for ``value``: a reference to it stored here, or ``value`` itself
        when it is small."""
        text = json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
        if len(text) < MIN_SHARED_BYTES:
            return value
        return {REFERENCE: self.put(text)}

    def resolve(self, value: Any) -> Any:
        """The value a record's ``value`` stands for: the stored one for a reference."""
        if is_reference(value):
            return self.get(str(value[REFERENCE]))
        return value


def is_reference(value: Any) -> bool:
    """Whether ``value`` is a reference to a shared value."""
    return isinstance(value, dict) and set(value) == {REFERENCE}


__all__ = ["BLOBS_DIR", "CONTEXT_KEY", "BlobError", "BlobStore", "is_reference"]
