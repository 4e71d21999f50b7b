"""Making read-only paths reachable to other uids in a private mount namespace (``reachable``).

Each check runs in a forked child (``run_forked`` puts it in a mount namespace of its own), which
covers a closed directory of the test's own and then looks at it as an ordinary user would."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from assistworld.sandbox.reachable import closed_ancestors, open_up_paths
from tests.sandbox._root import needs_root
from tests.sandbox.layers._forked import outcome_of, run_forked

NOBODY = 65534


def _closed_tree(base: Path) -> tuple[Path, Path, Path]:
    """``base/home`` (mode 700) holding ``interpreter/lib.py`` (to be reachable) and
    ``secrets/key`` (to stay hidden)."""
    home = base / "home"
    (home / "interpreter").mkdir(parents=True)
    (home / "secrets").mkdir()
    library = home / "interpreter" / "lib.py"
    library.write_text("X = 1\n")
    (home / "secrets" / "key").write_text("hidden\n")
    home.chmod(0o700)
    (home / "interpreter").chmod(0o755)
    library.chmod(0o644)
    return home, home / "interpreter", library


def _staging(tmp_path: Path) -> Path:
    """A staging dir outside the tree to cover (``tmp_path`` lies in a closed directory too)."""
    staging = Path("/dev/shm") / f"assistworld-test-stage-{tmp_path.name}-{os.getpid()}"
    staging.mkdir()
    return staging


@pytest.fixture(autouse=True)
def _remove_staging(tmp_path: Path) -> Iterator[None]:
    yield
    for leftover in Path("/dev/shm").glob(f"assistworld-test-stage-{tmp_path.name}-*"):
        shutil.rmtree(leftover, ignore_errors=True)


def test_closed_ancestors_are_found_topmost_first(tmp_path: Path) -> None:
    home, _, library = _closed_tree(tmp_path)
    inner = home / "interpreter" / "private"
    inner.mkdir(mode=0o700)
    (inner / "mod.py").write_text("")
    found = closed_ancestors([library, inner / "mod.py"])
    assert found.index(home) < found.index(inner)
    assert found == sorted(found, key=lambda p: len(p.parts))
    assert closed_ancestors([Path("/usr/lib")]) == []


@needs_root
def test_a_covered_directory_shows_only_the_way_to_the_read_only_paths(
    tmp_path: Path,
) -> None:
    home, interpreter, library = _closed_tree(tmp_path)
    staging = _staging(tmp_path)

    def action() -> dict[str, Any]:
        problem = open_up_paths([interpreter], staging)
        os.setgroups([])
        os.setresgid(NOBODY, NOBODY, NOBODY)
        os.setresuid(NOBODY, NOBODY, NOBODY)
        return {
            "problem": problem,
            "mode": oct(os.stat(home).st_mode & 0o777),
            "read_library": outcome_of(lambda: library.read_text()),
            "list_the_cover": outcome_of(lambda: os.listdir(home)),
            "read_hidden": outcome_of(lambda: (home / "secrets" / "key").read_text()),
            "closed_left": [str(p) for p in closed_ancestors([library])],
        }

    outcome = run_forked(action)
    assert outcome.value("problem") == ""
    assert outcome.value("mode") == "0o711"  # searchable, not listable
    assert outcome.value("read_library") == {"ok": True, "value": "X = 1\n"}
    assert outcome.value("list_the_cover")["errno"] == "EACCES"
    assert outcome.value("read_hidden")["errno"] == "ENOENT"  # only the needed entry came back
    assert outcome.value("closed_left") == []
    assert home.stat().st_mode & 0o777 == 0o700, "the host's own view must not change"
    assert (home / "secrets" / "key").read_text() == "hidden\n"


@needs_root
def test_the_cover_is_read_only(tmp_path: Path) -> None:
    home, interpreter, _ = _closed_tree(tmp_path)
    staging = _staging(tmp_path)

    def action() -> dict[str, Any]:
        problem = open_up_paths([interpreter], staging)
        return {"problem": problem, "write": outcome_of(lambda: (home / "planted").write_text("x"))}

    outcome = run_forked(action)
    assert outcome.value("problem") == ""
    assert outcome.value("write")["errno"] == "EROFS"
    assert not (home / "planted").exists()


@needs_root
def test_a_read_only_path_others_cannot_read_is_reported(tmp_path: Path) -> None:
    _, _, library = _closed_tree(tmp_path)
    library.chmod(0o600)
    staging = _staging(tmp_path)

    def action() -> dict[str, Any]:
        return {"problem": open_up_paths([library], staging)}

    problem = run_forked(action).value("problem")
    assert str(library) in problem and "cannot be read by other users" in problem


@needs_root
def test_a_staging_dir_inside_the_tree_to_cover_is_refused(tmp_path: Path) -> None:
    home, interpreter, _ = _closed_tree(tmp_path)
    inside = home / "staging"
    inside.mkdir()

    def action() -> dict[str, Any]:
        return {"problem": open_up_paths([interpreter], inside)}

    assert "lies inside" in run_forked(action).value("problem")
