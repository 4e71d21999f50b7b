"""The seccomp filter on its own (no Landlock, no rlimits)."""

from __future__ import annotations

import contextlib
import ctypes
import errno
import fcntl
import os
import resource
import socket
import stat
import subprocess
import termios
import threading
from collections.abc import Callable
from functools import partial
from pathlib import Path

import pyseccomp
import pytest

from assistworld.sandbox.layers import seccomp_filter
from tests.sandbox._root import needs_root

from ._forked import ChildOutcome, outcome_of, run_forked
from .conftest import Targets

# Each call's arguments are chosen so that, if the filter let it through, the kernel would
# fail it harmlessly with some other error (or do nothing); EPERM can then only come from
# the filter.
RAW_CALLS: list[tuple[str, tuple[int, ...]]] = [
    ("ptrace", (-1, 0, 0, 0)),
    ("process_vm_readv", (0x7FFFFFF0, 0, 0, 0, 0, 0)),
    ("process_vm_writev", (0x7FFFFFF0, 0, 0, 0, 0, 0)),
    ("unshare", (-1,)),
    ("setns", (-1, 0)),
    ("mount", (0, 0, 0, 0, 0)),
    ("umount2", (0, 0)),
    ("chroot", (0,)),
    ("pivot_root", (0, 0)),
    ("bpf", (-1, 0, 0)),
    ("keyctl", (-1, 0, 0, 0, 0)),
    ("add_key", (0, 0, 0, 0, 0)),
    ("request_key", (0, 0, 0, 0)),
    ("io_uring_setup", (0, 0)),
    ("io_uring_enter", (-1, 0, 0, 0, 0, 0)),
    ("io_uring_register", (-1, 0, 0, 0)),
    ("userfaultfd", (-1,)),
    ("perf_event_open", (0, 0, -1, -1, 0)),
    ("setuid", (-1,)),
    ("setgid", (-1,)),
    ("setreuid", (-1, -1)),
    ("setregid", (-1, -1)),
    ("setresuid", (-1, -1, -1)),
    ("setresgid", (-1, -1, -1)),
    ("setgroups", (-1, 0)),
    ("kexec_load", (0, 0, 0, 0xFFFFFFFF)),
    ("init_module", (0, 0, 0)),
    ("finit_module", (-1, 0, 0)),
    ("delete_module", (0, 0)),
    ("reboot", (0, 0, 0, 0)),
    ("swapon", (0, 0)),
    ("swapoff", (0,)),
    ("syslog", (-1, 0, 0)),
    ("acct", (1,)),
    ("settimeofday", (0, 0)),
    ("clock_settime", (-1, 0)),
    ("adjtimex", (0,)),
    ("personality", (0xFFFFFFFF,)),
    ("execve", (0, 0, 0)),
    ("execveat", (-1, 0, 0, 0, 0)),
    ("fsopen", (0, 0)),
    ("open_by_handle_at", (-1, 0, 0)),
    ("fanotify_init", (0xFFFFFFFF, 0)),
    ("sethostname", (0, -1)),
    ("shmget", (0, 0, 0)),
    ("setrlimit", (-1, 0)),
    ("setpriority", (-1, 0, 0)),
    ("sched_setscheduler", (-1, 0, 0)),
    ("connect", (-1, 0, 0)),
    ("bind", (-1, 0, 0)),
    ("fchmodat", (-1, 0, 0)),
    ("utimensat", (-1, 0, 0, -1)),
    ("setxattr", (0, 0, 0, 0, 0)),
    ("mq_open", (0, 0, 0, 0)),
    ("inotify_add_watch", (-1, 0, 0)),
    ("fcntl", (-1, 8, 0)),  # F_SETOWN
    ("fcntl", (-1, 15, 0)),  # F_SETOWN_EX
    ("fcntl", (-1, 1024, 0)),  # F_SETLEASE
    ("fcntl", (-1, 1031, 0)),  # F_SETPIPE_SZ
    ("memfd_create", (0, 0)),
    ("sendmsg", (-1, 0, 0)),
    ("sendmmsg", (-1, 0, 0, 0)),
    ("landlock_create_ruleset", (0, 0, 0xFFFFFFFF)),
    ("landlock_add_rule", (-1, 0, 0, 0)),
    ("landlock_restrict_self", (-1, 0)),
    ("setsockopt", (-1, 1, 7, 0, 0)),  # SO_SNDBUF
    ("setsockopt", (-1, 1, 33, 0, 0)),  # SO_RCVBUFFORCE
]


def _raw_syscall(name: str, args: tuple[int, ...]) -> dict[str, object]:
    libc = ctypes.CDLL(None, use_errno=True)
    libc.syscall.restype = ctypes.c_long
    number = pyseccomp.resolve_syscall(pyseccomp.Arch.NATIVE, name)
    padded = [ctypes.c_long(a) for a in (*args, 0, 0, 0, 0, 0, 0)[:6]]
    ctypes.set_errno(0)
    result = libc.syscall(ctypes.c_long(number), *padded)
    code = ctypes.get_errno() if result == -1 else 0
    return {"result": result, "errno": errno.errorcode.get(code, "none")}


def _filtered(attempt: Callable[[], object]) -> ChildOutcome:
    def action() -> dict[str, object]:
        seccomp_filter.install_filter()
        return outcome_of(attempt)

    return run_forked(action)


def _verdict(outcome: ChildOutcome) -> str:
    assert outcome.report is not None and "raised" not in outcome.report, outcome
    return "ok" if outcome.report["ok"] else str(outcome.report["errno"] or outcome.report["error"])


@pytest.mark.parametrize(("name", "args"), RAW_CALLS, ids=[n for n, _ in RAW_CALLS])
def test_denied_call_returns_eperm(name: str, args: tuple[int, ...]) -> None:
    outcome = _filtered(lambda: _raw_syscall(name, args))
    assert outcome.value("value") == {"result": -1, "errno": "EPERM"}


@needs_root
@pytest.mark.parametrize(("name", "args"), RAW_CALLS, ids=[n for n, _ in RAW_CALLS])
def test_without_the_filter_the_same_call_is_not_eperm(name: str, args: tuple[int, ...]) -> None:
    outcome = run_forked(lambda: outcome_of(lambda: _raw_syscall(name, args)))
    assert outcome.value("value")["errno"] != "EPERM"


def test_clone3_reports_enosys_so_glibc_falls_back_to_clone() -> None:
    outcome = _filtered(lambda: _raw_syscall("clone3", (0, 0)))
    assert outcome.value("value") == {"result": -1, "errno": "ENOSYS"}


def _thread() -> object:
    results: list[str] = []
    worker = threading.Thread(target=lambda: results.append("joined"))
    worker.start()
    worker.join()
    return results


def _fork() -> object:
    pid = os.fork()
    if pid == 0:
        os._exit(0)
    return os.waitpid(pid, 0)[1]


def _socketpair() -> object:
    left, right = socket.socketpair()
    with left, right:
        left.sendall(b"ok")
        return right.recv(2).decode()


def _raise_cpu_hard_limit() -> object:
    unlimited = resource.RLIM_INFINITY
    resource.setrlimit(resource.RLIMIT_CPU, (unlimited, unlimited))
    return "raised"


FILTER_BEHAVIOUR: list[tuple[str, Callable[[], object], str]] = [
    ("thread starts and joins", _thread, "ok"),
    ("os.fork", _fork, "EPERM"),
    ("subprocess", lambda: subprocess.run(["true"], check=True).returncode, "EPERM"),
    ("os.execv", lambda: os.execv("/usr/bin/true", ["true"]), "EPERM"),
    ("tcp socket", lambda: socket.socket(socket.AF_INET, socket.SOCK_STREAM).close(), "EPERM"),
    ("udp socket", lambda: socket.socket(socket.AF_INET, socket.SOCK_DGRAM).close(), "EPERM"),
    ("netlink socket", lambda: socket.socket(socket.AF_NETLINK, socket.SOCK_RAW).close(), "EPERM"),
    ("unix datagram socketpair", lambda: socket.socketpair(type=socket.SOCK_DGRAM), "EPERM"),
    ("unix stream socketpair", _socketpair, "ok"),
    ("signal self", lambda: os.kill(os.getpid(), 0), "ok"),
    ("signal parent", lambda: os.kill(os.getppid(), 0), "EPERM"),
    ("signal every process", lambda: os.kill(-1, 0), "EPERM"),
    ("read own rlimit", lambda: resource.getrlimit(resource.RLIMIT_NOFILE), "ok"),
    ("raise cpu limit", _raise_cpu_hard_limit, "ValueError"),
    ("lower cpu limit", lambda: resource.setrlimit(resource.RLIMIT_CPU, (100, 100)), "ValueError"),
    ("renice self", lambda: os.setpriority(os.PRIO_PROCESS, 0, 1), "EPERM"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("attempt", "expected"),
    [(a, e) for _, a, e in FILTER_BEHAVIOUR],
    ids=[n for n, _, _ in FILTER_BEHAVIOUR],
)
def test_filter_behaviour(attempt: Callable[[], object], expected: str) -> None:
    assert _verdict(_filtered(attempt)) == expected


_FIFREEZE, _FITRIM, _FS_IOC_SHUTDOWN = 0xC0045877, 0xC0185879, 0x8004587D


def _ioctl_on_a_pipe(request: int) -> object:
    # A pipe's file system (pipefs) supports none of these, so were a request let through, the
    # kernel would refuse it harmlessly (EOPNOTSUPP, ENOTTY); EPERM comes only from the filter.
    read_end, write_end = os.pipe()
    try:
        return fcntl.ioctl(read_end, request, bytes(64))
    finally:
        os.close(read_end)
        os.close(write_end)


def _pass_a_descriptor() -> object:
    left, right = socket.socketpair()
    with left, right:
        return socket.send_fds(left, [b"x"], [left.fileno()])


@pytest.mark.parametrize(
    ("request_code", "expected"),
    [
        (_FIFREEZE, "EPERM"),
        (_FITRIM, "EPERM"),
        (_FS_IOC_SHUTDOWN, "EPERM"),
        (0x80086601, "EPERM"),  # FS_IOC_GETFLAGS: harmless, but the interpreter never asks
        (termios.TCGETS, "ENOTTY"),  # allowed: isatty() asks it for every file open() opens
        (termios.FIONREAD, "ok"),
        (0x1_0000_5401, "ENOTTY"),  # TCGETS with high bits set: the kernel reads 32 bits
    ],
    ids=["FIFREEZE", "FITRIM", "FS_IOC_SHUTDOWN", "FS_IOC_GETFLAGS", "TCGETS", "FIONREAD", "wide"],
)
def test_only_allow_listed_ioctl_requests_pass(request_code: int, expected: str) -> None:
    assert _verdict(_filtered(lambda: _ioctl_on_a_pipe(request_code))) == expected


def test_memfd_and_descriptor_passing_are_refused() -> None:
    assert _verdict(_filtered(lambda: os.memfd_create("hidden"))) == "EPERM"
    assert _verdict(_filtered(_pass_a_descriptor)) == "EPERM"


def test_the_ioctl_program_allows_other_architectures_to_the_main_filter() -> None:
    program = seccomp_filter.ioctl_allow_list(arch=0xC000003E, ioctl_number=16)
    first = program[:8]
    second = program[8:16]
    assert first == bytes.fromhex("2000000004000000")  # load the architecture
    assert second[:2] == b"\x15\x00"  # compare with it; on another: jump to allow
    assert program[-8:] == bytes.fromhex("060000000000ff7f")  # the last instruction allows


def test_terminal_input_injection_is_refused() -> None:
    main_fd, tty_fd = os.openpty()
    try:
        outcome = _filtered(lambda: fcntl.ioctl(tty_fd, termios.TIOCSTI, b"x"))
    finally:
        os.close(main_fd)
        os.close(tty_fd)
    assert _verdict(outcome) == "EPERM"


def test_device_nodes_cannot_be_created(targets: Targets) -> None:
    node = targets.scratch / "disk"
    outcome = _filtered(lambda: os.mknod(node, stat.S_IFBLK | 0o600, os.makedev(8, 0)))
    assert _verdict(outcome) == "EPERM"
    assert not node.exists()


_FS_IOC_GETFLAGS = 0x80086601
_FS_IOC_SETFLAGS = 0x40086602
_FS_IOC_FSGETXATTR = 0x801C581F
_FS_IOC_FSSETXATTR = 0x401C5820
_FS_IMMUTABLE_FL = 0x10
_FS_XFLAG_IMMUTABLE = 0x8
_FILE_SETATTR = 469


def _set_flag(path: Path, get: int, set_: int, size: int, flag: int, on: bool) -> object:
    fd = os.open(path, os.O_RDONLY)
    try:
        buffer = bytearray(size)
        fcntl.ioctl(fd, get, buffer, True)
        value = int.from_bytes(buffer[:4], "little")
        value = value | flag if on else value & ~flag
        buffer[:4] = value.to_bytes(4, "little")
        fcntl.ioctl(fd, set_, buffer, True)
    finally:
        os.close(fd)
    return "set"


@pytest.mark.parametrize(
    ("get", "set_", "size", "flag"),
    [
        (_FS_IOC_GETFLAGS, _FS_IOC_SETFLAGS, 8, _FS_IMMUTABLE_FL),
        (_FS_IOC_FSGETXATTR, _FS_IOC_FSSETXATTR, 28, _FS_XFLAG_IMMUTABLE),
    ],
    ids=["FS_IOC_SETFLAGS", "FS_IOC_FSSETXATTR"],
)
def test_a_scratch_file_cannot_be_made_immutable(
    get: int, set_: int, size: int, flag: int, targets: Targets
) -> None:
    """As root, an immutable file in the scratch dir could never be removed (tmpfs is memory)."""
    target = targets.scratch / "stuck"
    target.write_text("x")
    outcome = _filtered(lambda: _set_flag(target, get, set_, size, flag, True))
    assert _verdict(outcome) == "EPERM"
    target.unlink()


def test_without_the_filter_root_can_make_a_scratch_file_immutable(targets: Targets) -> None:
    target = targets.scratch / "stuck"
    target.write_text("x")
    args = (_FS_IOC_GETFLAGS, _FS_IOC_SETFLAGS, 8, _FS_IMMUTABLE_FL)
    outcome = run_forked(lambda: outcome_of(lambda: _set_flag(target, *args, True)))
    try:
        if (outcome.report or {}).get("errno") in ("ENOTTY", "EOPNOTSUPP", "EPERM"):
            pytest.skip("needs root and a file system with inode flags")
        assert _verdict(outcome) == "ok"
        with pytest.raises(PermissionError):
            target.unlink()
    finally:
        with contextlib.suppress(OSError):
            _set_flag(target, *args, False)
        target.unlink(missing_ok=True)


def test_file_setattr_is_refused() -> None:
    def file_setattr() -> dict[str, object]:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.syscall.restype = ctypes.c_long
        ctypes.set_errno(0)
        result = libc.syscall(*(ctypes.c_long(a) for a in (_FILE_SETATTR, -1, 0, 0, 0, 0)))
        return {"errno": errno.errorcode.get(ctypes.get_errno()) if result == -1 else "none"}

    filtered = _filtered(file_setattr).value("value")
    unfiltered = run_forked(lambda: outcome_of(file_setattr)).value("value")
    assert filtered == {"errno": "EPERM"}
    assert unfiltered["errno"] != "EPERM"


def test_fifo_in_scratch_still_works(targets: Targets) -> None:
    fifo = targets.scratch / "pipe"
    outcome = _filtered(lambda: os.mkfifo(fifo))
    assert _verdict(outcome) == "ok"
    assert stat.S_ISFIFO(Path(fifo).stat().st_mode)


def test_lowering_a_limit_works_without_the_filter() -> None:
    outcome = run_forked(
        lambda: outcome_of(lambda: resource.setrlimit(resource.RLIMIT_CPU, (100, 100)))
    )
    assert _verdict(outcome) == "ok"


@pytest.mark.parametrize(("filtered", "expected"), [(True, "EPERM"), (False, "ok")])
def test_limits_of_another_process_are_out_of_reach(
    filtered: bool, expected: str, targets: Targets
) -> None:
    def read_sibling_limit() -> object:
        return resource.prlimit(targets.sibling_pid, resource.RLIMIT_CPU)

    if filtered:
        outcome = _filtered(read_sibling_limit)
    else:
        outcome = run_forked(lambda: outcome_of(read_sibling_limit))
    assert _verdict(outcome) == expected


def test_only_stream_and_seqpacket_unix_sockets_can_be_created() -> None:
    def try_every_type() -> object:
        verdicts = {}
        for kind in range(16):
            verdict = outcome_of(partial(socket.socket, socket.AF_UNIX, kind | socket.SOCK_CLOEXEC))
            verdicts[kind] = "ok" if verdict["ok"] else verdict["errno"]
        return verdicts

    verdicts = _filtered(try_every_type).value("value")
    assert {kind for kind, verdict in verdicts.items() if verdict != "EPERM"} == {"1", "5"}
    assert verdicts["1"] == verdicts["5"] == "ok"
