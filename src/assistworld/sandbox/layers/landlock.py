"""A small ctypes binding of the Linux Landlock LSM (filesystem, TCP and scoping rules).

Written from the kernel UAPI (``include/uapi/linux/landlock.h``) and the Landlock
documentation. The PyPI ``landlock`` package only covers filesystem rules, so the three
syscalls are called directly here.

What a ruleset built by :func:`restrict_self` does, for the ABI the kernel reports:

* every filesystem access right the ABI knows is *handled* (denied unless a rule allows it);
* read-only paths get "read file" and "read directory" (and "execute" only if asked);
* read-write paths get every handled right except execute and creating device nodes;
* TCP bind and connect are handled with no rule allowing them (ABI >= 4);
* abstract Unix sockets and signals are scoped to the sandbox (ABI >= 6), so the process can
  neither connect to abstract sockets nor signal processes created outside its domain.

Landlock applies to the calling thread and everything it later creates; it cannot be undone.
"""

from __future__ import annotations

import ctypes
import errno
import os
import platform
import stat
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

__all__ = [
    "ACCESS_FS_EXECUTE",
    "ACCESS_FS_IOCTL_DEV",
    "ACCESS_FS_MAKE_BLOCK",
    "ACCESS_FS_MAKE_CHAR",
    "ACCESS_FS_READ_DIR",
    "ACCESS_FS_READ_FILE",
    "ACCESS_FS_REFER",
    "ACCESS_FS_TRUNCATE",
    "ACCESS_FS_WRITE_FILE",
    "ACCESS_NET_BIND_TCP",
    "ACCESS_NET_CONNECT_TCP",
    "SCOPE_ABSTRACT_UNIX_SOCKET",
    "SCOPE_SIGNAL",
    "LandlockError",
    "LandlockUnavailable",
    "RulesetPlan",
    "abi_version",
    "handled_fs_access",
    "handled_net_access",
    "plan_ruleset",
    "read_only_access",
    "read_write_access",
    "restrict_self",
    "scoped_access",
]

# Filesystem access rights (landlock.h, LANDLOCK_ACCESS_FS_*).
ACCESS_FS_EXECUTE = 1 << 0
ACCESS_FS_WRITE_FILE = 1 << 1
ACCESS_FS_READ_FILE = 1 << 2
ACCESS_FS_READ_DIR = 1 << 3
ACCESS_FS_REMOVE_DIR = 1 << 4
ACCESS_FS_REMOVE_FILE = 1 << 5
ACCESS_FS_MAKE_CHAR = 1 << 6
ACCESS_FS_MAKE_DIR = 1 << 7
ACCESS_FS_MAKE_REG = 1 << 8
ACCESS_FS_MAKE_SOCK = 1 << 9
ACCESS_FS_MAKE_FIFO = 1 << 10
ACCESS_FS_MAKE_BLOCK = 1 << 11
ACCESS_FS_MAKE_SYM = 1 << 12
ACCESS_FS_REFER = 1 << 13  # ABI 2
ACCESS_FS_TRUNCATE = 1 << 14  # ABI 3
ACCESS_FS_IOCTL_DEV = 1 << 15  # ABI 5

# Network access rights (LANDLOCK_ACCESS_NET_*), ABI 4.
ACCESS_NET_BIND_TCP = 1 << 0
ACCESS_NET_CONNECT_TCP = 1 << 1

# Scopes (LANDLOCK_SCOPE_*), ABI 6.
SCOPE_ABSTRACT_UNIX_SOCKET = 1 << 0
SCOPE_SIGNAL = 1 << 1

# Rights that make sense on a non-directory inode; the kernel rejects others on files.
_FILE_RIGHTS = (
    ACCESS_FS_EXECUTE
    | ACCESS_FS_WRITE_FILE
    | ACCESS_FS_READ_FILE
    | ACCESS_FS_TRUNCATE
    | ACCESS_FS_IOCTL_DEV
)
_ABI1_FS_RIGHTS = (1 << 13) - 1  # EXECUTE .. MAKE_SYM

_CREATE_RULESET_VERSION = 1 << 0
_RULE_PATH_BENEATH = 1
_PR_SET_NO_NEW_PRIVS = 38

# (create_ruleset, add_rule, restrict_self). Since Linux 5.1 new syscalls share one number
# on every architecture except alpha and mips, so these hold for all the 64-bit targets below.
_UNIFIED_NUMBERS = (444, 445, 446)
_SUPPORTED_MACHINES = frozenset(
    {"x86_64", "amd64", "aarch64", "arm64", "riscv64", "ppc64le", "s390x"}
)


class LandlockUnavailable(RuntimeError):
    """Landlock cannot be used on this kernel, architecture or configuration."""


class LandlockError(RuntimeError):
    """Building or applying a Landlock ruleset failed."""


class _RulesetAttr(ctypes.Structure):
    _fields_ = (
        ("handled_access_fs", ctypes.c_uint64),
        ("handled_access_net", ctypes.c_uint64),
        ("scoped", ctypes.c_uint64),
    )


class _PathBeneathAttr(ctypes.Structure):
    _pack_ = 1
    _fields_ = (
        ("allowed_access", ctypes.c_uint64),
        ("parent_fd", ctypes.c_int32),
    )


def _syscall_numbers() -> tuple[int, int, int]:
    machine = platform.machine().lower()
    if machine not in _SUPPORTED_MACHINES:
        raise LandlockUnavailable(
            f"no Landlock syscall numbers known for architecture {machine!r}; "
            f"supported: {', '.join(sorted(_SUPPORTED_MACHINES))}"
        )
    return _UNIFIED_NUMBERS


def _libc() -> ctypes.CDLL:
    # dlopen(NULL) returns the already-loaded C library: no file access, safe after confinement.
    libc = ctypes.CDLL(None, use_errno=True)
    libc.syscall.restype = ctypes.c_long
    libc.prctl.restype = ctypes.c_int
    return libc


def abi_version() -> int:
    """Return the Landlock ABI version of the running kernel.

    Raises :class:`LandlockUnavailable` with the reason when Landlock cannot be used.
    """
    create_nr, _, _ = _syscall_numbers()
    libc = _libc()
    result = libc.syscall(
        ctypes.c_long(create_nr), None, ctypes.c_size_t(0), ctypes.c_uint32(_CREATE_RULESET_VERSION)
    )
    if result >= 0:
        return int(result)
    err = ctypes.get_errno()
    if err == errno.ENOSYS:
        raise LandlockUnavailable("the kernel has no Landlock syscalls (needs Linux >= 5.13)")
    if err == errno.EOPNOTSUPP:
        raise LandlockUnavailable(
            "Landlock is built in but disabled at boot "
            "(add 'landlock' to the lsm= kernel parameter)"
        )
    raise LandlockUnavailable(f"probing the Landlock ABI failed: {os.strerror(err)}")


def handled_fs_access(abi: int) -> int:
    """Filesystem rights the given ABI can restrict (all of them get handled)."""
    rights = _ABI1_FS_RIGHTS
    if abi >= 2:
        rights |= ACCESS_FS_REFER
    if abi >= 3:
        rights |= ACCESS_FS_TRUNCATE
    if abi >= 5:
        rights |= ACCESS_FS_IOCTL_DEV
    return rights


def handled_net_access(abi: int) -> int:
    """Network rights handled (and, with no port rule, denied): TCP bind and connect."""
    return ACCESS_NET_BIND_TCP | ACCESS_NET_CONNECT_TCP if abi >= 4 else 0


def scoped_access(abi: int) -> int:
    """IPC scopes applied: abstract Unix sockets and signals stay inside the sandbox."""
    return SCOPE_ABSTRACT_UNIX_SOCKET | SCOPE_SIGNAL if abi >= 6 else 0


def read_only_access(abi: int, *, is_dir: bool, execute: bool = False) -> int:
    """Rights granted on a read-only path."""
    rights = ACCESS_FS_READ_FILE | ACCESS_FS_READ_DIR
    if execute:
        rights |= ACCESS_FS_EXECUTE
    return _fit(rights, abi, is_dir=is_dir)


def read_write_access(abi: int, *, is_dir: bool) -> int:
    """Rights granted on a read-write path: everything handled except execute and mknod of devices.

    Creating device nodes stays denied because a root process could otherwise create a block
    device in its scratch directory and read the raw disk through it.
    """
    rights = handled_fs_access(abi) & ~(
        ACCESS_FS_EXECUTE | ACCESS_FS_MAKE_CHAR | ACCESS_FS_MAKE_BLOCK
    )
    return _fit(rights, abi, is_dir=is_dir)


def _fit(rights: int, abi: int, *, is_dir: bool) -> int:
    rights &= handled_fs_access(abi)
    return rights if is_dir else rights & _FILE_RIGHTS


@dataclass(frozen=True)
class RulesetPlan:
    """What :func:`restrict_self` will ask the kernel for."""

    abi: int
    handled_access_fs: int
    handled_access_net: int
    scoped: int


def plan_ruleset(abi: int) -> RulesetPlan:
    """The ruleset attributes for an ABI version (pure; nothing is applied)."""
    if abi < 1:
        raise ValueError(f"Landlock ABI versions start at 1, got {abi}")
    return RulesetPlan(
        abi=abi,
        handled_access_fs=handled_fs_access(abi),
        handled_access_net=handled_net_access(abi),
        scoped=scoped_access(abi),
    )


def _ruleset_attr_size(abi: int) -> int:
    # Older kernels know a shorter struct; pass exactly the part they understand.
    if abi < 4:
        return 8
    if abi < 6:
        return 16
    return ctypes.sizeof(_RulesetAttr)


def restrict_self(
    read_only: Sequence[Path],
    read_write: Sequence[Path],
    *,
    allow_execute: bool = False,
) -> int:
    """Confine the calling thread (and its future threads) with Landlock; return the ABI used.

    Every path must exist. ``PR_SET_NO_NEW_PRIVS`` is set first, as the kernel requires for an
    unprivileged caller and as is right for a sandbox anyway. Raises
    :class:`LandlockUnavailable` or :class:`LandlockError`; after an error no Landlock domain
    is in force (``PR_SET_NO_NEW_PRIVS`` may already be set).
    """
    create_nr, add_rule_nr, restrict_nr = _syscall_numbers()
    abi = abi_version()
    plan = plan_ruleset(abi)
    libc = _libc()
    attr = _RulesetAttr(plan.handled_access_fs, plan.handled_access_net, plan.scoped)
    ruleset_fd = libc.syscall(
        ctypes.c_long(create_nr),
        ctypes.byref(attr),
        ctypes.c_size_t(_ruleset_attr_size(abi)),
        ctypes.c_uint32(0),
    )
    if ruleset_fd < 0:
        raise LandlockError(f"landlock_create_ruleset failed: {os.strerror(ctypes.get_errno())}")
    try:
        for path in read_only:
            _add_path_rule(
                libc, add_rule_nr, int(ruleset_fd), path, abi, writable=False, execute=allow_execute
            )
        for path in read_write:
            _add_path_rule(
                libc, add_rule_nr, int(ruleset_fd), path, abi, writable=True, execute=False
            )
        if libc.prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
            raise LandlockError(
                f"prctl(PR_SET_NO_NEW_PRIVS) failed: {os.strerror(ctypes.get_errno())}"
            )
        if (
            libc.syscall(ctypes.c_long(restrict_nr), ctypes.c_int(ruleset_fd), ctypes.c_uint32(0))
            != 0
        ):
            raise LandlockError(f"landlock_restrict_self failed: {os.strerror(ctypes.get_errno())}")
    finally:
        os.close(ruleset_fd)
    return abi


def _add_path_rule(
    libc: ctypes.CDLL,
    add_rule_nr: int,
    ruleset_fd: int,
    path: Path,
    abi: int,
    *,
    writable: bool,
    execute: bool,
) -> None:
    try:
        path_fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
    except OSError as exc:
        raise LandlockError(
            f"cannot open {str(path)!r} for a Landlock rule: {exc.strerror}; "
            "remove it from the allow-list or create it first"
        ) from exc
    try:
        is_dir = stat.S_ISDIR(os.fstat(path_fd).st_mode)
        access = (
            read_write_access(abi, is_dir=is_dir)
            if writable
            else read_only_access(abi, is_dir=is_dir, execute=execute)
        )
        rule = _PathBeneathAttr(access, path_fd)
        result = libc.syscall(
            ctypes.c_long(add_rule_nr),
            ctypes.c_int(ruleset_fd),
            ctypes.c_int(_RULE_PATH_BENEATH),
            ctypes.byref(rule),
            ctypes.c_uint32(0),
        )
        if result != 0:
            raise LandlockError(
                f"landlock_add_rule for {str(path)!r} failed: {os.strerror(ctypes.get_errno())}"
            )
    finally:
        os.close(path_fd)
