"""ARCHITECTURE.md tells the truth about the folders of ``src/``, both ways.

Every package under ``src/assistworld`` is named in it (as its path from ``src/assistworld``,
``paradigms/astra/grading/scoring/``, or, for a part of a paradigm's skeleton, as that part:
``tasks/``), so a new folder cannot go undocumented; and every file or
folder it names in backticks exists, so a moved or deleted one cannot stay described.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "assistworld"
DOC = ROOT / "ARCHITECTURE.md"

NAMED_PATH = re.compile(r"`([A-Za-z0-9_./<>-]+(?:/|\.py|\.md|\.toml|\.j2))`")
"""A backticked path: a folder (ends in ``/``) or a file the document points at."""


def _packages() -> list[str]:
    found = []
    for init in sorted(PACKAGE.rglob("__init__.py")):
        folder = init.parent.relative_to(PACKAGE).as_posix()
        if folder != ".":
            found.append(folder + "/")
    return found


def _exists(named: str) -> bool:
    """Whether ``named`` is a file or folder of the package, the repository or a paradigm.

    ``<name>`` stands for any paradigm (or app family): it holds when some folder fits.
    """
    if "<" in named:
        pattern = re.sub(r"<[^>]+>", "*", named.rstrip("/"))
        return any(True for base in (PACKAGE, ROOT) for _ in base.glob(pattern))
    bare = named.rstrip("/")
    candidates = [PACKAGE / bare, ROOT / bare, ROOT / "src" / bare]
    candidates += [folder / bare for folder in PACKAGE.rglob("*") if folder.is_dir()]
    return any(candidate.exists() for candidate in candidates)


def _named(folder: str, text: str) -> bool:
    """Whether ``folder`` is named: by its path, or, inside a paradigm, by the skeleton's
    generic path (``paradigms/<name>/``) and its part of the skeleton (``tasks/``)."""
    if f"`{folder}`" in text:
        return True
    parts = folder.split("/")
    if parts[0] != "paradigms" or len(parts) < 3:
        return False
    inside = "/".join(parts[2:])
    return "`paradigms/<name>/`" in text and (not inside or f"`{inside}`" in text)


def test_every_package_under_src_is_named_in_the_architecture() -> None:
    text = DOC.read_text(encoding="utf-8")
    missing = [folder for folder in _packages() if not _named(folder, text)]
    assert not missing, (
        f"ARCHITECTURE.md does not name {', '.join(missing)}: add a line for each to its "
        "folder table (the path from src/assistworld, in backticks, ending in '/')"
    )


def test_every_path_the_architecture_names_exists() -> None:
    text = DOC.read_text(encoding="utf-8")
    named = sorted(set(NAMED_PATH.findall(text)))
    assert named, "the pattern found no path at all: the test would prove nothing"
    gone = [path for path in named if not _exists(path)]
    assert not gone, f"ARCHITECTURE.md names paths that do not exist: {', '.join(gone)}"
