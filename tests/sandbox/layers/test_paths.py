"""The default read-only allow-list."""

from __future__ import annotations

import json
import os
import site
import sys
import sysconfig
from pathlib import Path

import pydantic
import pytest

import assistworld
from assistworld.sandbox.layers import default_read_only_paths

_PROJECT_ROOT = Path(assistworld.__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def resolved() -> list[Path]:
    return [p.resolve() for p in default_read_only_paths()]


def _covered(target: Path, allowed: list[Path]) -> bool:
    target = target.resolve()
    return any(target == a or a in target.parents for a in allowed)


@pytest.mark.parametrize(
    "needed",
    [
        Path(json.__file__),  # the standard library
        Path(os.__file__),
        Path(sysconfig.get_paths()["stdlib"]) / "fractions.py",  # not necessarily imported
        Path(pydantic.__file__),  # an imported third-party package
        Path(assistworld.__file__),  # the library itself
        Path("/dev/null"),
        Path("/dev/urandom"),
        Path("/usr/share/zoneinfo/Europe/Paris"),
    ],
)
def test_what_a_child_needs_is_readable(needed: Path, resolved: list[Path]) -> None:
    if not needed.exists():
        pytest.skip(f"{needed} does not exist on this machine")
    assert _covered(needed, resolved)


def test_localtime_is_listed_by_name() -> None:
    if os.path.exists("/etc/localtime"):
        assert Path("/etc/localtime") in default_read_only_paths()


def _forbidden() -> list[Path]:
    paths = [
        Path.home(),
        Path.cwd(),
        _PROJECT_ROOT,
        _PROJECT_ROOT / "tests",
        _PROJECT_ROOT / "src" / "assistworld_suites",
        _PROJECT_ROOT / "runs",
        Path("/proc/self/environ"),
        Path("/tmp/anything"),
        Path("/dev/shm/anything"),
        Path("/etc/passwd"),
        *(Path(p) for p in site.getsitepackages()),
        Path(sysconfig.get_paths(vars={"base": sys.base_prefix})["purelib"]),
    ]
    return paths


@pytest.mark.parametrize("forbidden", _forbidden(), ids=str)
def test_forbidden_places_are_not_readable(forbidden: Path, resolved: list[Path]) -> None:
    assert not _covered(forbidden, resolved)


def test_no_path_holds_a_suite_or_runs_folder(resolved: list[Path]) -> None:
    for path in resolved:
        assert "assistworld_suites" not in path.parts
        assert "runs" not in path.parts


def test_an_unimported_package_in_site_packages_is_not_readable(resolved: list[Path]) -> None:
    purelib = Path(sysconfig.get_paths()["purelib"])
    metadata = next(purelib.glob("pytest-*.dist-info"))
    assert not _covered(metadata, resolved)


def test_all_paths_are_absolute_and_exist() -> None:
    for path in default_read_only_paths():
        assert path.is_absolute() and path.exists(), path
