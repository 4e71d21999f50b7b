"""Running agent scripts as confined processes, for the process and attack tests."""

from __future__ import annotations

import asyncio
import json
import os
import sys
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from assistworld.agents.external.process import (
    AgentProcessEnd,
    AgentProcessSpec,
    ConfinedProcess,
    start_confined,
)

needs_root = pytest.mark.skipif(
    os.geteuid() != 0,
    reason="needs root: a confined agent gets a uid of its own and mount and pid namespaces, "
    "which only root can give (without root the process is refused unless unsafe)",
)

AGENT_ENV = {"PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8"}


@dataclass
class Ran:
    """One agent script's process, how it ended and the JSON it printed last."""

    process: ConfinedProcess
    end: AgentProcessEnd

    @property
    def said(self) -> dict[str, Any]:
        lines = [line for line in self.process.stdout.text.splitlines() if line.startswith("{")]
        assert lines, f"the agent printed no result; stderr: {self.end.stderr_tail}"
        result: dict[str, Any] = json.loads(lines[-1])
        return result


def script_spec(
    code: str,
    *,
    time_limit: float = 20.0,
    env: dict[str, str] | None = None,
    hidden: Sequence[str | os.PathLike[str]] = (),
    unsafe: bool = False,
) -> AgentProcessSpec:
    """A spec running ``code`` (dedented) with this test's interpreter (a virtual environment
    whose base lives under /root: it must be made reachable, as a user's would)."""
    return AgentProcessSpec(
        argv=[sys.executable, "-c", textwrap.dedent(code)],
        env={**AGENT_ENV, **(env or {})},
        time_limit=time_limit,
        unsafe=unsafe,
        hidden=hidden,
    )


async def run_all(*specs: AgentProcessSpec) -> list[Ran]:
    """Start every spec at once and wait for all of them."""
    processes = [await start_confined(spec) for spec in specs]
    ends = await asyncio.gather(*(process.wait() for process in processes))
    return [Ran(process, end) for process, end in zip(processes, ends, strict=True)]


def run(*specs: AgentProcessSpec) -> list[Ran]:
    return asyncio.run(run_all(*specs))


def processes_of(uid: int) -> list[int]:
    """The host's processes running as ``uid``."""
    found: list[int] = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            status = Path(f"/proc/{entry}/status").read_text()
        except OSError:
            continue
        for line in status.splitlines():
            if line.startswith("Uid:") and int(line.split()[1]) == uid:
                found.append(int(entry))
    return found


NEIGHBOUR = """
    import json, os, secrets, time
    token = secrets.token_hex(8)
    with open("secret.txt", "w") as handle:
        handle.write(token)
    children = []
    for _ in range(8):
        pid = os.fork()
        if pid == 0:
            time.sleep(0.2)
            os._exit(0)
        children.append(pid)
    codes = [os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]) for pid in children]
    time.sleep(1.5)
    with open("secret.txt") as handle:
        kept = handle.read() == token
    print(json.dumps({"token": token, "kept": kept, "children": codes}))
"""
"""A well-behaved agent run beside an attacker: it writes a secret in its home, forks a few
children, waits, and reads its secret back."""


def assert_neighbour_fine(neighbour: Ran) -> None:
    assert neighbour.end.kind == "exited", neighbour.end
    assert neighbour.said["kept"] is True
    assert neighbour.said["children"] == [0] * 8
