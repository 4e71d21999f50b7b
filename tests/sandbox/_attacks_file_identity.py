"""Issue 13, the last gap: what a child could still do with filesystem uid 0, and a root world host.

Measured before the fix (a forked child with every layer, fsuid 0): ``stat`` succeeded on a file
in a root-only directory (``/tmp/pytest-of-root/...``: size and times of the task's files leaked,
Landlock does not govern metadata lookups) and on ``/root/.bashrc``; the root-owned ``stdout.txt``
of its own scratch dir opened for writing by path. Opening ``/proc/1/environ``, writing into
another slot's scratch dir and ``chmod``/``chown`` were already refused (Landlock, seccomp); they
stay in the program so a regression in any one layer shows. The program also checks what an
honest program needs: its own scratch dir by full path, and the decoy file readable.

The world host ran as root with every capability; the host-side check reads its ids,
capabilities and ``no_new_privs`` while the program waits, and the program tries to signal it.
"""

from __future__ import annotations

from assistworld.sandbox import ProgramRun, RunOutcome
from tests.sandbox._attack_kit import ATTEMPT, Attack, P, returned
from tests.sandbox._attacks_host_protection import check_no_privilege
from tests.sandbox._host_watch import HOST_PROBE, HostSample

_KEY = "i13-6-files-as-root"
_REFUSED = frozenset({"PermissionError"})
_ABSENT_OR_REFUSED = frozenset({"PermissionError", "FileNotFoundError"})
EXPECTED: dict[str, frozenset[str]] = {
    # closed by the child's own filesystem uid (allowed before)
    "stat_task_file": _REFUSED,
    "stat_evaluation_file": _REFUSED,
    "stat_home_file": _ABSENT_OR_REFUSED,  # /root is covered in the slot's mount namespace
    "write_own_stdout_file_by_path": _REFUSED,
    "truncate_the_decoy": _REFUSED,
    # refused before by Landlock or seccomp, now by the uid too
    "chmod_the_decoy": _REFUSED,
    "chown_the_decoy": _REFUSED,
    "read_init_environ": _REFUSED,
    "read_zygote_environ": _REFUSED,
    "write_previous_agent_scratch": _ABSENT_OR_REFUSED,  # removed once its task was over
    "write_next_agent_scratch": _REFUSED,  # the warm child waiting for the next task
    "list_the_slot_tree": _REFUSED,
    "write_the_results_file": _REFUSED,
    "signal_the_world_host": _REFUSED,  # its pid names the slot tree; another uid, scoped, seccomp
    # an honest program's needs
    "own_scratch_by_full_path": frozenset({"allowed"}),
    "read_the_decoy": frozenset({"allowed"}),
}

PROGRAM = (
    "import os\nimport time\n\ndef reach_roots_files():"
    + ATTEMPT
    + HOST_PROBE
    + f"""
    here = os.getcwd()
    slot_tree = os.path.dirname(here)
    index = int(here.rsplit("-", 1)[1])

    def write(path):
        with open(path, "a") as handle:
            handle.write("planted")

    attempt("stat_task_file", lambda: os.stat("@TASK_FILE@"))
    attempt("stat_evaluation_file", lambda: os.stat("@EVAL_FILE@"))
    attempt("stat_home_file", lambda: os.stat("@HOME@/.bashrc"))
    attempt("write_own_stdout_file_by_path", lambda: write("stdout.txt"))
    attempt("truncate_the_decoy", lambda: open("expected_state.json", "w").close())
    attempt("chmod_the_decoy", lambda: os.chmod("expected_state.json", 0o666))
    attempt("chown_the_decoy", lambda: os.chown("expected_state.json", os.getuid(), -1))
    attempt("read_init_environ", lambda: open("/proc/1/environ", "rb").read())
    attempt("read_zygote_environ", lambda: open(f"/proc/{{os.getppid()}}/environ", "rb").read())
    attempt("write_previous_agent_scratch",
            lambda: write(f"{{slot_tree}}/agent-{{index - 1}}/planted"))
    # the zygote makes the next warm child's dir while this program runs: wait until it is there
    next_dir = f"{{slot_tree}}/agent-{{index + 1}}"
    for _ in range(150):
        if os.path.lexists(next_dir):
            break
        time.sleep(0.01)
    attempt("write_next_agent_scratch", lambda: write(f"{{next_dir}}/planted"))
    attempt("list_the_slot_tree", lambda: os.listdir(os.path.dirname(slot_tree)))
    attempt("write_the_results_file", lambda: write("@RESULTS_FILE@"))
    attempt("signal_the_world_host", lambda: os.kill(int(os.path.basename(slot_tree)), 0))
    attempt("own_scratch_by_full_path", lambda: write(os.path.join(here, "notes.txt")))
    attempt("read_the_decoy", lambda: open(os.path.join(here, "expected_state.json")).read())
    report["probed"] = host_probe("{_KEY}")
    return report
"""
)


def check_each_attempt(run: ProgramRun) -> None:
    assert run.outcome is RunOutcome.completed, (run.outcome, run.exception_message)
    report = dict(returned(run))
    assert report.pop("probed") is True, "the host never sampled the program"
    assert set(report) == set(EXPECTED), set(report) ^ set(EXPECTED)
    wrong = {name: how for name, how in report.items() if how not in EXPECTED[name]}
    assert not wrong, f"not as expected: {wrong}"


def check_child_and_world_host(sample: HostSample) -> None:
    check_no_privilege(sample)
    host = sample.world_host_status
    real, effective, saved, filesystem = (int(part) for part in host["Uid"].split())
    assert real == effective == saved == filesystem and real > 65535, host["Uid"]
    gids = {int(part) for part in host["Gid"].split()}
    assert gids == {real}, host["Gid"]
    assert host["Groups"] == "", host["Groups"]
    capabilities = {name: int(host[name], 16) for name in ("CapInh", "CapPrm", "CapEff", "CapBnd")}
    assert set(capabilities.values()) == {0}, capabilities
    assert host["NoNewPrivs"] == "1"
    child_uid = int(sample.status["Uid"].split()[0])
    assert child_uid != real, "the world host and its child share a uid"


FILE_IDENTITY: tuple[Attack, ...] = (
    Attack(
        _KEY,
        47,
        PROGRAM,
        P.task_completion_error,
        check=check_each_attempt,
        host_check=check_child_and_world_host,
    ),
)
