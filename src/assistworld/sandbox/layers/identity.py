"""Giving up root: no capabilities, an unprivileged uid of its own, a kernel cap on tasks.

A child forked from a root zygote starts with every capability. :func:`drop_identity` (run in
the freshly forked child, before Landlock and seccomp) makes it an ordinary process:

* the capability bounding set, the ambient set, and the permitted, effective and inheritable
  sets are emptied; the secure bits are set and locked (no "root regains capabilities" on exec,
  no fix-up on uid changes, no ambient raise), and ``no_new_privs`` is set;
* the real, effective and saved uid and gid become ``id_base + pid``: a uid no other process on
  the host has (a different one per child), with no supplementary groups. Signals and ptrace
  towards any other process are thus refused by plain uid checks too;
* ``RLIMIT_NPROC`` (lowered by the rlimits layer) counts the tasks, threads included, of that
  uid, and the kernel applies it because the real uid is not 0 and no capability is left: the
  child cannot hold more than ``max_tasks`` threads;
* the *filesystem* uid follows (it is the uid's own): files are opened, looked up and created
  as that uid, so a root-owned file is only as reachable as its mode lets any user reach it.
  As fsuid 0 a child could still ``stat`` every path of the host (Landlock does not govern
  metadata lookups: sizes and times of files in root-only directories leaked) and open for
  writing the root-owned files the world host put in its scratch dir. The interpreter of this
  machine kind lives under ``/root`` (mode 700); the zygote makes it reachable to other uids
  inside its own mount namespace (``sandbox.reachable``). Only where that is impossible, and
  the sandbox was explicitly made unsafe, may a caller keep fsuid 0 (``files_as_root``);
* the directory given as ``own_dir`` (the child's scratch dir) is handed to the new uid first.

Every step is checked; a step that fails raises :class:`IdentityError` (fail closed).

Standard library only, and not ``pathlib``: a confined command's launcher loads this file by
path at every start (``sandbox.command.launcher``).
"""

from __future__ import annotations

import ctypes
import errno
import os

__all__ = [
    "AGENT_ID_BASE",
    "WORLD_HOST_ID_BASE",
    "IdentityError",
    "agent_id",
    "drop_identity",
    "identity_problem",
]

AGENT_ID_BASE = 0x5A000000
"""First uid/gid of agent children (child pid added; pids stay below 2**22, so the range
1509949440-1514143743 is used, far above the ids Debian hands out to users and to subordinate
id ranges, which start at 100000 and grow by 65536 per user)."""

WORLD_HOST_ID_BASE = AGENT_ID_BASE + (1 << 22)
"""First uid/gid of world hosts (pid added): the range right above the agent children's."""

_PR_CAPBSET_READ = 23
_PR_CAPBSET_DROP = 24
_PR_SET_SECUREBITS = 28
_PR_SET_NO_NEW_PRIVS = 38
_PR_CAP_AMBIENT = 47
_PR_CAP_AMBIENT_CLEAR_ALL = 4
_SECURE_BITS = (
    (1 << 0)  # SECBIT_NOROOT
    | (1 << 1)  # SECBIT_NOROOT_LOCKED
    | (1 << 2)  # SECBIT_NO_SETUID_FIXUP: keep the capabilities through the uid change below
    | (1 << 3)  # SECBIT_NO_SETUID_FIXUP_LOCKED
    | (1 << 5)  # SECBIT_KEEP_CAPS_LOCKED
    | (1 << 6)  # SECBIT_NO_CAP_AMBIENT_RAISE
    | (1 << 7)  # SECBIT_NO_CAP_AMBIENT_RAISE_LOCKED
)
_CAPABILITY_VERSION_3 = 0x20080522
_CAP_SETGID, _CAP_SETUID, _CAP_SETPCAP, _CAP_SYS_ADMIN = 6, 7, 8, 21
_NEEDED = (_CAP_SETGID, _CAP_SETUID, _CAP_SETPCAP, _CAP_SYS_ADMIN)
"""What giving up root needs, and (``CAP_SYS_ADMIN``) mounting the size-limited scratch dirs."""


class _CapHeader(ctypes.Structure):
    _fields_ = (("version", ctypes.c_uint32), ("pid", ctypes.c_int))


class _CapData(ctypes.Structure):
    _fields_ = (
        ("effective", ctypes.c_uint32),
        ("permitted", ctypes.c_uint32),
        ("inheritable", ctypes.c_uint32),
    )


class IdentityError(OSError):
    """A step of giving up root failed."""


def _last_capability() -> int:
    try:
        with open("/proc/sys/kernel/cap_last_cap", encoding="ascii") as handle:
            return int(handle.read())
    except (OSError, ValueError):
        return 63  # dropping an unknown capability fails with EINVAL, which is ignored below


# Everything below is built at import, in the zygote: a child only calls (each object it would
# build costs it page faults on this kind of machine).
_LAST_CAP = _last_capability()
_LIBC = ctypes.CDLL(None, use_errno=True)
_PRCTL = _LIBC.prctl
_PRCTL.restype = ctypes.c_int
_PRCTL.argtypes = (ctypes.c_int, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong)
_CAPSET = _LIBC.capset
_CAPGET = _LIBC.capget
_SETFSUID = _LIBC.setfsuid
_SETFSGID = _LIBC.setfsgid
_HEADER = _CapHeader(_CAPABILITY_VERSION_3, 0)
_EMPTY = (_CapData * 2)()
_READ_BACK = (_CapData * 2)()
_HEADER_REF, _EMPTY_REF, _READ_BACK_REF = (
    ctypes.byref(_HEADER),
    ctypes.byref(_EMPTY),
    ctypes.byref(_READ_BACK),
)
_CAPS = tuple(range(_LAST_CAP + 1))


def agent_id(pid: int, id_base: int = AGENT_ID_BASE) -> int:
    """The uid (and gid) of the agent child with process id ``pid``."""
    return id_base + pid


def identity_problem() -> str:
    """Why :func:`drop_identity` cannot work in a child of this process, or ``""``."""
    if os.geteuid() != 0:
        return (
            f"the sandbox needs root (this is uid {os.geteuid()}): it gives every agent child "
            "and world host a uid of its own and mounts their scratch file systems"
        )
    try:
        with open("/proc/self/status", encoding="utf-8") as handle:
            status = handle.read()
    except OSError as exc:
        return f"cannot read the process status ({exc})"
    for line in status.splitlines():
        if line.startswith("CapEff:"):
            effective = int(line.split()[1], 16)
            missing = [cap for cap in _NEEDED if not effective >> cap & 1]
            if missing:
                return (
                    f"the capabilities {missing} (of setgid 6, setuid 7, setpcap 8 and "
                    "sys_admin 21, for the scratch mounts) are missing"
                )
            return ""
    return "no CapEff line in /proc/self/status"


def _prctl(option: int, arg: int, what: str) -> None:
    if _PRCTL(option, arg, 0, 0, 0) != 0:
        code = ctypes.get_errno()
        raise IdentityError(code, f"{what} failed: {os.strerror(code)}")


def drop_identity(
    id_base: int = AGENT_ID_BASE,
    *,
    own_dir: str | os.PathLike[str] | None = None,
    files_as_root: bool = False,
) -> int:
    """Turn the calling (root, single-threaded) process into uid/gid ``id_base + pid`` with no
    capability, no group and ``no_new_privs``, its filesystem uid and gid included unless
    ``files_as_root``. ``own_dir`` (if given) is owned by the new uid first. Irreversible.
    Returns the new uid.

    Raises :class:`IdentityError` when a step fails (the process must not run untrusted code).
    """
    ident = agent_id(os.getpid(), id_base)
    _prctl(_PR_SET_SECUREBITS, _SECURE_BITS, "setting the secure bits")
    if own_dir is not None and not files_as_root:
        try:
            os.chown(own_dir, ident, ident)
        except FileNotFoundError:
            pass  # nothing to hand over; the Landlock layer refuses a missing scratch dir
        except OSError as exc:
            raise IdentityError(exc.errno, f"handing {own_dir} to uid {ident}: {exc}") from None
    for cap in _CAPS:
        if _PRCTL(_PR_CAPBSET_DROP, cap, 0, 0, 0) != 0:
            code = ctypes.get_errno()
            if code != errno.EINVAL:  # a capability this kernel does not know
                raise IdentityError(code, f"dropping capability {cap}: {os.strerror(code)}")
    _prctl(_PR_CAP_AMBIENT, _PR_CAP_AMBIENT_CLEAR_ALL, "clearing the ambient capabilities")
    try:
        os.setgroups([])
        os.setresgid(ident, ident, ident)
        os.setresuid(ident, ident, ident)
    except OSError as exc:
        raise IdentityError(exc.errno, f"changing to uid {ident}: {exc.strerror}") from None
    if files_as_root:
        _SETFSUID(0)  # still allowed: SECBIT_NO_SETUID_FIXUP kept CAP_SETUID so far
    _HEADER.pid = 0
    if _CAPSET(_HEADER_REF, _EMPTY_REF) != 0:
        code = ctypes.get_errno()
        raise IdentityError(code, f"emptying the capability sets failed: {os.strerror(code)}")
    _prctl(_PR_SET_NO_NEW_PRIVS, 1, "setting no_new_privs")
    _verify(ident, 0 if files_as_root else ident)
    return ident


def _verify(ident: int, fsuid: int) -> None:
    """Check the result through the kernel's own answers (cheap: a few system calls)."""
    if os.getresuid() != (ident, ident, ident) or os.getresgid() != (ident, ident, ident):
        raise IdentityError(0, "the uid or gid did not change")
    if os.getgroups():
        raise IdentityError(0, "supplementary groups are left")
    if _SETFSUID(-1) != fsuid:  # an invalid id changes nothing and returns the current fsuid
        raise IdentityError(0, f"the filesystem uid is not {fsuid}")
    if _SETFSGID(-1) != ident:
        raise IdentityError(0, f"the filesystem gid is not {ident}")
    if _CAPGET(_HEADER_REF, _READ_BACK_REF) != 0:
        code = ctypes.get_errno()
        raise IdentityError(code, f"reading the capability sets failed: {os.strerror(code)}")
    if bytes(_READ_BACK) != bytes(_EMPTY):
        raise IdentityError(0, "capabilities are left")
    if _PRCTL(_PR_CAPBSET_READ, _LAST_CAP, 0, 0, 0) != 0:  # each drop was checked above
        raise IdentityError(0, "the bounding set still holds capabilities")
