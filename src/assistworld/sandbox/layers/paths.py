"""The default read-only allow-list: what a confined child needs to keep running Python.

Call :func:`default_read_only_paths` in the zygote, after it imported the library, so that
the packages the library uses are known. The list holds:

* the standard library (``stdlib``/``platstdlib``) without any ``site-packages`` inside it;
* each third-party top-level package or module that is imported and lives in a
  site-packages directory (never the site-packages directory itself, which holds other
  packages' data);
* the ``assistworld`` package, without sub-directories named ``suites``,
  ``assistworld_suites``, ``tests`` or ``runs``;
* the directories of shared libraries the interpreter has loaded (for example
  ``/usr/lib/x86_64-linux-gnu``) and ``/etc/ld.so.cache``, so that a standard extension module
  imported after confinement can still load its C library;
* ``/dev/null``, ``/dev/urandom``, ``/etc/localtime`` and the time-zone database.

A final filter drops anything that is (or contains) the home directory, the working
directory, the project tree, a site-packages directory, ``/tmp`` or ``/var/tmp``; anything inside
``/proc``, ``/sys``, ``/run`` or ``/dev/shm``; and anything inside a folder named
``assistworld_suites`` or ``runs`` or the project's ``tests`` folder. (A package installed beneath
``/tmp``, such as a virtual environment there, stays allowed: only that package's folder is listed.)
"""

from __future__ import annotations

import os
import site
import sys
import sysconfig
import zoneinfo
from collections.abc import Iterable, Iterator
from pathlib import Path

import assistworld

__all__ = ["default_read_only_paths"]

_SYSTEM_FILES = ("/dev/null", "/dev/urandom", "/etc/localtime", "/etc/ld.so.cache")
_NEVER_BENEATH = ("/proc", "/sys", "/dev/shm", "/run")
_NEVER_WHOLE = ("/tmp", "/var/tmp")
"""Shared temporary folders: never allowed whole (nor a folder containing them), but a package
installed beneath one (a checkout or virtual environment in /tmp) is still allowed by itself."""
_FORBIDDEN_FOLDER_NAMES = frozenset({"assistworld_suites", "runs"})
_PACKAGE_SUBDIRS_TO_HIDE = frozenset({"assistworld_suites", "suites", "tests", "runs"})
_MAPS_FILE = "/proc/self/maps"


def default_read_only_paths() -> list[Path]:
    """Paths a confined child may read to keep working (see the module docstring)."""
    site_dirs = _site_package_dirs()
    candidates: list[Path] = []
    candidates += _stdlib_paths(site_dirs)
    candidates += _imported_third_party_paths(site_dirs)
    candidates += _assistworld_paths()
    candidates += _shared_library_dirs()
    candidates += _zoneinfo_dirs()
    candidates += [Path(p) for p in _SYSTEM_FILES if os.path.exists(p)]
    forbidden_roots = _forbidden_roots(site_dirs)
    forbidden_subtrees = _forbidden_subtrees()
    resolved = {path: path.resolve() for path in candidates}
    allowed = {
        real for real in resolved.values() if _allowed(real, forbidden_roots, forbidden_subtrees)
    }
    kept: list[Path] = []
    seen: set[Path] = set()
    for path, real in resolved.items():
        # A symlink (such as /etc/localtime) stays listed under its own name.
        covered = path == real and any(parent in allowed for parent in real.parents)
        if real in allowed and real not in seen and not covered:
            seen.add(real)
            kept.append(path)
    return kept


def _site_package_dirs() -> frozenset[Path]:
    found: set[str] = set(site.getsitepackages())
    found.add(site.getusersitepackages())
    for scheme_vars in ({}, {"base": sys.base_prefix, "platbase": sys.base_exec_prefix}):
        paths = sysconfig.get_paths(vars=scheme_vars)
        found.update((paths["purelib"], paths["platlib"]))
    for stdlib in _stdlib_roots():
        found.update(str(stdlib / name) for name in ("site-packages", "dist-packages"))
    return frozenset(Path(p).resolve() for p in found)


def _stdlib_roots() -> list[Path]:
    roots: list[Path] = []
    for scheme_vars in ({}, {"base": sys.base_prefix, "platbase": sys.base_exec_prefix}):
        paths = sysconfig.get_paths(vars=scheme_vars)
        roots += [Path(paths["stdlib"]).resolve(), Path(paths["platstdlib"]).resolve()]
    return [root for root in dict.fromkeys(roots) if root.is_dir()]


def _stdlib_paths(site_dirs: frozenset[Path]) -> list[Path]:
    paths: list[Path] = []
    for root in _stdlib_roots():
        paths += _tree_without(root, site_dirs)
    return paths


def _tree_without(root: Path, excluded: Iterable[Path]) -> list[Path]:
    """``root`` itself if nothing excluded lies inside it, else its allowed descendants."""
    inside = [e for e in excluded if _is_within(e, root)]
    if not inside:
        return [root]
    if root in inside or not root.is_dir():
        return []
    paths: list[Path] = []
    for child in sorted(root.iterdir()):
        paths += _tree_without(child, inside)
    return paths


def _imported_third_party_paths(site_dirs: frozenset[Path]) -> list[Path]:
    paths: list[Path] = []
    for name, module in list(sys.modules.items()):
        if "." in name or module is None:
            continue
        for location in _module_locations(module):
            real = location.resolve()
            if any(_is_within(real, d) and real != d for d in site_dirs):
                paths.append(location)
    return paths


def _module_locations(module: object) -> Iterator[Path]:
    file = getattr(module, "__file__", None)
    if isinstance(file, str):
        path = Path(file)
        yield path.parent if path.stem == "__init__" else path
        return
    for entry in getattr(module, "__path__", None) or ():
        if isinstance(entry, str):
            yield Path(entry)


def _assistworld_paths() -> list[Path]:
    package_dir = Path(assistworld.__file__).resolve().parent
    hidden = [
        Path(dirpath) / dirname
        for dirpath, dirnames, _ in os.walk(package_dir)
        for dirname in dirnames
        if dirname in _PACKAGE_SUBDIRS_TO_HIDE
    ]
    return _tree_without(package_dir, hidden)


def _shared_library_dirs() -> list[Path]:
    try:
        with open(_MAPS_FILE, encoding="utf-8", errors="replace") as maps:
            lines = maps.read().splitlines()
    except OSError:
        return []
    dirs: list[Path] = []
    for line in lines:
        fields = line.split(maxsplit=5)
        if len(fields) == 6 and fields[5].startswith("/"):
            name = os.path.basename(fields[5])
            if name.endswith(".so") or ".so." in name:
                dirs.append(Path(fields[5]).parent)
    return list(dict.fromkeys(dirs))


def _zoneinfo_dirs() -> list[Path]:
    return [Path(p) for p in zoneinfo.TZPATH if os.path.isdir(p)]


def _project_root() -> Path | None:
    package_dir = Path(assistworld.__file__).resolve().parent
    return package_dir.parent.parent if package_dir.parent.name == "src" else None


def _forbidden_roots(site_dirs: frozenset[Path]) -> frozenset[Path]:
    """Paths that no allowed path may equal or contain."""
    roots = {Path("/"), Path.home().resolve(), Path.cwd().resolve(), *site_dirs}
    roots.update(Path(p) for p in _NEVER_WHOLE)
    project = _project_root()
    if project is not None:
        roots.add(project)
    roots.update(_forbidden_subtrees())
    return frozenset(roots)


def _forbidden_subtrees() -> frozenset[Path]:
    """Paths that no allowed path may lie inside."""
    subtrees = {Path(p) for p in _NEVER_BENEATH} | {Path.cwd().resolve() / "runs"}
    project = _project_root()
    if project is not None:
        subtrees.update(project / name for name in ("tests", "runs", "src/assistworld_suites"))
    return frozenset(subtrees)


def _allowed(real: Path, roots: frozenset[Path], subtrees: frozenset[Path]) -> bool:
    if any(_is_within(root, real) for root in roots):
        return False
    if any(_is_within(real, subtree) for subtree in subtrees):
        return False
    return not _FORBIDDEN_FOLDER_NAMES.intersection(real.parts)


def _is_within(path: Path, ancestor: Path) -> bool:
    """Whether ``path`` is ``ancestor`` or lies beneath it (both absolute and normalised)."""
    inner, outer = str(path), str(ancestor)
    return inner == outer or inner.startswith(outer if outer.endswith("/") else outer + "/")
