"""Items 35-44 of the spec list: exhausting resources (E)."""

from __future__ import annotations

from assistworld.sandbox import RunOutcome
from tests.sandbox._attack_kit import (
    ATTEMPT,
    Attack,
    P,
    all_refused,
    check_budget,
    check_fds,
    check_flood_output,
    exception,
    raw_frame,
    run_outcome,
)

EXHAUSTING: tuple[Attack, ...] = (
    # E. Exhausting resources
    Attack(
        "35-cpu-spin",
        35,
        "def spin():\n    while True:\n        pass\n",
        P.resource_limit,
        check=run_outcome(RunOutcome.cpu_limit, RunOutcome.timeout),
        under_load=P.timeout,
    ),
    Attack(
        "36a-memory-bomb-in-chunks",
        36,
        """
def hog():
    chunks = []
    while True:
        chunks.append(bytearray(50 * 1024 * 1024))
""",
        P.resource_limit,
        check=run_outcome(RunOutcome.memory_limit),
    ),
    Attack(
        "36b-memory-bomb-at-once",
        36,
        "def hog():\n    return len(bytearray(3 * 1024 ** 3))\n",
        P.resource_limit,
        check=run_outcome(RunOutcome.memory_limit),
    ),
    Attack(
        "37-fork-bomb",
        37,
        """
import os

def fork_bomb():
    for _ in range(50):
        pid = os.fork()
        if pid == 0:
            os._exit(0)
        os.waitpid(pid, 0)
""",
        P.execution_error,
        check=exception("PermissionError"),
    ),
    Attack(
        "38-run-other-programs",
        38,
        "import os, subprocess\n\ndef shell_out():"
        + ATTEMPT
        + """
    attempt("subprocess", lambda: subprocess.run(["/bin/true"], check=True))
    attempt("execv", lambda: os.execv("/bin/true", ["true"]))
    attempt("posix_spawn", lambda: os.posix_spawn("/bin/true", ["true"], {}))

    def system():
        if os.system("/bin/true") != 0:
            raise PermissionError("os.system could not start a shell")

    attempt("system", system)
    return report
""",
        P.task_completion_error,
        check=all_refused("PermissionError"),
    ),
    Attack(
        "39-stdout-flood",
        39,
        'def flood():\n    line = "x" * 1000\n    while True:\n        print(line)\n',
        P.execution_error,
        check=check_flood_output,
    ),
    Attack(
        "40a-fill-the-scratch-dir",
        40,
        """
def fill():
    block = b"\\1" * (4 * 1024 * 1024 - 1)
    number = 0
    while True:
        with open(f"fill-{number}.bin", "wb") as f:
            f.write(block)
        number += 1
""",
        P.resource_limit,
        check=run_outcome(RunOutcome.memory_limit),
    ),
    Attack(
        "40b-many-files-in-scratch",
        40,
        """
def many_files():
    number = 0
    while True:
        open(f"empty-{number}", "w").close()
        number += 1
""",
        P.resource_limit,
        check=run_outcome(RunOutcome.memory_limit),
    ),
    Attack(
        "40c-write-shared-tmpfs",
        40,
        "def spill():"
        + ATTEMPT
        + """
    def write(path):
        with open(path, "wb") as f:
            f.write(b"x" * 1024)

    attempt("dev_shm", lambda: write("/dev/shm/assistworld-probe.bin"))
    attempt("tmp", lambda: write("/tmp/assistworld-probe.bin"))
    attempt("scratch_parent", lambda: write("../assistworld-probe.bin"))
    return report
""",
        P.task_completion_error,
        check=all_refused("PermissionError"),
    ),
    Attack(
        "41-exhaust-file-descriptors",
        41,
        """
import os

def exhaust():
    opened = []
    try:
        while True:
            opened.append(os.open("/dev/null", os.O_RDONLY))
    except OSError as exc:
        return {"opened": len(opened), "errno": exc.errno}
""",
        P.task_completion_error,
        check=check_fds,
    ),
    Attack(
        "42-rpc-flood",
        42,
        "def flood():\n    while True:\n        get_current_user()\n",
        P.resource_limit,
        check=check_budget,
    ),
    Attack(
        "43a-oversized-frame",
        43,
        raw_frame('b"{}"', declared_length="2**31"),
        P.protocol_violation,
    ),
    Attack(
        "43b-half-a-frame-then-hang",
        43,
        raw_frame('b\'{"op":"result","value":1}\'', tail="[:10]"),
        P.timeout,
    ),
    Attack(
        "43c-garbage-bytes",
        43,
        raw_frame("bytes(range(200, 240))"),
        P.protocol_violation,
    ),
    Attack(
        "44a-deep-recursion-segfault",
        44,
        """
import sys

def deep():
    sys.setrecursionlimit(10**6)

    def down(n):
        return [*map(down, (n + 1,))]

    return down(0)
""",
        P.crashed,
        check=run_outcome(RunOutcome.crashed),
    ),
    Attack(
        "44b-null-pointer-read",
        44,
        "import ctypes\n\ndef segfault():\n    return ctypes.string_at(0)\n",
        P.crashed,
        check=run_outcome(RunOutcome.crashed),
    ),
)
