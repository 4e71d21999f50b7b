"""Writing a file so that readers see the old content or the new, never half of it."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

_UMASK_LINE = "Umask:"


def user_file_mode() -> int:
    """The permissions a plain ``open()`` gives a new file here: 0o666 less the umask.

    ``mkstemp`` always makes its file 0o600, so a file written through a temporary one would
    otherwise be private whatever the user's umask says (a run's manifest readable by its owner
    only, beside a results file the group can read). The umask is read from
    ``/proc/self/status``, which leaves it untouched; elsewhere it is set and restored at once.
    """
    try:
        for line in Path("/proc/self/status").read_text(encoding="ascii").splitlines():
            if line.startswith(_UMASK_LINE):
                return 0o666 & ~int(line[len(_UMASK_LINE) :].strip(), 8)
    except (OSError, ValueError):
        pass
    umask = os.umask(0o022)
    os.umask(umask)
    return 0o666 & ~umask


def write_atomically(path: Path, text: str | bytes, *, mode: int | None = None) -> None:
    """Replace ``path`` with ``text``: a temporary file beside it, fsynced, then one rename.

    The folder is created if needed; on any failure the temporary file is removed and ``path``
    is untouched. ``mode`` sets the new file's permissions (default: what the user's umask
    gives a new file, as for any other file the tool writes: :func:`user_file_mode`).
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    data = text.encode("utf-8") if isinstance(text, str) else text
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temporary, user_file_mode() if mode is None else mode)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def write_json_atomically(path: Path, data: Any, *, sort_keys: bool = True) -> None:
    """Write ``data`` as indented JSON to ``path`` atomically, its keys sorted unless
    ``sort_keys`` is false (then in ``data``'s own order, which a reader may rely on)."""
    text = json.dumps(data, indent=2, sort_keys=sort_keys, default=str) + "\n"
    write_atomically(path, text)
