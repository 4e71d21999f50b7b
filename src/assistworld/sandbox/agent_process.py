"""The world host's handle on its agent children: fork them, wait until confined, kill and reap."""

from __future__ import annotations

import contextlib
import os
import resource
import signal
import time
from dataclasses import dataclass, field
from pathlib import Path

from assistworld.sandbox.agent_child import ChildSetup, agent_child_main
from assistworld.sandbox.framing import Channel, ChannelClosed, FrameError, FrameTimeout
from assistworld.sandbox.models import Limits
from assistworld.sandbox.preload import Preloaded
from assistworld.sandbox.scratch import AgentScratch, prepare_agent_scratch


@dataclass
class ChildExit:
    """How a reaped child ended."""

    signal: int | None
    exit_code: int | None
    cpu_seconds: float


@dataclass
class AgentProcess:
    """One forked, confined (once ready) agent child, as the world host sees it."""

    index: int
    pid: int
    channel: Channel
    scratch: AgentScratch
    layers: list[str] = field(default_factory=list)
    setup_error: str | None = None
    ready: bool = False
    used: bool = False
    exit: ChildExit | None = None

    def await_ready(self, deadline: float) -> None:
        """Read the child's first message (``ready`` or ``setup_failed``) unless already read."""
        if self.ready:
            return
        self.ready = True
        try:
            message = self.channel.receive(deadline)
        except (ChannelClosed, FrameError, FrameTimeout, OSError) as exc:
            self.setup_error = f"process: the agent child did not start ({type(exc).__name__})"
            self.kill()
            return
        if isinstance(message, dict) and message.get("op") == "ready":
            self.layers = [str(name) for name in message.get("layers", [])]
        elif isinstance(message, dict) and message.get("op") == "setup_failed":
            self.setup_error = f"{message.get('layer')}: {message.get('message')}"
            self.kill()
        else:
            self.setup_error = "process: the agent child sent an unexpected first message"
            self.kill()

    def kill(self) -> ChildExit:
        """SIGKILL the child (if still there) and reap it; returns how it ended."""
        if self.exit is None:
            self.stop()
            self.exit = _reap(self.pid)
        return self.exit

    def stop(self) -> None:
        """SIGKILL the child without waiting for it (``kill`` or ``close`` reaps it later)."""
        if self.exit is None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, signal.SIGKILL)

    def reap_if_exited(self, wait_seconds: float) -> ChildExit | None:
        """Reap the child if it ends within ``wait_seconds`` (it closed its pipe: it is going)."""
        if self.exit is not None:
            return self.exit
        deadline = time.monotonic() + wait_seconds
        while True:
            pid, status, usage = os.wait4(self.pid, os.WNOHANG)
            if pid:
                self.exit = _exit_from(status, usage)
                return self.exit
            if time.monotonic() >= deadline:
                return None
            time.sleep(0.002)

    def close(self) -> None:
        """Kill and reap the child and close every descriptor held for it."""
        self.kill()
        for fd in (self.channel.read_fd, self.channel.write_fd):
            with contextlib.suppress(OSError):
                os.close(fd)
        self.scratch.close()


def spawn_agent(
    index: int,
    root: Path,
    limits: Limits,
    preloaded: Preloaded,
    address_space_bytes: int,
    unsafe: bool,
) -> AgentProcess:
    """Fork agent child ``index`` with its own scratch dir under ``root``."""
    scratch = prepare_agent_scratch(root, index)
    command_read, command_write = os.pipe()
    reply_read, reply_write = os.pipe()
    setup = ChildSetup(
        command_read=command_read,
        reply_write=reply_write,
        stdout_write=scratch.stdout_write,
        stderr_write=scratch.stderr_write,
        scratch=scratch.path,
        limits=limits,
        preloaded=preloaded,
        address_space_bytes=address_space_bytes,
        unsafe=unsafe,
        parent_pid=os.getpid(),
    )
    pid = os.fork()
    if pid == 0:
        agent_child_main(setup)
    os.close(command_read)
    os.close(reply_write)
    scratch.close_write_ends()
    os.set_blocking(command_write, False)
    os.set_blocking(reply_read, False)
    channel = Channel(reply_read, command_write, limits.max_message_bytes)
    return AgentProcess(index=index, pid=pid, channel=channel, scratch=scratch)


def applied_layers(agents: list[AgentProcess], deadline: float) -> list[str]:
    """The layers the children applied (waiting for their reports); ``[]`` if none started."""
    for agent in agents:
        agent.await_ready(deadline)
    for agent in agents:
        if agent.setup_error is None:
            return agent.layers
    return []


def _reap(pid: int) -> ChildExit:
    while True:
        try:
            _, status, usage = os.wait4(pid, 0)
        except InterruptedError:
            continue
        except ChildProcessError:
            return ChildExit(signal=None, exit_code=None, cpu_seconds=0.0)
        return _exit_from(status, usage)


def _exit_from(status: int, usage: resource.struct_rusage) -> ChildExit:
    cpu = usage.ru_utime + usage.ru_stime
    if os.WIFSIGNALED(status):
        return ChildExit(signal=os.WTERMSIG(status), exit_code=None, cpu_seconds=cpu)
    return ChildExit(signal=None, exit_code=os.waitstatus_to_exitcode(status), cpu_seconds=cpu)


__all__ = ["AgentProcess", "ChildExit", "applied_layers", "spawn_agent"]
