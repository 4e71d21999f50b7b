"""A seccomp-bpf filter for an untrusted child: no processes, no network, no host tampering.

The filter allows by default and refuses, with ``EPERM``, the system calls an agent program
has no business making. ``clone3`` gets ``ENOSYS`` instead, so that glibc falls back to
``clone``, whose flags seccomp can inspect: threads are allowed, new processes are not.

``pyseccomp`` is imported when this module is imported, on purpose: its import runs
``ldconfig`` to find libseccomp, and that exec would be refused once Landlock and this filter
are in place. Import this module in the zygote, before any child is confined.

Beyond the list in the design, the filter also refuses (defence in depth: the identity layer
has already taken every capability away and given the child a uid of its own, file access
included, and Landlock does not govern these):

* changing file metadata (``chmod``/``chown``/xattr/``utime`` families, and ``file_setattr``):
  Landlock does not restrict them, so a child could otherwise change the files it owns (its
  scratch dir) in ways the world host does not expect, or, run with ``files_as_root`` (unsafe
  only), damage root's files it may only read;
* every ``ioctl`` request outside a short allow-list (:data:`ALLOWED_IOCTL_REQUESTS`, what the
  interpreter uses): no file-system administration (freeze, thaw, shutdown, trim, label, UUID,
  inode flags behind ``chattr``), no terminal input injection. This is a second, stacked
  program (:func:`ioctl_allow_list`);
* ``memfd_create`` and ``memfd_secret`` (anonymous memory that no limit counts once unmapped),
  ``sendmsg``/``sendmmsg`` (no descriptor passing with ``SCM_RIGHTS``, which keeps closed
  descriptors alive in flight), resizing pipes (``F_SETPIPE_SZ``) and socket buffers
  (``SO_SNDBUF``, ``SO_RCVBUF``): kernel memory no limit counts stays at its defaults;
* raising or setting resource limits;
* signals, ``pidfd_open`` and ``prlimit64`` aimed at any process other than itself, and
  scheduling changes (a root child could renice or pin every process on the machine);
* Unix datagram and raw sockets, ``connect`` and ``bind``: pathname Unix sockets are not
  covered by Landlock scoping, so the child may only use socket pairs it creates itself;
* the new mount API, handle-based opens, fanotify and inotify watches, raw I/O ports,
  SysV IPC, POSIX message queues, device-node creation, file leases and routing ``SIGIO`` to
  other processes (``F_SETOWN``).

Building the filter with libseccomp takes about 2 ms, so :func:`compile_filter` builds it once
(in the zygote) as a BPF program in which only the caller's pid is left open; each child fills in
its pid and loads the program with one ``prctl``.
"""

from __future__ import annotations

import ctypes
import errno
import os
import platform
import socket
import struct
import sys
import termios
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

__all__ = [
    "ALLOWED_IOCTL_REQUESTS",
    "DENIED_SYSCALLS",
    "FilterProgram",
    "SeccompUnavailable",
    "build_filter",
    "compile_filter",
    "install_filter",
    "ioctl_allow_list",
    "unavailability_reason",
]


def _import_pyseccomp() -> tuple[ModuleType | None, str]:
    try:
        import pyseccomp
    except (ImportError, OSError, RuntimeError) as exc:
        return None, f"pyseccomp cannot be loaded ({type(exc).__name__}: {exc})"
    return pyseccomp, ""


_PYSECCOMP, _IMPORT_PROBLEM = _import_pyseccomp()

DENIED_SYSCALLS: tuple[str, ...] = (
    # new processes and programs
    "fork", "vfork", "execve", "execveat",
    # reaching into other processes
    "ptrace", "process_vm_readv", "process_vm_writev", "process_madvise", "pidfd_getfd",
    "tkill",
    # namespaces, mounts, root directory
    "unshare", "setns", "mount", "umount", "umount2", "chroot", "pivot_root",
    "open_tree", "open_tree_attr", "move_mount", "fsopen", "fsconfig", "fsmount", "fspick",
    "mount_setattr",
    # kernel attack surface and kernel state
    "bpf", "keyctl", "add_key", "request_key", "io_uring_setup", "io_uring_enter",
    "io_uring_register", "userfaultfd", "perf_event_open", "fanotify_init",
    "kexec_load", "kexec_file_load", "init_module", "finit_module", "delete_module",
    "reboot", "swapon", "swapoff", "syslog", "acct", "quotactl", "quotactl_fd",
    "settimeofday", "clock_settime", "clock_adjtime", "adjtimex", "personality",
    "sethostname", "setdomainname", "vhangup", "iopl", "ioperm", "modify_ldt",
    "lookup_dcookie", "nfsservctl", "uselib",
    # identities
    "setuid", "setgid", "setreuid", "setregid", "setresuid", "setresgid", "setgroups",
    "setfsuid", "setfsgid",
    # file metadata, which Landlock does not govern
    "chmod", "fchmod", "fchmodat", "fchmodat2", "chown", "fchown", "lchown", "fchownat",
    "setxattr", "lsetxattr", "fsetxattr", "setxattrat",
    "removexattr", "lremovexattr", "fremovexattr", "removexattrat",
    "utime", "utimes", "futimesat", "utimensat", "file_setattr",
    # opening files by handle bypasses path lookups; Landlock does not check watches
    "name_to_handle_at", "open_by_handle_at", "inotify_add_watch",
    # resource limits and scheduling
    "setrlimit", "setpriority", "sched_setscheduler", "sched_setparam", "sched_setattr",
    "ioprio_set", "migrate_pages", "move_pages",
    # IPC objects shared with the whole host
    "shmget", "shmat", "shmctl", "msgget", "msgsnd", "msgrcv", "msgctl",
    "semget", "semop", "semtimedop", "semctl", "mq_open", "mq_unlink", "mq_timedsend",
    "mq_timedreceive", "mq_notify", "mq_getsetattr",
    # Unix sockets reaching out of the sandbox; passing descriptors (SCM_RIGHTS needs sendmsg)
    "connect", "bind", "sendmsg", "sendmmsg",
    # anonymous memory files: memory no address-space limit or scratch quota sees
    "memfd_create", "memfd_secret",
    # Landlock is in force before this filter; more rulesets would only be kernel memory
    # (65,536 port rules per ruleset, one ruleset per descriptor)
    "landlock_create_ruleset", "landlock_add_rule", "landlock_restrict_self",
)  # fmt: skip

# Syscalls newer than libseccomp 2.5.4 knows by name. Numbers are shared by every
# architecture with the unified syscall table (all the 64-bit targets supported here).
_RECENT_SYSCALL_NUMBERS: tuple[tuple[str, int], ...] = (
    ("fchmodat2", 452),
    ("setxattrat", 463),
    ("removexattrat", 466),
    ("open_tree_attr", 467),
    ("file_setattr", 469),
)
_UNIFIED_TABLE_MACHINES = frozenset(
    {"x86_64", "amd64", "aarch64", "arm64", "riscv64", "ppc64le", "s390x"}
)

_CLONE_THREAD = 0x00010000
_CLONE_NAMESPACE_FLAGS = (
    0x00020000,  # CLONE_NEWNS
    0x02000000,  # CLONE_NEWCGROUP
    0x04000000,  # CLONE_NEWUTS
    0x08000000,  # CLONE_NEWIPC
    0x10000000,  # CLONE_NEWUSER
    0x20000000,  # CLONE_NEWPID
    0x40000000,  # CLONE_NEWNET
)
# The socket type is the low 4 bits of the type argument (the rest are SOCK_CLOEXEC and
# SOCK_NONBLOCK). Only SOCK_STREAM (1) and SOCK_SEQPACKET (5) may pass; these (mask, value)
# pairs match every other type: bit 1 set, bit 3 set, and the leftovers 0 and 4.
_DENIED_SOCKET_TYPE_PATTERNS = ((0x2, 0x2), (0x8, 0x8), (0xF, 0x0), (0xF, 0x4))
# F_SETOWN, F_SETOWN_EX: route SIGIO/SIGURG to another process. F_SETLEASE: a lease on a
# readable file would stall every other process that opens it for writing. F_SETPIPE_SZ: pipe
# buffers are kernel memory outside every limit (they stay at the default 64 KiB).
_DENIED_FCNTL_COMMANDS = (8, 15, 1024, 1031)
ALLOWED_IOCTL_REQUESTS: tuple[int, ...] = (
    termios.TCGETS,  # isatty(), which open() asks for every file
    termios.TIOCGWINSZ,  # os.get_terminal_size()
    termios.FIONREAD,  # bytes waiting on a pipe or socket
    termios.FIONBIO,  # socket.setblocking()
    termios.FIOCLEX,  # os.set_inheritable()
    termios.FIONCLEX,
)
"""The only ``ioctl`` requests an agent child may make; every other one gets ``EPERM`` (among
them the file-system administration requests: freeze, thaw, shut down, trim, set label or
UUID, change inode flags, and terminal input injection)."""
_SOL_SOCKET = 1
_SOCKET_BUFFER_OPTIONS = (7, 8, 32, 33)  # SO_SNDBUF, SO_RCVBUF and their FORCE variants
"""Socket buffers are kernel memory outside every limit: a socket pair holds up to twice
``net.core.wmem_max`` (8 MiB here) instead of the default 208 KiB."""
_LOW_32_BITS = 0xFFFFFFFF
_FILE_TYPE_MASK = 0o170000
_DEVICE_FILE_TYPES = (0o020000, 0o060000)  # S_IFCHR, S_IFBLK
_PR_GET_SECCOMP = 21
_PR_SET_SECCOMP = 22
_SECCOMP_MODE_FILTER = 2
_PR_SET_NO_NEW_PRIVS = 38
_BPF_JEQ_K = 0x15  # BPF_JMP | BPF_JEQ | BPF_K
_INSTRUCTION = struct.Struct("=HBBI")  # struct sock_filter: code, jt, jf, k
_K_OFFSET = 4
_PID_PLACEHOLDERS = (0x3E5A7C1D, 0x2B6F19E3)
"""Two stand-in pids (above any real pid, below 2**31, unlike any constant in the filter)."""


class _SockFprog(ctypes.Structure):
    _fields_ = (("len", ctypes.c_ushort), ("filter", ctypes.c_void_p))


class SeccompUnavailable(RuntimeError):
    """Seccomp filtering cannot be used here."""


def unavailability_reason() -> str:
    """Why a seccomp filter cannot be installed here, or ``""`` when it can."""
    if _PYSECCOMP is None:
        return _IMPORT_PROBLEM
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(_PR_GET_SECCOMP, 0, 0, 0, 0) < 0:
        return f"the kernel does not support seccomp ({os.strerror(ctypes.get_errno())})"
    return ""


def _require_pyseccomp() -> Any:
    if _PYSECCOMP is None:
        raise SeccompUnavailable(_IMPORT_PROBLEM)
    return _PYSECCOMP


def build_filter(own_pid: int) -> Any:
    """Build (without loading) the filter for the process whose pid is ``own_pid``.

    Returns a ``pyseccomp.SyscallFilter``.
    """
    sc = _require_pyseccomp()
    deny = sc.ERRNO(errno.EPERM)
    flt = sc.SyscallFilter(sc.ALLOW)

    for name in DENIED_SYSCALLS:
        number = _syscall_number(sc, name)
        if number is not None:
            flt.add_rule(deny, number)

    flt.add_rule(sc.ERRNO(errno.ENOSYS), "clone3")
    flt.add_rule(deny, "clone", sc.Arg(0, sc.MASKED_EQ, _CLONE_THREAD, 0))
    for flag in _CLONE_NAMESPACE_FLAGS:
        flt.add_rule(deny, "clone", sc.Arg(0, sc.MASKED_EQ, flag, flag))

    flt.add_rule(deny, "socket", sc.Arg(0, sc.NE, socket.AF_UNIX))
    for call in ("socket", "socketpair"):
        for mask, value in _DENIED_SOCKET_TYPE_PATTERNS:
            flt.add_rule(deny, call, sc.Arg(1, sc.MASKED_EQ, mask, value))

    for call in ("kill", "tgkill", "rt_sigqueueinfo", "rt_tgsigqueueinfo", "pidfd_open"):
        flt.add_rule(deny, call, sc.Arg(0, sc.NE, own_pid))
    flt.add_rule(deny, "prlimit64", sc.Arg(0, sc.NE, 0))
    flt.add_rule(deny, "prlimit64", sc.Arg(2, sc.NE, 0))
    flt.add_rule(deny, "sched_setaffinity", sc.Arg(0, sc.NE, 0))

    for option in _SOCKET_BUFFER_OPTIONS:
        flt.add_rule(deny, "setsockopt", sc.Arg(1, sc.EQ, _SOL_SOCKET), sc.Arg(2, sc.EQ, option))
    for command in _DENIED_FCNTL_COMMANDS:
        flt.add_rule(deny, "fcntl", sc.Arg(1, sc.MASKED_EQ, _LOW_32_BITS, command))
    for file_type in _DEVICE_FILE_TYPES:
        flt.add_rule(deny, "mknod", sc.Arg(1, sc.MASKED_EQ, _FILE_TYPE_MASK, file_type))
        flt.add_rule(deny, "mknodat", sc.Arg(2, sc.MASKED_EQ, _FILE_TYPE_MASK, file_type))
    return flt


def _syscall_number(sc: Any, name: str) -> int | None:
    number = int(sc.resolve_syscall(sc.Arch.NATIVE, name))
    if number >= 0:
        return number
    if platform.machine().lower() in _UNIFIED_TABLE_MACHINES:
        for recent_name, recent_number in _RECENT_SYSCALL_NUMBERS:
            if recent_name == name:
                return recent_number
    return None  # the call does not exist on this architecture: nothing to deny


@dataclass(frozen=True)
class FilterProgram:
    """The filter as a BPF program for any pid: the bytes, and where the pid goes."""

    template: bytes
    pid_offsets: tuple[int, ...]
    """Byte offsets of the 32-bit ``k`` operands that compare with the caller's own pid."""
    libc: ctypes.CDLL = field(compare=False, repr=False)
    ioctl_program: bytes = b""
    """A second program, stacked on the first: the ``ioctl`` allow-list (see
    :func:`ioctl_allow_list`). libseccomp cannot say "none of these values" in one rule."""

    def for_pid(self, pid: int) -> bytes:
        """The program of the process ``pid``."""
        if not 0 < pid < 1 << 31:
            raise ValueError(f"not a process id: {pid}")
        program = bytearray(self.template)
        for offset in self.pid_offsets:
            struct.pack_into("=I", program, offset, pid)
        return bytes(program)

    def install(self) -> None:
        """Load the program into the calling process (its own pid filled in). Irreversible.

        Sets ``PR_SET_NO_NEW_PRIVS`` first, as the kernel requires. Raises ``OSError``.
        """
        libc = self.libc
        if libc.prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
            code = ctypes.get_errno()
            raise OSError(code, f"prctl(PR_SET_NO_NEW_PRIVS) failed: {os.strerror(code)}")
        for program in (self.for_pid(os.getpid()), self.ioctl_program):
            if not program:
                continue
            buffer = ctypes.create_string_buffer(program, len(program))
            fprog = _SockFprog(len(program) // _INSTRUCTION.size, ctypes.addressof(buffer))
            if libc.prctl(_PR_SET_SECCOMP, _SECCOMP_MODE_FILTER, ctypes.byref(fprog), 0, 0) != 0:
                code = ctypes.get_errno()
                raise OSError(code, f"loading the seccomp filter failed: {os.strerror(code)}")


def compile_filter() -> FilterProgram:
    """Build the filter once as a pid-independent BPF program. Raises :class:`SeccompUnavailable`.

    It is built for two stand-in pids; the two programs must differ exactly in the ``k`` operands
    of pid comparisons holding the stand-ins, or the result is refused (fail closed). The pid
    thus reaches the program only through those operands, and filling in a real pid gives a
    program that decides every call as libseccomp's own program for that pid would (the very
    same bytes, unless the pid equals another constant of the filter, which libseccomp may then
    share a comparison block with).
    """
    first, second = (_export(build_filter(pid)) for pid in _PID_PLACEHOLDERS)
    size = _INSTRUCTION.size
    if len(first) != len(second) or not first or len(first) % size:
        raise SeccompUnavailable("libseccomp built a different program for another pid")
    offsets: list[int] = []
    for start in range(0, len(first), size):
        one, other = _INSTRUCTION.unpack_from(first, start), _INSTRUCTION.unpack_from(second, start)
        if one == other and one[3] not in _PID_PLACEHOLDERS:
            continue
        if one[:3] != other[:3] or one[0] != _BPF_JEQ_K or (one[3], other[3]) != _PID_PLACEHOLDERS:
            raise SeccompUnavailable("libseccomp's program depends on the pid in an unexpected way")
        offsets.append(start + _K_OFFSET)
    if not offsets:
        raise SeccompUnavailable("libseccomp's program has no pid comparison to fill in")
    sc = _require_pyseccomp()
    ioctl = ioctl_allow_list(int(sc.system_arch()), _syscall_number(sc, "ioctl") or -1)
    return FilterProgram(first, tuple(offsets), ctypes.CDLL(None, use_errno=True), ioctl)


_BPF_LD_ABS = 0x20  # BPF_LD | BPF_W | BPF_ABS
_BPF_JGE_K = 0x35  # BPF_JMP | BPF_JGE | BPF_K
_BPF_RET_K = 0x06
_SECCOMP_RET_ALLOW = 0x7FFF0000
_SECCOMP_RET_ERRNO = 0x00050000
_X32_SYSCALL_BIT = 0x40000000
_ARCH_OFFSET, _NR_OFFSET = 4, 0
_ARG1_LOW_OFFSET = 24 if sys.byteorder == "little" else 28  # struct seccomp_data: args at 16


def ioctl_allow_list(arch: int, ioctl_number: int) -> bytes:
    """A BPF program that refuses (``EPERM``) every ``ioctl`` whose request is not in
    :data:`ALLOWED_IOCTL_REQUESTS`, and every system call numbered in the x32 range (ioctl has
    its own number there); it allows everything else, which the main filter then decides.
    Calls of another architecture are left to the main filter, which kills them. The kernel
    reads the request as a 32-bit value, so only the argument's low 32 bits are compared."""
    allowed = ALLOWED_IOCTL_REQUESTS
    count = len(allowed)
    deny, allow = 6 + count, 7 + count  # instruction indexes of the two returns
    code = [
        (_BPF_LD_ABS, 0, 0, _ARCH_OFFSET),
        (_BPF_JEQ_K, 0, allow - 2, arch),
        (_BPF_LD_ABS, 0, 0, _NR_OFFSET),
        (_BPF_JGE_K, deny - 4, 0, _X32_SYSCALL_BIT),
        (_BPF_JEQ_K, 0, allow - 5, ioctl_number & _LOW_32_BITS),
        (_BPF_LD_ABS, 0, 0, _ARG1_LOW_OFFSET),
        *((_BPF_JEQ_K, allow - (7 + k), 0, request) for k, request in enumerate(allowed)),
        (_BPF_RET_K, 0, 0, _SECCOMP_RET_ERRNO | errno.EPERM),
        (_BPF_RET_K, 0, 0, _SECCOMP_RET_ALLOW),
    ]
    return b"".join(_INSTRUCTION.pack(*instruction) for instruction in code)


def _export(flt: Any) -> bytes:
    fd = os.memfd_create("assistworld-seccomp", os.MFD_CLOEXEC)
    try:
        with open(fd, "w+b", closefd=False) as handle:
            flt.export_bpf(handle)
        return os.pread(fd, 1 << 20, 0)
    finally:
        os.close(fd)


def install_filter() -> None:
    """Build the filter for the calling process and load it. Irreversible.

    Load it after every other layer: it refuses calls (such as ``setrlimit``) that the
    earlier layers make. Raises :class:`SeccompUnavailable` or ``OSError``.
    """
    compile_filter().install()
