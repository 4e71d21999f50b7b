"""Attacks by an external agent's process, each run beside a well-behaved neighbour episode.

Each test asserts what the attacker got (``ENOENT``, ``EROFS``, killed ...) and that the
neighbour, running at the same time, finished as it would alone.
"""

from __future__ import annotations

import json
import os
import socket
import threading
from pathlib import Path

import assistworld_suites
from assistworld.core.cache_dirs import user_cache_dir
from tests.agents.external._processes import (
    NEIGHBOUR,
    Ran,
    assert_neighbour_fine,
    needs_root,
    processes_of,
    run,
    script_spec,
)

pytestmark = needs_root

TRY_READ = """
    import errno, json, os, sys
    def attempt(path):
        try:
            with open(path, "rb") as handle:
                return "read %d bytes" % len(handle.read())
        except OSError as exc:
            return errno.errorcode[exc.errno]
    def listing(path):
        try:
            return sorted(os.listdir(path))
        except OSError as exc:
            return errno.errorcode[exc.errno]
    paths = json.loads(sys.argv[1])
    read = [attempt(p) for p in paths]
    listed = [listing(os.path.dirname(p)) for p in paths]
    print(json.dumps({"read": read, "listed": listed}))
"""


def _reading(paths: list[str], **options: object) -> Ran:
    spec = script_spec(TRY_READ, **options)  # type: ignore[arg-type]
    spec = type(spec)(
        argv=[*spec.argv, json.dumps(paths)],
        env=spec.env,
        time_limit=spec.time_limit,
        unsafe=spec.unsafe,
        hidden=spec.hidden,
    )
    attacker, neighbour = run(spec, script_spec(NEIGHBOUR))
    assert_neighbour_fine(neighbour)
    assert attacker.end.kind == "exited", attacker.end
    return attacker


def test_it_cannot_read_a_reference_program_of_a_bundled_suite() -> None:
    suites = Path(assistworld_suites.__file__).resolve().parent
    reference = next(suites.glob("workplace/*.py"))
    assert reference.read_bytes(), "the reference is there for the harness"
    said = _reading([str(reference), str(suites / "workplace" / "README.md")]).said
    assert said["read"] == ["ENOENT", "ENOENT"]
    assert said["listed"] == ["ENOENT", "ENOENT"]


def test_it_cannot_read_a_run_directory(tmp_path: Path) -> None:
    results = tmp_path / "runs" / "run-1" / "results.jsonl"
    results.parent.mkdir(parents=True)
    results.write_text('{"outcome": "passed"}\n')
    said = _reading([str(results)]).said
    assert said["read"] == ["ENOENT"]


def test_it_cannot_read_the_caches() -> None:
    cache = user_cache_dir("ASSISTWORLD_CACHE_DIR", "llm").parent
    cache.mkdir(parents=True, exist_ok=True)
    probe = cache / "attack-probe.txt"
    probe.write_text("cached reply")
    try:
        said = _reading([str(probe), str(Path.home() / ".cache" / "x")]).said
    finally:
        probe.unlink()
    assert said["read"] == ["ENOENT", "ENOENT"]


def test_a_hidden_path_inside_the_commands_own_prefix_is_covered(tmp_path: Path) -> None:
    """The command's installation prefix is exposed whole; a suite installed inside it (or a
    run directory there) is still hidden."""
    prefix = tmp_path / "tool"
    (prefix / "bin").mkdir(parents=True)
    (prefix / "suite").mkdir()
    (prefix / "suite" / "reference.py").write_text("answer = 42\n")
    (prefix / "share.txt").write_text("tool data\n")
    agent = prefix / "bin" / "agent"
    agent.write_text(
        "#!/bin/sh\n"
        f"cat {prefix}/share.txt\n"
        f"cat {prefix}/suite/reference.py 2>&1\n"
        f"ls -A {prefix}/suite\n"
    )
    agent.chmod(0o755)
    spec = type(script_spec("pass"))(
        argv=[str(agent)],
        env={"PATH": "/usr/bin:/bin"},
        time_limit=10,
        unsafe=False,
        hidden=[prefix / "suite"],
    )
    attacker, neighbour = run(spec, script_spec(NEIGHBOUR))
    assert_neighbour_fine(neighbour)
    lines = attacker.process.stdout.text.splitlines()
    assert lines[0] == "tool data"
    assert "No such file" in lines[1]
    assert lines[2:] == []


def test_it_cannot_write_outside_its_home_and_tmp() -> None:
    checkout_attack = str(Path(__file__).resolve().parents[3] / "attack")
    attacker, neighbour = run(
        script_spec(
            """
            import errno, json, os
            def attempt(path):
                try:
                    with open(path, "w") as handle:
                        handle.write("x")
                    return "written"
                except OSError as exc:
                    return errno.errorcode[exc.errno]
            targets = ["/etc/attack", "/usr/attack", "/attack", "/home/attack", "/dev/attack",
                       "/proc/attack", CHECKOUT, "/home/agent/mine", "/tmp/mine",
                       "/dev/shm/mine"]
            print(json.dumps({path: attempt(path) for path in targets}))
            """.replace("CHECKOUT", repr(checkout_attack))
        ),
        script_spec(NEIGHBOUR),
    )
    assert_neighbour_fine(neighbour)
    said = dict(attacker.said)
    # The harness's checkout is in the view read-only where the agent's command lives inside it
    # (a venv in the checkout: its parents are root's folders in the view, or on the read-only
    # root) and absent otherwise: unwritable in every case.
    assert said.pop(checkout_attack) in {"EROFS", "ENOENT", "EACCES"}
    assert said == {
        "/etc/attack": "EROFS",
        "/usr/attack": "EROFS",
        "/attack": "EROFS",
        "/home/attack": "EROFS",
        "/dev/attack": "EROFS",
        "/proc/attack": "ENOENT",
        "/home/agent/mine": "written",
        "/tmp/mine": "written",
        "/dev/shm/mine": "written",
    }
    for host_path in ("/etc/attack", "/usr/attack", "/attack", checkout_attack):
        assert not os.path.exists(host_path)


def test_it_cannot_outlive_its_episode_by_double_fork_and_setsid() -> None:
    attacker, neighbour = run(
        script_spec(
            """
            import json, os, signal, time
            if os.fork() == 0:
                os.setsid()
                signal.signal(signal.SIGTERM, signal.SIG_IGN)
                signal.signal(signal.SIGHUP, signal.SIG_IGN)
                if os.fork() == 0:
                    time.sleep(120)
                os._exit(0)
            time.sleep(0.3)
            print(json.dumps({"left": "a daemon behind"}))
            """
        ),
        script_spec(NEIGHBOUR),
    )
    assert_neighbour_fine(neighbour)
    assert attacker.end.kind == "exited"
    assert processes_of(attacker.process.uid) == []


def test_it_cannot_see_another_episodes_home_or_processes() -> None:
    neighbour_spec = script_spec(NEIGHBOUR)
    attacker_spec = script_spec(
        """
        import json, os, time
        time.sleep(0.5)  # the neighbour has written its secret by now
        found = []
        for top in ("/home", "/tmp", "/dev/shm", "/proc"):
            for folder, dirs, files in os.walk(top):
                if folder.startswith("/proc/") and folder.count("/") > 3:
                    dirs[:] = [d for d in dirs if d in ("root", "cwd")]
                for name in files:
                    if name == "secret.txt":
                        found.append(os.path.join(folder, name))
        pids = sorted(int(p) for p in os.listdir("/proc") if p.isdigit())
        print(json.dumps({"found": found, "pids": pids}))
        """
    )
    neighbour, attacker = run(neighbour_spec, attacker_spec)
    assert_neighbour_fine(neighbour)
    assert attacker.said["found"] == []
    assert attacker.said["pids"] == [1, 2]  # its init and itself: nobody else's processes


def test_a_fork_bomb_stops_at_the_task_limit_and_leaves_nothing() -> None:
    attacker, neighbour = run(
        script_spec(
            """
            import errno, json, os, time
            forked, error = 0, None
            while forked < 5000:
                try:
                    pid = os.fork()
                except OSError as exc:
                    error = errno.errorcode[exc.errno]
                    break
                if pid == 0:
                    time.sleep(60)
                    os._exit(0)
                forked += 1
            print(json.dumps({"forked": forked, "error": error}), flush=True)
            time.sleep(60)
            """,
            time_limit=6.0,
        ),
        script_spec(NEIGHBOUR),
    )
    assert_neighbour_fine(neighbour)
    assert attacker.said["error"] == "EAGAIN"
    assert 100 < attacker.said["forked"] < 256
    assert attacker.end.kind == "timeout"
    assert processes_of(attacker.process.uid) == []


def test_huge_output_keeps_only_its_end_and_the_neighbour_goes_on() -> None:
    attacker, neighbour = run(
        script_spec(
            """
            import os
            block = b"x" * (1 << 20)
            for _ in range(64):
                os.write(1, block)
                os.write(2, block)
            os.write(2, b"\\nTHE END\\n")
            """
        ),
        script_spec(NEIGHBOUR),
    )
    assert_neighbour_fine(neighbour)
    assert attacker.end.kind == "exited"
    assert attacker.end.stderr_tail.endswith("THE END\n")
    assert len(attacker.end.stderr_tail) <= 4000


def test_it_cannot_signal_anything_but_its_own_processes() -> None:
    attacker, neighbour = run(
        script_spec(
            f"""
            import errno, json, os, signal, time
            def attempt(pid, number):
                try:
                    os.kill(pid, number)
                    return "sent"
                except OSError as exc:
                    return errno.errorcode[exc.errno]
            child = os.fork()
            if child == 0:
                time.sleep(60)
                os._exit(0)
            said = {{
                "init": attempt(1, signal.SIGKILL),
                "harness": attempt({os.getpid()}, signal.SIGKILL),
                "everything": attempt(-1, signal.SIGKILL),
            }}
            said["child"] = os.waitpid(child, 0)[1]
            print(json.dumps(said))
            """
        ),
        script_spec(NEIGHBOUR),
    )
    assert_neighbour_fine(neighbour)
    assert attacker.said == {
        "init": "EPERM",  # pid 1 of its namespace: root's
        "harness": "ESRCH",  # the harness's pid means nothing in its namespace
        "everything": "sent",  # kill(-1) reached its own child only
        "child": 9,
    }
    assert attacker.end.kind == "exited"


def test_it_may_reach_the_network() -> None:
    listener = socket.create_server(("127.0.0.1", 0))
    port = listener.getsockname()[1]
    got: list[bytes] = []

    def serve() -> None:
        connection, _ = listener.accept()
        with connection:
            got.append(connection.recv(64))
            connection.sendall(b"pong")

    server = threading.Thread(target=serve)
    server.start()
    try:
        (ran,) = run(
            script_spec(
                f"""
                import json, socket
                with socket.create_connection(("127.0.0.1", {port}), timeout=5) as conn:
                    conn.sendall(b"ping")
                    print(json.dumps({{"reply": conn.recv(64).decode()}}))
                """
            )
        )
    finally:
        server.join(timeout=10)
        listener.close()
    assert ran.said == {"reply": "pong"}
    assert got == [b"ping"]


HARNESS = """
import asyncio, sys, time
from assistworld.agents.external.process import AgentProcessSpec, start_confined

AGENT = "import os, time\\nif os.fork() == 0:\\n    os.setsid()\\ntime.sleep(120)"

async def main():
    spec = AgentProcessSpec(
        argv=[sys.executable, "-c", AGENT],
        env={"PATH": "/usr/bin:/bin"}, time_limit=120, unsafe=False,
    )
    process = await start_confined(spec)
    print(process.uid, flush=True)
    await asyncio.sleep(120)

asyncio.run(main())
"""


def test_nothing_outlives_a_harness_that_is_killed() -> None:
    import subprocess
    import sys
    import time

    harness = subprocess.Popen(
        [sys.executable, "-c", HARNESS],
        stdout=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[3] / "src")},
    )
    assert harness.stdout is not None
    uid = int(harness.stdout.readline())
    deadline = time.monotonic() + 10
    while len(processes_of(uid)) < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert len(processes_of(uid)) == 2, "the agent and its child run"
    harness.kill()  # SIGKILL: no clean-up of its own
    harness.wait()
    deadline = time.monotonic() + 5
    while processes_of(uid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert processes_of(uid) == []
