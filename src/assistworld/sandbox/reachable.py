"""Making the read-only paths reachable to the slot's own uids, inside the slot's mount namespace.

Agent children and world hosts run under uids of their own (see ``layers.identity``), file
access included, so they read the interpreter and the packages as any other user would. On this
machine kind the interpreter lives under ``/root`` (mode 700): another uid cannot even look up a
path through it. Changing the host's permissions is not ours to do; instead, in the zygote's
private mount namespace (entered at start-up, see ``scratch.enter_private_mount_namespace``),
every directory on the way to a read-only path that others may not search is covered by a small
read-only tmpfs (mode 711: searchable, not listable) into which only the entries leading to
read-only paths are bind-mounted back. For ``/root`` that gives, in the slot only::

    /root            tmpfs, mode 711, read-only
    /root/.pyenv     the real /root/.pyenv (bind mount)

Everything else under ``/root`` is absent for the zygote, its world hosts and agent children;
nothing changes for the rest of the host. Files below the bind mounts keep their own modes, so a
file only root may read stays unreadable (the read-only list holds none on this machine kind).
"""

from __future__ import annotations

import ctypes
import os
import stat
from collections.abc import Iterable
from pathlib import Path

__all__ = ["closed_ancestors", "open_up_paths"]

_MS_RDONLY, _MS_NOSUID, _MS_NODEV = 1, 2, 4
_MS_REMOUNT, _MS_BIND, _MS_MOVE, _MS_REC = 32, 4096, 8192, 1 << 14
_MAX_ROUNDS = 16
_LIBC = ctypes.CDLL(None, use_errno=True)


def closed_ancestors(paths: Iterable[Path]) -> list[Path]:
    """Directories above any of ``paths`` (or their resolved targets) that users other than the
    owner may not search, topmost first."""
    return _closed(_with_targets(paths))


def _with_targets(paths: Iterable[Path]) -> list[str]:
    """Each path and, where it differs, its resolved target."""
    names: set[str] = set()
    for path in paths:
        names.add(str(path))
        names.add(os.path.realpath(path))
    return sorted(names)


def _closed(names: list[str]) -> list[Path]:
    ancestors: set[str] = set()
    for candidate in names:
        parent = os.path.dirname(candidate)
        while parent not in ancestors:
            ancestors.add(parent)
            parent = os.path.dirname(parent)
    closed: list[Path] = []
    for ancestor in ancestors:
        try:
            mode = os.stat(ancestor).st_mode
        except OSError:
            continue
        if not mode & stat.S_IXOTH:
            closed.append(Path(ancestor))
    return sorted(closed, key=lambda p: (len(p.parts), str(p)))


def open_up_paths(paths: list[Path], staging: Path) -> str:
    """Cover every closed ancestor of ``paths`` as described above (root, in a private mount
    namespace). ``staging`` is an empty-able directory on another file system for the moves.
    Returns ``""``, or why the paths could not all be made reachable (then nothing should run
    under another uid: imports would fail)."""
    names = _with_targets(paths)
    try:
        for _ in range(_MAX_ROUNDS):
            closed = _closed(names)
            if not closed:
                return _unreadable(paths)
            if closed[0] in staging.parents:
                return f"the staging directory {staging} lies inside {closed[0]}, to be covered"
            _cover(closed[0], names, staging)
    except OSError as exc:
        return f"cannot make the interpreter reachable to other uids: {exc}"
    return "directories above the read-only paths stay closed to other uids"


def _unreadable(paths: list[Path]) -> str:
    """Read-only paths that other users could not read themselves (modes are not ours to change)."""
    for path in paths:
        try:
            mode = os.stat(path).st_mode
        except OSError:
            continue
        needed = stat.S_IROTH | (stat.S_IXOTH if stat.S_ISDIR(mode) else 0)
        if mode & needed != needed:
            return f"{path} cannot be read by other users (mode {stat.filemode(mode)})"
    return ""


def _cover(closed: Path, names: list[str], staging: Path) -> None:
    """Mount the read-only, searchable tmpfs on ``closed`` with the needed entries put back."""
    prefix = str(closed).rstrip("/") + "/"
    entries = {name[len(prefix) :].split("/")[0] for name in names if name.startswith(prefix)}
    staged: list[tuple[str, Path, bool]] = []
    for number, name in enumerate(sorted(entries)):
        source = closed / name
        is_dir = source.is_dir()
        spot = staging / f"stage-{number}"
        _make_mount_point(spot, is_dir)
        _mount(source, spot, None, _MS_BIND | _MS_REC, None)
        staged.append((name, spot, is_dir))
    options = f"size=64k,nr_inodes={len(staged) + 8},mode=0711"
    _mount(Path("tmpfs"), closed, "tmpfs", _MS_NOSUID | _MS_NODEV, options)
    for name, spot, is_dir in staged:
        target = closed / name
        _make_mount_point(target, is_dir)
        _mount(spot, target, None, _MS_MOVE, None)
        _remove_mount_point(spot, is_dir)
    flags = _MS_REMOUNT | _MS_RDONLY | _MS_NOSUID | _MS_NODEV
    _mount(Path("tmpfs"), closed, "tmpfs", flags, options)


def _make_mount_point(path: Path, is_dir: bool) -> None:
    if is_dir:
        path.mkdir(mode=0o755)
    else:
        path.touch(mode=0o644)


def _remove_mount_point(path: Path, is_dir: bool) -> None:
    if is_dir:
        path.rmdir()
    else:
        path.unlink()


def _mount(
    source: Path, target: Path, fs_type: str | None, flags: int, options: str | None
) -> None:
    if (
        _LIBC.mount(
            os.fsencode(source),
            os.fsencode(target),
            fs_type.encode() if fs_type else None,
            flags,
            options.encode() if options else None,
        )
        != 0
    ):
        code = ctypes.get_errno()
        raise OSError(code, f"mount {source} on {target}: {os.strerror(code)}")
