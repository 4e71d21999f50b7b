"""Processed prompt prefixes of the local model, kept on disk between runs.

Reading the library documentation into a 1.5B model on two CPU cores takes minutes; the result
(llama.cpp's KV cache for those tokens) is a file of about 28 KB per token that llama.cpp can
save from a slot and restore into one in well under a second. This module decides which saved
file, if any, a request may use.

A saved prefix is keyed by what determines its contents: the model file's sha256, the sha256 of
the prompt prefix (the system message), and the runtime settings that shape the cache (context
size, cache types). Each slot file has a record beside it naming those and the file's own size
and sha256. A file is used only when its record matches the request's key and the file still
hashes to what was recorded; anything else (another model, a changed prompt, other settings, a
truncated or edited file, a missing or unreadable record) is refused with the reason, and the
prompt is read again. The KV cache of one model fed to another would decode garbage without any
error, so the check is not optional.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from assistworld.core.atomic import write_atomically
from assistworld.core.derived_cache import sha256_text
from assistworld.llm.model_package import default_model_dir, file_sha256

FORMAT = 1
SLOT_SUFFIX = ".slot"
RECORD_SUFFIX = ".slot.json"
DEFAULT_KEEP = 4
"""Saved prefixes kept per directory (the oldest are deleted); each is ~100-300 MB."""


PREFIX_DIR_ENV = "ASSISTWORLD_PREFIX_DIR"


def default_prefix_dir() -> Path:
    """``$ASSISTWORLD_PREFIX_DIR``, else ``prefixes/`` beside the models directory
    (``~/.cache/assistworld/prefixes``)."""
    explicit = os.environ.get(PREFIX_DIR_ENV)
    if explicit:
        return Path(explicit).expanduser()
    return default_model_dir().parent / "prefixes"


@dataclass(frozen=True)
class PrefixKey:
    """What a saved prefix must match to be used."""

    model_sha256: str
    prompt_sha256: str
    runtime: tuple[tuple[str, str], ...]

    @classmethod
    def of(cls, model_sha256: str, prompt: str, runtime: Mapping[str, Any]) -> PrefixKey:
        settings = tuple(sorted((str(name), str(value)) for name, value in runtime.items()))
        return cls(model_sha256, sha256_text(prompt), settings)

    @property
    def digest(self) -> str:
        """The file stem: one hash over every part of the key."""
        body = json.dumps([self.model_sha256, self.prompt_sha256, list(self.runtime)])
        return hashlib.sha256(body.encode()).hexdigest()[:32]


class PrefixRecord(BaseModel):
    """The record written beside a slot file."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    format: int
    model_sha256: str
    prompt_sha256: str
    runtime: list[tuple[str, str]]
    file_sha256: str
    file_size: int
    tokens: int


@dataclass(frozen=True)
class PrefixLookup:
    """A verified slot file to restore (``path``), or why there is none (``reason``)."""

    path: Path | None
    reason: str


class PrefixStore:
    """Saved prefixes in one directory: find a verified one, record a new one, prune old ones."""

    def __init__(self, directory: Path | None = None, *, keep: int = DEFAULT_KEEP) -> None:
        self.directory = directory if directory is not None else default_prefix_dir()
        self.keep = max(1, keep)

    def slot_name(self, key: PrefixKey) -> str:
        """The slot file's name inside the directory (what llama.cpp is told to save to)."""
        return key.digest + SLOT_SUFFIX

    def slot_path(self, key: PrefixKey) -> Path:
        return self.directory / self.slot_name(key)

    def _record_path(self, key: PrefixKey) -> Path:
        return self.directory / (key.digest + RECORD_SUFFIX)

    def find(self, key: PrefixKey) -> PrefixLookup:
        """The slot file saved for ``key`` if it verifies; otherwise None and the reason."""
        slot, record_path = self.slot_path(key), self._record_path(key)
        if not slot.is_file():
            return PrefixLookup(None, "no saved prefix for this model, prompt and settings")
        try:
            record = PrefixRecord.model_validate_json(record_path.read_bytes())
        except (OSError, ValidationError, ValueError) as error:
            return PrefixLookup(None, f"refused {slot.name}: its record is unreadable ({error})")
        problem = _mismatch(record, key)
        if problem is None:
            size = slot.stat().st_size
            if size != record.file_size:
                problem = f"the file has {size} bytes, its record says {record.file_size}"
            elif file_sha256(slot) != record.file_sha256:
                problem = "the file's sha256 differs from its record (edited or corrupted)"
        if problem is not None:
            return PrefixLookup(None, f"refused {slot.name}: {problem}")
        return PrefixLookup(slot, f"restored {slot.name} ({record.tokens} tokens)")

    def record(self, key: PrefixKey, tokens: int) -> PrefixRecord:
        """Write the record of the slot file llama.cpp just saved for ``key``; prune old ones."""
        slot = self.slot_path(key)
        record = PrefixRecord(
            format=FORMAT,
            model_sha256=key.model_sha256,
            prompt_sha256=key.prompt_sha256,
            runtime=list(key.runtime),
            file_sha256=file_sha256(slot),
            file_size=slot.stat().st_size,
            tokens=tokens,
        )
        write_atomically(self._record_path(key), record.model_dump_json(indent=2))
        self._prune(keep_digest=key.digest)
        return record

    def forget(self, key: PrefixKey) -> None:
        """Delete whatever is saved for ``key`` (a refused or half-written file)."""
        for path in (self.slot_path(key), self._record_path(key)):
            with contextlib.suppress(FileNotFoundError):
                path.unlink()

    def _prune(self, keep_digest: str) -> None:
        slots = sorted(
            self.directory.glob("*" + SLOT_SUFFIX),
            key=lambda path: path.stat().st_mtime_ns,
            reverse=True,
        )
        kept = 0
        for slot in slots:
            digest = slot.name.removesuffix(SLOT_SUFFIX)
            if digest == keep_digest or kept < self.keep - 1:
                kept += digest != keep_digest
                continue
            for path in (slot, self.directory / (digest + RECORD_SUFFIX)):
                with contextlib.suppress(FileNotFoundError):
                    path.unlink()

    def ensure_directory(self) -> str:
        """Create the directory; return it as llama.cpp's ``slot_save_path`` wants it (it
        appends file names without a separator, so the trailing one matters)."""
        self.directory.mkdir(parents=True, exist_ok=True)
        return str(self.directory) + os.sep


def _mismatch(record: PrefixRecord, key: PrefixKey) -> str | None:
    if record.format != FORMAT:
        return f"it was written in format {record.format}, this version reads {FORMAT}"
    if record.model_sha256 != key.model_sha256:
        return (
            f"it was made by model {record.model_sha256[:12]}.., this run loads "
            f"{key.model_sha256[:12]}.."
        )
    if record.prompt_sha256 != key.prompt_sha256:
        return "it holds another prompt (the documentation, examples or rules changed)"
    if [tuple(item) for item in record.runtime] != list(key.runtime):
        return f"it was made with runtime settings {record.runtime}, this run uses {key.runtime}"
    return None
