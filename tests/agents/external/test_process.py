"""An agent process: how it ends (exited, crashed, timeout, stopped), what the record keeps,
who it runs as, and when it is refused."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

import pytest

from assistworld.agents.external import process as process_module
from assistworld.agents.external.process import (
    STDERR_TAIL_CHARS,
    AgentProcessSpec,
    AgentStartError,
    start_agent_process,
    start_confined,
)
from tests.agents.external._processes import (
    AGENT_ENV,
    needs_root,
    processes_of,
    run,
    script_spec,
)

pytestmark = needs_root


def test_a_clean_exit_is_exited_and_a_nonzero_status_is_a_crash_with_its_stderr() -> None:
    clean, failing = run(
        script_spec("print('hello')"),
        script_spec("import sys; sys.stderr.write('boom: the model is gone'); sys.exit(3)"),
    )
    assert (clean.end.kind, clean.end.exit_status) == ("exited", 0)
    assert clean.process.stdout.text == "hello\n"
    assert (failing.end.kind, failing.end.exit_status) == ("crashed", 3)
    assert failing.end.stderr_tail == "boom: the model is gone"


def test_killed_by_a_signal_not_ours_is_a_crash_with_minus_the_signal() -> None:
    (ran,) = run(script_spec("import os, signal; os.kill(os.getpid(), signal.SIGSEGV)"))
    assert (ran.end.kind, ran.end.exit_status) == ("crashed", -11)


def test_it_is_killed_at_its_time_limit_with_everything_it_started() -> None:
    (ran,) = run(
        script_spec(
            """
            import os, time
            if os.fork() == 0:
                os.setsid()
                time.sleep(60)
            time.sleep(60)
            """,
            time_limit=1.0,
        )
    )
    assert ran.end.kind == "timeout"
    assert 1.0 <= ran.end.seconds < 5.0
    assert processes_of(ran.process.uid) == []


def test_stop_ends_an_agent_that_ignores_sigterm_after_the_grace() -> None:
    async def scenario() -> tuple[str, float, int]:
        process = await start_confined(
            script_spec(
                """
                import signal, sys, time
                signal.signal(signal.SIGTERM, signal.SIG_IGN)
                print("ready", flush=True)
                time.sleep(60)
                """
            )
        )
        while "ready" not in process.stdout.text:
            await asyncio.sleep(0.02)
        end = await process.stop()
        return end.kind, end.seconds, process.uid

    kind, seconds, uid = asyncio.run(scenario())
    assert kind == "stopped"
    assert seconds >= process_module.STOP_GRACE_SECONDS
    assert processes_of(uid) == []


def test_stop_ends_a_polite_agent_at_once() -> None:
    async def scenario() -> tuple[str, float]:
        process = await start_confined(script_spec("import time; time.sleep(60)"))
        await asyncio.sleep(0.3)
        end = await process.stop()
        return end.kind, end.seconds

    kind, seconds = asyncio.run(scenario())
    assert kind == "stopped"
    assert seconds < process_module.STOP_GRACE_SECONDS


def test_cancelling_the_wait_kills_the_whole_tree() -> None:
    async def scenario() -> int:
        process = await start_confined(
            script_spec(
                """
                import os, time
                for _ in range(3):
                    if os.fork() == 0:
                        os.setsid()
                        break
                time.sleep(60)
                """
            )
        )
        waiting = asyncio.create_task(process.wait())
        await asyncio.sleep(0.5)
        assert processes_of(process.uid), "the agent should be running"
        waiting.cancel()
        with pytest.raises(asyncio.CancelledError):
            await waiting
        return process.uid

    uid = asyncio.run(scenario())
    assert processes_of(uid) == []


def test_wait_and_stop_give_the_same_end_once_it_has_ended() -> None:
    async def scenario() -> None:
        process = await start_agent_process(script_spec("pass"))
        first = await process.wait()
        assert await process.stop() == first
        assert await process.wait() == first

    asyncio.run(scenario())


def test_the_record_keeps_only_the_end_of_stderr() -> None:
    (ran,) = run(
        script_spec(
            """
            import sys
            for number in range(20000):
                sys.stderr.write(f"line {number}\\n")
            """
        )
    )
    assert len(ran.end.stderr_tail) <= STDERR_TAIL_CHARS
    assert ran.end.stderr_tail.endswith("line 19999\n")


def test_it_runs_as_a_uid_of_its_own_without_groups_capabilities_or_new_privileges() -> None:
    identity = """
        import json, os
        status = dict(line.split(":", 1) for line in open("/proc/self/status").read().splitlines())
        print(json.dumps({
            "ids": [os.getuid(), os.geteuid(), os.getgid(), os.getegid()],
            "groups": os.getgroups(),
            "caps": [status[k].strip() for k in ("CapEff", "CapPrm", "CapBnd", "CapAmb")],
            "no_new_privs": status["NoNewPrivs"].strip(),
            "cwd": os.getcwd(), "home": os.environ["HOME"], "pid": os.getpid(),
            "cwd_owner": os.stat(".").st_uid, "listing": sorted(os.listdir(".")),
        }))
    """
    first, second = run(script_spec(identity), script_spec(identity))
    for ran in (first, second):
        said = ran.said
        uid = ran.process.uid
        assert said["ids"] == [uid] * 4
        assert said["groups"] in ([], [uid])  # the primary gid only: no supplementary group
        assert said["caps"] == ["0000000000000000"] * 4
        assert said["no_new_privs"] == "1"
        assert said["cwd"] == said["home"] == "/home/agent"
        assert said["cwd_owner"] == uid
        assert said["listing"] == []
        assert said["pid"] == 2  # pid 2 of a pid namespace of its own
        assert uid >= 0x5A000000
    assert first.process.uid != second.process.uid


def test_its_environment_is_the_one_given_and_not_the_harness(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("HARNESS_SECRET", "do-not-leak")
    (ran,) = run(
        script_spec(
            "import json, os; print(json.dumps(dict(os.environ)))",
            env={"ASSISTWORLD_MCP_URL": "http://127.0.0.1:1/episode/x"},
        )
    )
    assert ran.said == {
        **AGENT_ENV,
        "ASSISTWORLD_MCP_URL": "http://127.0.0.1:1/episode/x",
        "HOME": "/home/agent",
        "PWD": "/home/agent",
        "TMPDIR": "/tmp",
    }


def test_a_relative_script_argument_still_runs_from_its_own_home(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "agent.py").write_text("import os; print(os.getcwd())\n")
    monkeypatch.chdir(tmp_path)
    spec = AgentProcessSpec(
        argv=[sys.executable, "agent.py"], env=AGENT_ENV, time_limit=20, unsafe=False
    )
    (ran,) = run(spec)
    assert ran.end.kind == "exited", ran.end
    assert ran.process.stdout.text == "/home/agent\n"


def test_a_command_that_is_not_there_is_a_clear_error() -> None:
    spec = AgentProcessSpec(
        argv=["no-such-agent", "--x"], env=AGENT_ENV, time_limit=5, unsafe=False
    )
    with pytest.raises(AgentStartError, match="'no-such-agent' is not found on the PATH"):
        asyncio.run(start_agent_process(spec))


def test_a_command_that_cannot_run_is_a_clear_error(tmp_path: Path) -> None:
    script = tmp_path / "agent"
    script.write_text("#!/no/such/interpreter\n")
    script.chmod(0o755)
    spec = AgentProcessSpec(argv=[str(script)], env=AGENT_ENV, time_limit=5, unsafe=False)
    with pytest.raises(AgentStartError, match=r"could not start: running .*No such file"):
        asyncio.run(start_agent_process(spec))


def test_without_confinement_it_is_refused_unless_unsafe(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(process_module, "confinement_problem", lambda: "this is uid 1000")
    with pytest.raises(AgentStartError, match=r"this is uid 1000.*pass --unsafe"):
        asyncio.run(start_agent_process(script_spec("pass")))
    (ran,) = run(
        script_spec(
            """
            import json, os, time
            if os.fork() == 0:
                os.setsid()
                if os.fork() == 0:
                    time.sleep(60)
                os._exit(0)
            print(json.dumps({"uid": os.getuid(), "cwd": os.getcwd(), "pid": os.getpid()}))
            """,
            unsafe=True,
        )
    )
    assert ran.end.kind == "exited", ran.end
    assert ran.process.confined is False
    assert ran.said["uid"] == os.getuid()
    assert not Path(ran.said["cwd"]).exists(), "its working directory is removed after"
    leftovers = [pid for pid in processes_of(os.getuid()) if _started_by(pid, ran.said["pid"])]
    assert leftovers == []


def _started_by(pid: int, ancestor: int) -> bool:
    try:
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False
    return b"time.sleep(60)" in cmdline and pid != ancestor
