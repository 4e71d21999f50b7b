"""The world host's handle on its agent children: ask the zygote for them, wait until they are
confined, have the zygote kill them, and learn how they ended (see ``agent_spawner``). The world
host runs without privilege under a uid of its own, so it cannot signal a child (another uid)
itself; it waits for one through the pidfd the zygote sent."""

from __future__ import annotations

import contextlib
import json
import os
import select
import socket
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from assistworld.sandbox.agent_spawner import SPAWN_MESSAGE_BYTES, SPAWNED_FDS
from assistworld.sandbox.framing import Channel, ChannelClosed, FrameError, FrameTimeout
from assistworld.sandbox.scratch import AgentScratch

SPAWN_SECONDS = 30.0
EXIT_REPORT_SECONDS = 5.0
"""How long to wait for the zygote's report on a child that was killed or has ended."""


class AgentLost(Exception):
    """The zygote did not fork an agent child (it refused, or the link is gone)."""


@dataclass
class ChildExit:
    """How a reaped child ended."""

    signal: int | None
    exit_code: int | None
    cpu_seconds: float


UNKNOWN_EXIT = ChildExit(signal=None, exit_code=None, cpu_seconds=0.0)


class AgentLink:
    """The world host's end of its link to the zygote (one request or report per packet)."""

    def __init__(self, sock: socket.socket) -> None:
        sock.setblocking(False)
        self._sock = sock
        self._spawned: dict[int, tuple[int, int, AgentScratch] | str] = {}
        self._exits: dict[int, ChildExit] = {}
        self._forgotten: set[int] = set()

    def request(self, index: int, fds: list[int]) -> None:
        """Ask for child ``index`` with its two pipe ends (the caller then closes its copies)."""
        message = json.dumps({"op": "spawn", "index": index}).encode()
        try:
            socket.send_fds(self._sock, [message], fds)
        except OSError as exc:
            raise AgentLost(f"the zygote is gone ({exc})") from None

    def spawned(self, index: int, deadline: float) -> tuple[int, int, AgentScratch]:
        """``(pid, pidfd, scratch)`` of child ``index``, once the zygote has forked it."""
        while index not in self._spawned:
            self._read_one(deadline)
        answer = self._spawned.pop(index)
        if isinstance(answer, str):
            raise AgentLost(f"the zygote did not fork the agent child: {answer}")
        return answer

    def kill(self, pid: int) -> None:
        """Have the zygote SIGKILL child ``pid`` (quietly nothing if the zygote is gone)."""
        with contextlib.suppress(OSError):
            self._sock.send(json.dumps({"op": "kill", "pid": pid}).encode())

    def exit_of(self, pid: int, deadline: float) -> ChildExit:
        """How child ``pid`` ended (after it ended); unknown if no report comes by ``deadline``."""
        try:
            while pid not in self._exits:
                self._read_one(deadline)
        except (AgentLost, FrameTimeout):
            return UNKNOWN_EXIT
        return self._exits.pop(pid)

    def forget(self, pid: int) -> None:
        """Drop the report on ``pid`` (now or when it comes): nobody will ask for it."""
        self.drain()
        if self._exits.pop(pid, None) is None:
            self._forgotten.add(pid)

    def drain(self) -> None:
        """Take in every report already waiting, without blocking."""
        with contextlib.suppress(AgentLost, FrameTimeout):
            while self._read_one(None, block=False):
                pass

    def close(self) -> None:
        self._sock.close()

    def _read_one(self, deadline: float | None, *, block: bool = True) -> bool:
        while True:
            try:
                data, fds, _, _ = socket.recv_fds(self._sock, SPAWN_MESSAGE_BYTES, SPAWNED_FDS)
                break
            except BlockingIOError:
                if not block:
                    return False
                remaining = None if deadline is None else deadline - time.monotonic()
                if remaining is not None and remaining <= 0:
                    raise FrameTimeout("no word from the zygote") from None
                select.select([self._sock], [], [], remaining)
            except OSError as exc:
                raise AgentLost(f"the link to the zygote failed ({exc})") from None
        if not data:
            raise AgentLost("the zygote closed the link")
        self._take(json.loads(data), fds)
        return True

    def _take(self, message: dict[str, Any], fds: list[int]) -> None:
        op = message.get("op")
        if op == "spawned" and len(fds) == SPAWNED_FDS:
            pidfd, stdout_read, stderr_read = fds
            scratch = AgentScratch(
                path=Path(str(message["scratch"])),
                stdout_write=-1,
                stderr_write=-1,
                stdout_read=stdout_read,
                stderr_read=stderr_read,
                decoy_marker=str(message["marker"]),
                quota_bytes=int(message["quota"]),
                mounted=bool(message["mounted"]),
            )
            self._spawned[int(message["index"])] = (int(message["pid"]), pidfd, scratch)
            return
        for fd in fds:
            os.close(fd)
        if op == "spawn_failed":
            self._spawned[int(message["index"])] = str(message.get("message"))
        elif op == "exited":
            pid = int(message["pid"])
            if pid in self._forgotten:
                self._forgotten.discard(pid)
                return
            self._exits[pid] = ChildExit(
                signal=message["signal"],
                exit_code=message["exit_code"],
                cpu_seconds=float(message["cpu"]),
            )


@dataclass
class AgentProcess:
    """One agent child (confined once ready), as the world host sees it."""

    index: int
    channel: Channel
    link: AgentLink
    spawned_scratch: AgentScratch | None = None
    """Its scratch dir, once the zygote has made it (see :attr:`scratch`)."""
    pid: int = 0
    pidfd: int = -1
    layers: list[str] = field(default_factory=list)
    setup_error: str | None = None
    ready: bool = False
    used: bool = False
    call_interrupted: bool = False
    """A library call for this child was cut off at the deadline (the world host retires)."""
    exit: ChildExit | None = None
    closed: bool = False

    @property
    def scratch(self) -> AgentScratch:
        """The child's scratch dir (its output and decoy); the child must have been spawned."""
        if self.spawned_scratch is None:
            raise AgentLost("the agent child was never spawned")
        return self.spawned_scratch

    def await_ready(self, deadline: float) -> None:
        """Read the child's first message (``ready`` or ``setup_failed``) unless already read."""
        if self.ready:
            return
        self.ready = True
        try:
            self._await_spawn(deadline)
            message = self.channel.receive(deadline)
        except AgentLost as exc:
            self.setup_error = f"process: {exc}"
            return
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
        """SIGKILL the child (if still there) and wait for the report on how it ended."""
        if self.exit is None:
            self.stop()
            if self.pid:
                self.exit = self.link.exit_of(self.pid, time.monotonic() + EXIT_REPORT_SECONDS)
            else:
                self.exit = UNKNOWN_EXIT
        return self.exit

    def stop(self) -> None:
        """Have the child SIGKILLed, without waiting for it."""
        if self.exit is None and self.pid:
            self.link.kill(self.pid)

    def reap_if_exited(self, wait_seconds: float) -> ChildExit | None:
        """How the child ended if it ends within ``wait_seconds`` (it closed its pipe: it is
        going), else None."""
        if self.exit is not None:
            return self.exit
        if self.pidfd < 0:
            return None
        ended, _, _ = select.select([self.pidfd], [], [], wait_seconds)
        if not ended:
            return None
        self.exit = self.link.exit_of(self.pid, time.monotonic() + EXIT_REPORT_SECONDS)
        return self.exit

    def close(self) -> None:
        """Kill the child and close every descriptor held for it (the zygote removes its
        scratch dir once it has reaped it)."""
        if self.closed:
            return
        self.closed = True
        with contextlib.suppress(AgentLost, FrameTimeout):
            self._await_spawn(time.monotonic() + SPAWN_SECONDS)
        self.stop()
        if self.pid and self.exit is None:
            self.link.forget(self.pid)
        for fd in (self.channel.read_fd, self.channel.write_fd, self.pidfd):
            if fd >= 0:
                with contextlib.suppress(OSError):
                    os.close(fd)
        self.pidfd = -1
        if self.spawned_scratch is not None:
            self.spawned_scratch.close()

    def _await_spawn(self, deadline: float) -> None:
        if not self.pid:
            self.pid, self.pidfd, self.spawned_scratch = self.link.spawned(self.index, deadline)


def spawn_agent(index: int, link: AgentLink, max_message_bytes: int) -> AgentProcess:
    """Ask the zygote for agent child ``index`` (it makes the child's scratch dir); the child
    confines itself while the caller goes on."""
    command_read, command_write = os.pipe()
    reply_read, reply_write = os.pipe()
    try:
        link.request(index, [command_read, reply_write])
    except AgentLost:
        for fd in (command_write, reply_read):
            os.close(fd)
        raise
    finally:
        os.close(command_read)
        os.close(reply_write)
    os.set_blocking(command_write, False)
    os.set_blocking(reply_read, False)
    channel = Channel(reply_read, command_write, max_message_bytes)
    return AgentProcess(index=index, channel=channel, link=link)


def applied_layers(agents: list[AgentProcess], deadline: float) -> list[str]:
    """The layers the children applied (waiting for their reports); ``[]`` if none started."""
    for agent in agents:
        agent.await_ready(deadline)
    for agent in agents:
        if agent.setup_error is None:
            return agent.layers
    return []


__all__ = [
    "UNKNOWN_EXIT",
    "AgentLink",
    "AgentLost",
    "AgentProcess",
    "ChildExit",
    "applied_layers",
    "spawn_agent",
]
