"""What the world host may do: it runs trusted setup and evaluation programs on untrusted input, so
it runs without root. A setup program (trusted code, in the world host itself) probes its own
process and reports through the world it sets up; an honest candidate reads the report back."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from assistworld.paradigms.aspera.tasks.library import ASPERA_LIBRARY
from assistworld.sandbox import DryRunRequest, Limits, RunOutcome, SandboxPool
from assistworld.sandbox.layers.identity import WORLD_HOST_ID_BASE
from assistworld.sandbox.world_host import WORLD_HOST_MAX_TASKS
from tests.sandbox._attacks import returned
from tests.sandbox._root import needs_root

pytestmark = needs_root

PROBE_SETUP = """
def setup_env_probe_the_world_host():
    import os, socket
    report = []

    def attempt(name, action):
        try:
            outcome = action()
            report.append(f"{name}={'allowed' if outcome is None else outcome}")
        except BaseException as exc:
            report.append(f"{name}={type(exc).__name__}")

    def status(field):
        with open("/proc/self/status") as handle:
            return next(l.split()[1] for l in handle if l.startswith(field + ":"))

    attempt("uid", lambda: str(os.getuid() - os.getpid()))
    attempt("read_proc_self", lambda: status("CapEff"))
    attempt("read_etc_hostname", lambda: open("/etc/hostname").read() and None)
    attempt("write_tmp", lambda: open("/tmp/assistworld-world-host-probe", "w").close())
    attempt("signal_the_zygote", lambda: os.kill(os.getppid(), 0))
    attempt("signal_init", lambda: os.kill(1, 0))
    attempt("become_root", lambda: os.setuid(0))
    attempt("tcp_connect", lambda: socket.create_connection(("127.0.0.1", 9), timeout=1))
    attempt("lazy_stdlib_import", lambda: __import__("statistics") and None)

    def threads():
        import threading
        gate = threading.Event()
        started = 0
        try:
            while started < 50:
                threading.Thread(target=gate.wait, daemon=True).start()
                started += 1
        except RuntimeError:
            pass
        gate.set()
        return str(started)

    attempt("threads_started", threads)
    simulate_org_structure(report, user_name="Alex")
"""
READ_THE_REPORT = """
def read_the_report():
    return sorted(person.name for person in get_all_employees() if "=" in person.name)
"""


@pytest.fixture(scope="module")
def pool() -> Iterator[SandboxPool]:
    with SandboxPool(
        slots=1, limits=Limits(wall_seconds=10, cpu_seconds=5), library=ASPERA_LIBRARY
    ) as sandbox:
        yield sandbox


def test_the_world_host_runs_without_root(pool: SandboxPool) -> None:
    run = pool.dry_run(DryRunRequest(setup_program=PROBE_SETUP, candidate_program=READ_THE_REPORT))
    assert run.outcome is RunOutcome.completed, (run.outcome, run.exception_message)
    report = dict(line.split("=", 1) for line in returned(run))
    assert report == {
        "uid": str(WORLD_HOST_ID_BASE),  # uid = WORLD_HOST_ID_BASE + its own pid
        "read_proc_self": "PermissionError",  # Landlock: /proc is not on the read list
        "read_etc_hostname": "PermissionError",
        "write_tmp": "PermissionError",
        "signal_the_zygote": "PermissionError",
        "signal_init": "PermissionError",
        "become_root": "PermissionError",
        "tcp_connect": "PermissionError",  # Landlock's TCP rule, not a refused connection
        "lazy_stdlib_import": "allowed",
        "threads_started": str(WORLD_HOST_MAX_TASKS - 1),  # RLIMIT_NPROC under its own uid
    }
