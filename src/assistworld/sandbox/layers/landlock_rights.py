"""Landlock access rights and scopes: which ones an ABI version handles, and what a read-only
or read-write path rule grants. Pure arithmetic from the kernel UAPI (``landlock.h``); the
syscalls are in ``landlock``."""

from __future__ import annotations

from dataclasses import dataclass

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
    "RulesetPlan",
    "handled_fs_access",
    "handled_net_access",
    "plan_ruleset",
    "read_only_access",
    "read_write_access",
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
