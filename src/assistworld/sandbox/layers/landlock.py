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

Opening ~200 paths for the read-only rules costs a few milliseconds, so a process that forks many
confined children opens them once with :func:`open_read_only_rules` and passes the result to
:func:`restrict_self` in each child, which then only adds the rules and closes the descriptors.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import fcntl
import os
import platform
import stat
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from assistworld.sandbox.layers.landlock_rights import (
    plan_ruleset,
    read_only_access,
    read_write_access,
)

__all__ = [
    "LandlockError",
    "LandlockUnavailable",
    "OpenedRules",
    "abi_version",
    "open_read_only_rules",
    "restrict_self",
]

FIRST_RULE_FD = 64
"""Descriptors of pre-opened rules are numbered from here up, clear of the low numbers a confined
child still needs below its ``RLIMIT_NOFILE`` (the ruleset itself, the scratch dir's rule)."""

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


_RULE_SIZE = ctypes.sizeof(_PathBeneathAttr)


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


def abi_version(libc: ctypes.CDLL | None = None) -> int:
    """Return the Landlock ABI version of the running kernel.

    Raises :class:`LandlockUnavailable` with the reason when Landlock cannot be used.
    """
    create_nr, _, _ = _syscall_numbers()
    libc = libc or _libc()
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


def _ruleset_attr_size(abi: int) -> int:
    # Older kernels know a shorter struct; pass exactly the part they understand.
    if abi < 4:
        return 8
    if abi < 6:
        return 16
    return ctypes.sizeof(_RulesetAttr)


@dataclass(frozen=True)
class OpenedRules:
    """Read-only rules opened ahead of time: an ``O_PATH`` descriptor and the rights for each path.

    Made by :func:`open_read_only_rules` for the Landlock ABI of this kernel. The descriptors are
    inherited by forked children; each child hands the object to :func:`restrict_self`, which
    closes them in that child. The owner closes its own copies with :meth:`close`.
    """

    abi: int
    fds: tuple[int, ...]
    rights: tuple[int, ...]
    paths: tuple[str, ...]
    """The path of each descriptor, for error messages."""
    libc: ctypes.CDLL = field(compare=False, repr=False)
    rule_refs: tuple[Any, ...] = field(default=(), compare=False, repr=False)
    """Pointers to the ``landlock_add_rule`` arguments, built once (a child only passes them)."""

    def close(self) -> None:
        """Close every descriptor (in the calling process only)."""
        for fd in self.fds:
            with contextlib.suppress(OSError):
                os.close(fd)


def open_read_only_rules(paths: Sequence[Path], *, allow_execute: bool = False) -> OpenedRules:
    """Open every read-only path once (``O_PATH``, close-on-exec, numbered from
    ``FIRST_RULE_FD`` up) and work out its rights.

    Raises :class:`LandlockUnavailable`, or :class:`LandlockError` naming a path that cannot be
    opened (nothing stays open then).
    """
    libc = _libc()
    abi = abi_version(libc)
    fds: list[int] = []
    rights: list[int] = []
    names = tuple(str(path) for path in paths)
    try:
        for path in paths:
            fd = _move_up(_open_path(path))
            fds.append(fd)
            is_dir = stat.S_ISDIR(os.fstat(fd).st_mode)
            rights.append(read_only_access(abi, is_dir=is_dir, execute=allow_execute))
    except BaseException:
        OpenedRules(abi, tuple(fds), (), (), libc).close()
        raise
    return _with_refs(OpenedRules(abi, tuple(fds), tuple(rights), names, libc))


def _with_refs(rules: OpenedRules) -> OpenedRules:
    attrs = (_PathBeneathAttr * len(rules.fds))(
        *(_PathBeneathAttr(access, fd) for fd, access in zip(rules.fds, rules.rights, strict=True))
    )
    refs = tuple(ctypes.byref(attrs, index * _RULE_SIZE) for index in range(len(rules.fds)))
    return OpenedRules(rules.abi, rules.fds, rules.rights, rules.paths, rules.libc, refs)


def restrict_self(
    read_only: Sequence[Path] | OpenedRules,
    read_write: Sequence[Path],
    *,
    allow_execute: bool = False,
) -> int:
    """Confine the calling thread (and its future threads) with Landlock; return the ABI used.

    ``read_only`` is a list of paths (opened one at a time, so a low ``RLIMIT_NOFILE`` is no
    obstacle), or rules opened earlier with :func:`open_read_only_rules` (``allow_execute`` is
    then ignored: it was fixed when they were opened), whose descriptors this closes in the
    calling process whatever happens. Every path must exist. ``PR_SET_NO_NEW_PRIVS`` is set
    first, as the kernel requires for an unprivileged caller and as is right for a sandbox
    anyway. Raises :class:`LandlockUnavailable` or :class:`LandlockError`; after an error no
    Landlock domain is in force (``PR_SET_NO_NEW_PRIVS`` may already be set).
    """
    if isinstance(read_only, OpenedRules):
        try:
            return _restrict(read_only.libc, read_only.abi, read_only, (), read_write, False)
        finally:
            read_only.close()
    libc = _libc()
    return _restrict(libc, abi_version(libc), None, read_only, read_write, allow_execute)


def _restrict(
    libc: ctypes.CDLL,
    expected_abi: int,
    opened: OpenedRules | None,
    read_only: Sequence[Path],
    read_write: Sequence[Path],
    allow_execute: bool,
) -> int:
    create_nr, add_rule_nr, restrict_nr = _syscall_numbers()
    abi = abi_version(libc)
    if abi != expected_abi:
        raise LandlockError(f"the rules were opened for ABI {expected_abi}, the kernel has {abi}")
    plan = plan_ruleset(abi)
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
        if opened is not None:
            _add_opened_rules(libc, add_rule_nr, int(ruleset_fd), opened)
        paths = [(path, False) for path in read_only] + [(path, True) for path in read_write]
        for path, writable in paths:
            path_fd = _open_path(path)
            try:
                is_dir = stat.S_ISDIR(os.fstat(path_fd).st_mode)
                access = (
                    read_write_access(abi, is_dir=is_dir)
                    if writable
                    else read_only_access(abi, is_dir=is_dir, execute=allow_execute)
                )
                rules = _with_refs(OpenedRules(abi, (path_fd,), (access,), (str(path),), libc))
                _add_opened_rules(libc, add_rule_nr, int(ruleset_fd), rules)
            finally:
                os.close(path_fd)
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


def _move_up(fd: int) -> int:
    """``fd`` renumbered from ``FIRST_RULE_FD`` up (kept as it is if the fd limit is lower)."""
    try:
        high = fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, FIRST_RULE_FD)
    except OSError:
        return fd
    os.close(fd)
    return high


def _open_path(path: Path) -> int:
    try:
        return os.open(path, os.O_PATH | os.O_CLOEXEC)
    except OSError as exc:
        raise LandlockError(
            f"cannot open {str(path)!r} for a Landlock rule: {exc.strerror}; "
            "remove it from the allow-list or create it first"
        ) from exc


def _add_opened_rules(
    libc: ctypes.CDLL,
    add_rule_nr: int,
    ruleset_fd: int,
    rules: OpenedRules,
) -> None:
    """Add one path-beneath rule per opened descriptor."""
    call = libc.syscall
    number, ruleset, kind, flags = (
        ctypes.c_long(add_rule_nr),
        ctypes.c_int(ruleset_fd),
        ctypes.c_int(_RULE_PATH_BENEATH),
        ctypes.c_uint32(0),
    )
    for index, ref in enumerate(rules.rule_refs):
        if call(number, ruleset, kind, ref, flags) != 0:
            raise LandlockError(
                f"landlock_add_rule for {rules.paths[index]!r} failed: "
                f"{os.strerror(ctypes.get_errno())}"
            )
