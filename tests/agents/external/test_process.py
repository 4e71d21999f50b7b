"""The agent's process: how it ended (exit, crash with its stderr's end, timeout, stopped), and
nothing it started outlives it."""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path

from assistworld.agents.external.process import (
    AgentProcessEnd,
    AgentProcessSpec,
    start_agent_process,
)


def _run(script: str, *, time_limit: float = 30.0, stop: bool = False) -> AgentProcessEnd:
    async def go() -> AgentProcessEnd:
        spec = AgentProcessSpec(
            argv=["/bin/sh", "-c", script],
            env={"PATH": os.environ["PATH"]},
            time_limit=time_limit,
            unsafe=True,
        )
        process = await start_agent_process(spec)
        if stop:
            await asyncio.sleep(0.2)
            return await process.stop()
        return await process.wait()

    return asyncio.run(go())


def _gone(pid: int, within: float = 5.0) -> bool:
    """Whether ``pid`` has ended (a zombie waiting for its reaper counts as ended)."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except FileNotFoundError:
            return True
        if state == "Z":
            return True
        time.sleep(0.05)
    return False


def test_an_exit_and_a_crash_are_told_apart_with_the_end_of_stderr() -> None:
    assert _run("exit 0").kind == "exited"
    crashed = _run("echo 'it broke' >&2; exit 5")
    assert crashed.kind == "crashed" and crashed.exit_status == 5
    assert "it broke" in crashed.stderr_tail


def test_a_process_past_its_time_limit_is_killed() -> None:
    end = _run("sleep 60", time_limit=1.0)
    assert end.kind == "timeout" and end.seconds < 30


def test_a_stopped_process_is_ended() -> None:
    end = _run("sleep 60", stop=True)
    assert end.kind == "stopped" and end.seconds < 30


def test_what_the_agent_started_does_not_outlive_it(tmp_path: Path) -> None:
    pidfile = tmp_path / "pid"
    end = _run(f"sleep 60 & echo $! > {pidfile}; exit 0")
    assert end.kind == "exited"
    assert _gone(int(pidfile.read_text()))
