"""Issue 13, items 1, 3, 4 and 5: protecting the host, not only the verdict.

Each attack is filed under the spec item (list 4.7) it extends; its key starts with ``i13-`` and
the finding's number. Where the protection is a kernel state (capabilities, ids, thread count,
scratch usage, world-host memory), the program asks the host to look (``host_probe``, see
``_host_watch``) while it holds that state, and the attack's ``host_check`` judges the sample.
"""

from __future__ import annotations

from assistworld.sandbox import ProgramRun, RunOutcome
from tests.sandbox._attack_kit import (
    ATTEMPT,
    LIMITS,
    Attack,
    P,
    assert_that,
    both,
    raw_frame,
    returned,
    run_outcome,
)
from tests.sandbox._host_watch import HOST_PROBE, HostSample

_MIB = 1 << 20
WORLD_HOST_PEAK_MIB = 256
"""Bound on a world host's peak resident memory after a run that tried to make it grow (the
finding was 727 MiB after 700 calls carrying a 1 MiB note each)."""
SOCKET_BUFFER_BOUND = 24 * _MIB
"""What a child's 64 descriptors can hold in socket buffers at the default sizes (measured 13 MB;
with SO_SNDBUF raised to the host's wmem_max, 29 socket pairs held 238 MB)."""
_COLLIDING_INTS = '",".join(str(k * (2**61 - 1)) for k in range(1, 34001))'
"""34,000 integers with one and the same hash: a set of them takes half a minute to build."""


def _reported_refusals(run_report: dict[str, object]) -> None:
    report = dict(run_report)
    assert report.pop("probed") is True, "the host never sampled the program"
    refused = {name: how for name, how in report.items() if how != "PermissionError"}
    assert not refused, f"not refused: {refused}"


def check_refusals(run: ProgramRun) -> None:
    assert run.outcome is RunOutcome.completed, (run.outcome, run.exception_message)
    _reported_refusals(returned(run))


def check_no_privilege(sample: HostSample) -> None:
    assert sample.capabilities() == dict.fromkeys(
        ("CapInh", "CapPrm", "CapEff", "CapBnd", "CapAmb"), 0
    ), sample.capabilities()
    real, effective, saved, filesystem = sample.numbers("Uid")
    assert real == effective == saved and real > 65535, sample.status["Uid"]
    assert filesystem == real, "file access goes through the child's own uid too"
    gids = sample.numbers("Gid")
    assert len(set(gids)) == 1 and gids[0] == real, sample.status["Gid"]
    assert sample.status["Groups"] == "", sample.status["Groups"]
    assert sample.status["NoNewPrivs"] == "1"
    assert sample.status["Seccomp"] == "2"
    assert int(sample.status["Seccomp_filters"]) >= 2  # the main filter and the ioctl allow-list


def check_thread_cap(sample: HostSample) -> None:
    # Exactly the cap: with 64 KiB stacks the address-space limit is far away, so the task cap
    # (RLIMIT_NPROC under the child's own uid) is what refused the next thread.
    assert int(sample.status["Threads"]) == LIMITS.max_tasks, sample.status["Threads"]


def check_no_hidden_memory(sample: HostSample) -> None:
    assert sample.numbers("RssShmem")[0] < 4 * 1024, sample.status["RssShmem"]
    assert sample.scratch_used_bytes < _MIB, sample.scratch_used_bytes


def check_scratch_full_and_bounded(sample: HostSample) -> None:
    assert sample.scratch_size_bytes == LIMITS.scratch_bytes, sample.scratch_size_bytes
    assert sample.scratch_used_bytes <= sample.scratch_size_bytes
    assert sample.scratch_used_bytes > sample.scratch_size_bytes - _MIB, "unlinked files uncounted"


def check_world_host_memory(sample: HostSample) -> None:
    assert sample.world_host_kib("VmHWM") <= WORLD_HOST_PEAK_MIB * 1024, sample.world_host_status


def check_killed_from_outside(run: ProgramRun) -> None:
    assert run.outcome is RunOutcome.timeout, (run.outcome, run.exception_message)
    assert "killed from outside" in (run.exception_message or ""), run.exception_message


HOST_PROTECTION: tuple[Attack, ...] = (
    # 1. Root's capabilities in the child; file-system administration through ioctl.
    Attack(
        "i13-1-capabilities-and-fs-ioctls",
        48,
        "import fcntl, os, socket\n\ndef administer_the_host():"
        + ATTEMPT
        + HOST_PROBE
        + """
    here = os.open(".", os.O_RDONLY)
    requests = {
        "FIFREEZE": 0xC0045877, "FITHAW": 0xC0045878, "FITRIM": 0xC0185879,
        "FS_IOC_SHUTDOWN": 0x8004587D, "FS_IOC_SETFSLABEL": 0x41009432,
        "FS_IOC_GETFLAGS": 0x80086601,
    }
    for name, request in requests.items():
        attempt(name, lambda request=request: fcntl.ioctl(here, request, bytes(256)))
    one, _ = socket.socketpair()
    attempt("SO_SNDBUFFORCE", lambda: one.setsockopt(socket.SOL_SOCKET, 32, 1 << 26))
    attempt("SO_PRIORITY_7", lambda: one.setsockopt(socket.SOL_SOCKET, socket.SO_PRIORITY, 7))
    attempt("setgroups", lambda: os.setgroups([0]))
    report["probed"] = host_probe("i13-1-capabilities-and-fs-ioctls")
    return report
""",
        P.task_completion_error,
        check=check_refusals,
        host_check=check_no_privilege,
    ),
    # 3. Threads without a cap (RLIMIT_NPROC under the child's own uid).
    Attack(
        "i13-3-thousands-of-threads",
        37,
        "import threading\n\ndef many_threads():"
        + HOST_PROBE
        + """
    threading.stack_size(64 * 1024)  # small stacks, as a raw pthread_create attack would use
    gate = threading.Event()
    started = 0
    try:
        while started < 10_000:
            threading.Thread(target=gate.wait, daemon=True).start()
            started += 1
    except RuntimeError:
        host_probe("i13-3-thousands-of-threads")
        raise
    return started
""",
        P.resource_limit,
        check=run_outcome(RunOutcome.task_limit),
        host_check=check_thread_cap,
    ),
    # 4a. memfd files kept alive in flight (SCM_RIGHTS), bigger pipes.
    Attack(
        "i13-4a-memfd-and-descriptor-passing",
        36,
        "import ctypes, fcntl, os, socket\n\ndef hide_memory():"
        + ATTEMPT
        + HOST_PROBE
        + """
    libc = ctypes.CDLL(None, use_errno=True)

    def raw_memfd():
        if libc.syscall(319, b"x", 0) < 0:
            raise OSError(ctypes.get_errno(), os.strerror(ctypes.get_errno()))

    def pass_a_descriptor():
        one, two = socket.socketpair()
        scratch_file = os.open("passed", os.O_RDWR | os.O_CREAT)
        socket.send_fds(one, [b"x"], [scratch_file])

    def bigger_pipe():
        read_end, _ = os.pipe()
        fcntl.fcntl(read_end, 1031, 1 << 20)

    attempt("memfd_create", lambda: os.memfd_create("hidden"))
    attempt("raw_memfd_create", raw_memfd)
    attempt("send_fds", pass_a_descriptor)
    attempt("F_SETPIPE_SZ", bigger_pipe)
    report["probed"] = host_probe("i13-4a-memfd-and-descriptor-passing")
    return report
""",
        P.task_completion_error,
        check=check_refusals,
        host_check=check_no_hidden_memory,
    ),
    Attack(
        "i13-4a-socket-buffers",
        36,
        "import socket\n\ndef fill_socket_buffers():"
        + ATTEMPT
        + """
    attempt("SO_SNDBUF", lambda: socket.socket(socket.AF_UNIX).setsockopt(
        socket.SOL_SOCKET, socket.SO_SNDBUF, 1 << 30))
    pairs, buffered = [], 0
    try:
        while True:
            pair = socket.socketpair()
            pairs.append(pair)
            for sender in pair:  # both directions
                sender.setblocking(False)
                try:
                    while True:
                        buffered += sender.send(b"x" * 65536)
                except BlockingIOError:
                    pass
    except OSError:
        pass
    report["buffered"] = buffered
    return report
""",
        P.task_completion_error,
        check=lambda run: assert_that(
            returned(run)["SO_SNDBUF"] == "PermissionError"
            and returned(run)["buffered"] <= SOCKET_BUFFER_BOUND,
            returned(run),
        ),
    ),
    Attack(
        "i13-4a-posix-timers",
        36,
        """
import ctypes

def many_timers():
    libc = ctypes.CDLL(None, use_errno=True)
    event = (ctypes.c_char * 64)()  # struct sigevent
    event[12] = b"\\x01"  # sigev_notify = SIGEV_NONE
    timer = ctypes.c_void_p()
    made = 0
    while made < 200_000 and libc.timer_create(1, event, ctypes.byref(timer)) == 0:
        made += 1
    return made
""",
        P.task_completion_error,
        check=lambda run: assert_that(returned(run) == 64, returned(run)),  # RLIMIT_SIGPENDING
    ),
    # 4b. Scratch files unlinked while open (the quota scan could not see them).
    Attack(
        "i13-4b-unlinked-open-scratch-files",
        40,
        "import os\n\ndef hide_files():"
        + HOST_PROBE
        + """
    with open("host-probe.tmp", "w") as f:  # while there is room
        f.write("i13-4b-unlinked-open-scratch-files")
    kept = []
    block = b"\\1" * (1 << 20)
    try:
        for number in range(400):
            handle = open(f"hidden-{number}", "wb", buffering=0)
            os.unlink(f"hidden-{number}")
            kept.append(handle)
            handle.write(block)
    except OSError:
        host_probe("i13-4b-unlinked-open-scratch-files")
        raise
    return len(kept)
""",
        P.resource_limit,
        check=run_outcome(RunOutcome.memory_limit),
        host_check=check_scratch_full_and_bounded,
    ),
    # 4c. The world host has no limits: grow it through library calls.
    Attack(
        "i13-4c-world-host-growth",
        33,
        "def grow_the_world():"
        + HOST_PROBE
        + """
    bob = find_employee("Bob")[0]
    start = now_()
    note = "n" * 19_000

    def add(day):
        begins = start + datetime.timedelta(days=day)
        add_event(Event(attendees=[bob], subject=note, starts_at=begins,
                        ends_at=begins + datetime.timedelta(hours=1)))

    for day in range(250):  # about 5 MB of notes kept by the world
        add(day)
    host_probe("i13-4c-world-host-growth")
    while True:  # the rest of the run's 16 MiB of arguments
        find_employee(note)
""",
        P.resource_limit,
        check=both(
            run_outcome(RunOutcome.memory_limit),
            lambda run: assert_that(800 < run.api_calls < LIMITS.call_budget, run.api_calls),
        ),
        host_check=check_world_host_memory,
    ),
    Attack(
        "i13-4c-one-huge-note",
        33,
        """
def one_huge_note():
    bob = find_employee("Bob")[0]
    start = now_()
    add_event(Event(attendees=[bob], subject="n" * 900_000, starts_at=start,
                    ends_at=start + datetime.timedelta(hours=1)))
""",
        P.resource_limit,
        check=run_outcome(RunOutcome.memory_limit),
    ),
    # 5. Limits that C code outruns: the fuzzy matcher, decoding a final frame or a call.
    Attack(
        "i13-5-million-character-subject-search",
        34,
        'def search():\n    return find_events(subject="x" * 1_000_000)\n',
        P.resource_limit,
        check=run_outcome(RunOutcome.memory_limit),
    ),
    Attack(
        "i13-5a-long-fuzzy-subjects",
        34,
        """
def slow_fuzzy_search():
    bob = find_employee("Bob")[0]
    start = now_()
    subject = "".join(chr(97 + (i * 7919) % 26) for i in range(19_000))
    add_event(Event(attendees=[bob], subject=subject, starts_at=start,
                    ends_at=start + datetime.timedelta(hours=1)))
    query = subject[::-1]
    for _ in range(100):
        find_events(subject=query)
        find_employee(query)
    return "searched"
""",
        P.task_completion_error,
        check=lambda run: assert_that(returned(run) == "searched", run.outcome),
    ),
    Attack(
        "i13-5b-colliding-set-as-the-result",
        43,
        raw_frame(
            '(\'{"op":"result","value":{"$t":"set","v":[\' + '
            + _COLLIDING_INTS
            + " + ']}}').encode()"
        ),
        P.timeout,
        check=check_killed_from_outside,
    ),
    Attack(
        "i13-5c-colliding-set-as-a-call-argument",
        43,
        raw_frame(
            '(\'{"op":"call","name":"find_employee","args":[{"$t":"set","v":[\' + '
            + _COLLIDING_INTS
            + " + ']}],\"kwargs\":{}}').encode()"
        ),
        P.timeout,
        check=check_killed_from_outside,
    ),
)
