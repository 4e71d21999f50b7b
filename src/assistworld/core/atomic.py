"""Writing a file so that readers see the old content or the new, never half of it."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any


def write_atomically(path: Path, text: str | bytes, *, mode: int | None = None) -> None:
    """Replace ``path`` with ``text``: a temporary file beside it, fsynced, then one rename.

    The folder is created if needed; on any failure the temporary file is removed and ``path``
    is untouched. ``mode`` sets the new file's permissions (default: ``mkstemp``'s 0o600).
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    data = text.encode("utf-8") if isinstance(text, str) else text
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        if mode is not None:
            os.chmod(temporary, mode)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def write_json_atomically(path: Path, data: Any) -> None:
    """Write ``data`` as indented, key-sorted JSON to ``path`` atomically."""
    text = json.dumps(data, indent=2, sort_keys=True, default=str) + "\n"
    write_atomically(path, text)
