"""The confined command's view of the machine: a minimal root in a mount namespace of its own.

Run by the launcher (root, single-threaded, freshly started) before it starts the command;
like it, it imports little (see ``launcher``).
:func:`enter_view` moves the calling process into a private mount namespace and makes a new
root there, on a small read-only tmpfs mounted on an empty staging directory, holding only:

* the system directories (``/usr``, ``/etc`` and the ``/bin``, ``/lib`` ... links or
  directories beside them), bound read-only, ``nosuid``, ``nodev``;
* each path of ``expose`` (the command's installation prefix, the files its arguments name:
  see ``reach``), bound read-only at the same path; the directories leading to them are the
  new root's own (mode 755), so a prefix under a home only root may enter (``/root``, mode
  700) is reachable without changing a mode on the host: the way the sandbox makes its
  interpreter reachable (``sandbox.reachable``), taken one step further;
* a fresh ``/dev`` (``null``, ``zero``, ``full``, ``random``, ``urandom``, ``/dev/shm``),
  ``/tmp`` and ``HOME`` (:data:`HOME`, owned by the command's uid), each a size-limited tmpfs
  that vanishes with the namespace;
* an empty ``/proc`` on which the command's pid namespace mounts its own.

Every path of ``hidden`` that still shows (inside an exposed prefix, say) is covered last by an
empty read-only tmpfs (a directory) or an empty file. Nothing else of the host is there: not the
suites, not the run directory, not the caches, not another episode's home (each episode has its
own namespace). The old root is detached (``pivot_root``), and the new root made read-only.
"""

from __future__ import annotations

import ctypes
import os

TYPE_CHECKING = False  # not imported from typing: the launcher does without that import
if TYPE_CHECKING:
    from collections.abc import Sequence

HOME = "/home/agent"
"""The command's working and home directory, as it sees it."""
SYSTEM_DIRS = ("/usr", "/etc", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")
DEVICES = ("null", "zero", "full", "random", "urandom")
DEVICE_LINKS = (
    ("fd", "/proc/self/fd"),
    ("stdin", "/proc/self/fd/0"),
    ("stdout", "/proc/self/fd/1"),
    ("stderr", "/proc/self/fd/2"),
)
EMPTY_FILE = "/.hidden"
"""A read-only empty file of the new root, bound over each hidden file."""

_CLONE_NEWNS = 0x00020000
_MS_RDONLY, _MS_NOSUID, _MS_NODEV = 1, 2, 4
_MS_REMOUNT, _MS_BIND, _MS_REC, _MS_PRIVATE = 32, 4096, 1 << 14, 1 << 18
_MNT_DETACH = 2
_AT_FDCWD, _AT_RECURSIVE = -100, 0x8000
_MOUNT_ATTR_RDONLY, _MOUNT_ATTR_NOSUID, _MOUNT_ATTR_NODEV = 1, 2, 4
_SYS_MOUNT_SETATTR = 442  # one number on every architecture (new system calls are unified)
_SYS_PIVOT_ROOT = {"x86_64": 155, "aarch64": 41}.get(os.uname().machine)
_ROOT_OPTIONS = "size=1m,nr_inodes=4096,mode=0755"
_LIBC = ctypes.CDLL(None, use_errno=True)


class ViewError(OSError):
    """A step of building the view failed (the command must not start)."""


class _MountAttr(ctypes.Structure):
    _fields_ = (
        ("attr_set", ctypes.c_uint64),
        ("attr_clr", ctypes.c_uint64),
        ("propagation", ctypes.c_uint64),
        ("userns_fd", ctypes.c_uint64),
    )


def enter_view(
    stage: str,
    *,
    expose: Sequence[str],
    hidden: Sequence[str],
    uid: int,
    home_bytes: int,
    tmp_bytes: int,
) -> None:
    """Enter a private mount namespace and make the view above its root (see the module
    docstring). ``stage`` is an empty directory; ``uid`` will own the home. Irreversible;
    raises :class:`ViewError` naming the step that failed."""
    if _LIBC.unshare(_CLONE_NEWNS) != 0:
        _fail("unshare(CLONE_NEWNS)")
    _mount(None, "/", None, _MS_REC | _MS_PRIVATE, None)
    _mount("tmpfs", stage, "tmpfs", _MS_NOSUID | _MS_NODEV, _ROOT_OPTIONS)
    root = stage.rstrip("/")
    for path in SYSTEM_DIRS:
        _place_system_dir(root, path)
    _make_dev(root)
    _make_tmpfs(root + "/tmp", f"size={tmp_bytes},mode=1777")
    _make_tmpfs(root + HOME, f"size={home_bytes},mode=0700,uid={uid},gid={uid}")
    os.makedirs(root + "/proc", mode=0o555)
    for path in expose:
        _bind_read_only(path, root + path)
    _write_empty(root + EMPTY_FILE)
    for path in hidden:
        _cover(root, path)
    _pivot(root)
    _mount(None, "/", None, _MS_REMOUNT | _MS_RDONLY | _MS_NOSUID | _MS_NODEV, _ROOT_OPTIONS)


def mount_proc() -> bool:
    """Mount a fresh ``/proc`` (in the command's pid namespace: it shows that namespace's
    processes only). False when the kernel refuses; ``/proc`` then stays empty."""
    flags = _MS_NOSUID | _MS_NODEV | 8  # MS_NOEXEC
    return bool(_LIBC.mount(b"proc", b"/proc", b"proc", flags, None) == 0)


def _place_system_dir(root: str, path: str) -> None:
    if os.path.islink(path):
        os.symlink(os.readlink(path), root + path)
    elif os.path.isdir(path):
        _bind_read_only(path, root + path)


def _make_dev(root: str) -> None:
    dev = root + "/dev"
    _make_tmpfs(dev, "size=64k,nr_inodes=64,mode=0755")
    for name in DEVICES:
        if os.path.exists("/dev/" + name):
            _write_empty(f"{dev}/{name}")
            _mount("/dev/" + name, f"{dev}/{name}", None, _MS_BIND, None)
    for name, target in DEVICE_LINKS:
        os.symlink(target, f"{dev}/{name}")
    _make_tmpfs(dev + "/shm", "size=64m,mode=1777")
    _mount(None, dev, None, _MS_REMOUNT | _MS_RDONLY | _MS_NOSUID, "size=64k,nr_inodes=64")


def _make_tmpfs(target: str, options: str) -> None:
    os.makedirs(target, mode=0o755, exist_ok=True)
    _mount("tmpfs", target, "tmpfs", _MS_NOSUID | _MS_NODEV, options)


def _bind_read_only(source: str, target: str) -> None:
    """Bind ``source`` (with the mounts below it) on ``target`` read-only, nosuid, nodev."""
    if os.path.isdir(source):
        os.makedirs(target, mode=0o755, exist_ok=True)
    else:
        os.makedirs(os.path.dirname(target), mode=0o755, exist_ok=True)
        _write_empty(target)
    _mount(source, target, None, _MS_BIND | _MS_REC, None)
    attr = _MountAttr(_MOUNT_ATTR_RDONLY | _MOUNT_ATTR_NOSUID | _MOUNT_ATTR_NODEV, 0, 0, 0)
    done = _LIBC.syscall(
        ctypes.c_long(_SYS_MOUNT_SETATTR),
        ctypes.c_int(_AT_FDCWD),
        ctypes.c_char_p(os.fsencode(target)),
        ctypes.c_uint(_AT_RECURSIVE),
        ctypes.byref(attr),
        ctypes.c_size_t(ctypes.sizeof(attr)),
    )
    if done != 0:  # an older kernel: the top mount at least (mounts below it keep their flags)
        flags = _MS_REMOUNT | _MS_BIND | _MS_RDONLY | _MS_NOSUID | _MS_NODEV
        _mount(None, target, None, flags, None)


def _cover(root: str, path: str) -> None:
    """Hide ``path`` if it shows in the view: an empty read-only tmpfs or the empty file."""
    target = root + path
    if os.path.isdir(target):
        _mount("tmpfs", target, "tmpfs", _MS_RDONLY | _MS_NOSUID | _MS_NODEV, "size=4k,mode=0555")
    elif os.path.lexists(target):
        _mount(root + EMPTY_FILE, target, None, _MS_BIND, None)
        _mount(None, target, None, _MS_REMOUNT | _MS_BIND | _MS_RDONLY, None)


def _pivot(root: str) -> None:
    """Make ``root`` the root and detach the old one (``pivot_root(".", ".")``); where the
    system call number is not known here, move the mount onto ``/`` and ``chroot`` instead."""
    os.chdir(root)
    if _SYS_PIVOT_ROOT is not None:
        if _LIBC.syscall(ctypes.c_long(_SYS_PIVOT_ROOT), b".", b".") != 0:
            _fail("pivot_root")
        if _LIBC.umount2(b".", _MNT_DETACH) != 0:
            _fail("detaching the old root")
    else:
        _mount(".", "/", None, 8192, None)  # MS_MOVE
        os.chroot(".")
    os.chdir("/")


def _write_empty(path: str) -> None:
    os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_CLOEXEC, 0o444))


def _mount(
    source: str | None, target: str, fs_type: str | None, flags: int, options: str | None
) -> None:
    if (
        _LIBC.mount(
            os.fsencode(source) if source is not None else None,
            os.fsencode(target),
            fs_type.encode() if fs_type else None,
            flags,
            options.encode() if options else None,
        )
        != 0
    ):
        _fail(f"mount {source or ''} on {target}")


def _fail(step: str) -> None:
    code = ctypes.get_errno()
    raise ViewError(code, f"{step}: {os.strerror(code)}")
