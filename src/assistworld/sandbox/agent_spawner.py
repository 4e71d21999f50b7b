"""The zygote's side of agent children: fork them for world hosts, reap them, say how they ended.

Agent children are forked by the zygote, which never holds task data, rather than by the world
host, which does once it has run a task. That lets a world host serve task after task (its memory
stays its own instead of being copied anew per task) while every agent child still starts as a
copy of a process that never saw a task, a setup program or an evaluation program.

The zygote also does for the world host what needs root, so that the world host can run without
any privilege (see ``world_host``): it makes each child's scratch dir (a size-limited tmpfs, with
the output files and the decoy, see ``scratch``), kills children when asked, and unmounts and
removes a child's scratch dir once it has reaped the child.

Each world host has one ``SOCK_SEQPACKET`` link to the zygote:

* world host -> zygote: ``{"op": "spawn", "index": i}`` with the child's two pipe ends attached
  (command pipe read end, reply pipe write end);
* zygote -> world host: ``{"op": "spawned", "index": i, "pid": p, "scratch": dir, "marker": m,
  "quota": bytes, "mounted": bool}`` with a pidfd of the child (to wait on) and read descriptors
  of its stdout and stderr files attached, or ``{"op": "spawn_failed", ...}``;
* world host -> zygote: ``{"op": "kill", "pid": p}``: SIGKILL that child (one of this link's own;
  through its pidfd, so a recycled pid cannot be hit);
* zygote -> world host: ``{"op": "exited", "pid": p, "signal": s, "exit_code": c, "cpu": t}``
  once the child has ended and been reaped (the zygote is its parent).

When a world host's link closes (it ended or was killed), the zygote kills its remaining children.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
from dataclasses import dataclass, field
from typing import Any

from assistworld.sandbox.agent_child import agent_child_main, child_setup
from assistworld.sandbox.preload import Preloaded, SlotSettings
from assistworld.sandbox.scratch import (
    AgentScratch,
    prepare_agent_scratch,
    remove_agent_scratch,
    task_root,
)

SPAWN_MESSAGE_BYTES = 4096
SPAWN_FDS = 2
SPAWNED_FDS = 3
"""A pidfd of the child, and read descriptors of its stdout and stderr files."""


@dataclass
class _Link:
    """One world host's link, its pid, and the pidfds of its living children by pid."""

    sock: socket.socket
    host_pid: int
    children: dict[int, int] = field(default_factory=dict)


class AgentSpawner:
    """Forks agent children for world hosts and reaps them (lives in the zygote)."""

    def __init__(self, preloaded: Preloaded, settings: SlotSettings) -> None:
        self._preloaded = preloaded
        self._settings = settings
        self._links: dict[int, _Link] = {}
        self._pidfds: dict[int, tuple[int, _Link | None]] = {}
        self._scratches: dict[int, AgentScratch] = {}

    def add_link(self, sock: socket.socket, host_pid: int) -> None:
        """Serve agent requests arriving on ``sock`` (the zygote's end of the link of the world
        host ``host_pid``)."""
        sock.setblocking(False)
        self._links[sock.fileno()] = _Link(sock, host_pid)

    def watched(self) -> list[int]:
        """Descriptors to wait on: the links and the pidfds of living children."""
        return [*self._links, *self._pidfds]

    def handle(self, fd: int) -> bool:
        """Act on ``fd`` becoming readable; False if it is not one of ours."""
        link = self._links.get(fd)
        if link is not None:
            self._serve(link)
            return True
        if fd in self._pidfds:
            self._reap(fd)
            return True
        return False

    def close_in_child(self) -> None:
        """In a freshly forked world host: drop the zygote's copies of every link and pidfd,
        closing each descriptor exactly once. (An agent child closes every descriptor it does
        not need by number, and never returns into the zygote's code.)"""
        for link in self._links.values():
            link.sock.close()
        for pidfd in self._pidfds:
            with contextlib.suppress(OSError):
                os.close(pidfd)
        self._links.clear()
        self._pidfds.clear()

    def shutdown(self) -> None:
        """Kill every child, reap them and close everything (the zygote is exiting)."""
        for pidfd, (pid, _) in list(self._pidfds.items()):
            with contextlib.suppress(OSError):
                signal.pidfd_send_signal(pidfd, signal.SIGKILL)
            with contextlib.suppress(OSError):
                os.waitpid(pid, 0)
            with contextlib.suppress(OSError):
                os.close(pidfd)
        self._pidfds.clear()
        for scratch in self._scratches.values():
            remove_agent_scratch(scratch)
        self._scratches.clear()
        for link in self._links.values():
            link.sock.close()
        self._links.clear()

    # -- requests ------------------------------------------------------------------------------
    def _serve(self, link: _Link) -> None:
        message: Any = None
        try:
            data, fds, _, _ = socket.recv_fds(link.sock, SPAWN_MESSAGE_BYTES, SPAWN_FDS)
        except BlockingIOError:
            return
        except OSError:
            data, fds = b"", []
        if not data:
            self._drop(link)
            return
        try:
            message = json.loads(data)
            if message.get("op") == "kill" and not fds:
                self._kill(link, int(message["pid"]))
                return
            if message.get("op") != "spawn" or len(fds) != SPAWN_FDS:
                raise ValueError(f"bad request {str(message.get('op'))[:40]!r}")
            self._spawn(link, message, fds)
        except (ValueError, TypeError, AttributeError, KeyError, OSError) as exc:
            index = message.get("index") if isinstance(message, dict) else None
            self._tell(link, {"op": "spawn_failed", "index": index, "message": str(exc)[:500]})
        finally:
            for fd in fds:
                with contextlib.suppress(OSError):
                    os.close(fd)

    def _spawn(self, link: _Link, message: dict[str, Any], fds: list[int]) -> None:
        settings = self._settings
        index = int(message["index"])
        scratch = prepare_agent_scratch(
            task_root(self._preloaded.scratch_root, link.host_pid),
            index,
            settings.limits.scratch_bytes,
            mount=not self._preloaded.mount_problem,
        )
        try:
            setup = child_setup(
                [*fds, *scratch.write_ends()],
                scratch.path,
                settings.limits,
                self._preloaded,
                settings.address_space_bytes,
                settings.unsafe,
            )
            pid = os.fork()
            if pid == 0:
                agent_child_main(setup)
        except BaseException:
            scratch.close()
            remove_agent_scratch(scratch)
            raise
        scratch.close_write_ends()
        self._scratches[pid] = scratch
        pidfd = os.pidfd_open(pid)
        link.children[pid] = pidfd
        self._pidfds[pidfd] = (pid, link)
        reply = {
            "op": "spawned",
            "index": index,
            "pid": pid,
            "scratch": str(scratch.path),
            "marker": scratch.decoy_marker,
            "quota": scratch.quota_bytes,
            "mounted": scratch.mounted,
        }
        with contextlib.suppress(OSError):
            socket.send_fds(
                link.sock,
                [json.dumps(reply).encode()],
                [pidfd, scratch.stdout_read, scratch.stderr_read],
            )
        scratch.close()  # the world host reads the output through its own copies

    @staticmethod
    def _kill(link: _Link, pid: int) -> None:
        pidfd = link.children.get(pid)
        if pidfd is not None:
            with contextlib.suppress(OSError):
                signal.pidfd_send_signal(pidfd, signal.SIGKILL)

    def _reap(self, pidfd: int) -> None:
        pid, link = self._pidfds[pidfd]
        try:
            done, status, usage = os.wait4(pid, os.WNOHANG)
        except ChildProcessError:
            done, status, usage = pid, 0, None
        if not done:  # a stale readiness (the number now belongs to a newer child)
            return
        del self._pidfds[pidfd]
        os.close(pidfd)
        scratch = self._scratches.pop(pid, None)
        if scratch is not None:
            remove_agent_scratch(scratch)
        if usage is None:
            return
        if link is None or link.sock.fileno() not in self._links:
            return
        link.children.pop(pid, None)
        ended = {
            "op": "exited",
            "pid": pid,
            "signal": os.WTERMSIG(status) if os.WIFSIGNALED(status) else None,
            "exit_code": None if os.WIFSIGNALED(status) else os.waitstatus_to_exitcode(status),
            "cpu": usage.ru_utime + usage.ru_stime,
        }
        self._tell(link, ended)

    def _drop(self, link: _Link) -> None:
        """The world host is gone: kill its children (they are reaped as they end)."""
        self._links.pop(link.sock.fileno(), None)
        for pid, pidfd in link.children.items():
            with contextlib.suppress(OSError):
                signal.pidfd_send_signal(pidfd, signal.SIGKILL)
            self._pidfds[pidfd] = (pid, None)
        link.children.clear()
        link.sock.close()

    @staticmethod
    def _tell(link: _Link, message: dict[str, Any]) -> None:
        with contextlib.suppress(OSError):  # a full or closed link: the world host is stuck or gone
            link.sock.send(json.dumps(message).encode())


__all__ = ["SPAWNED_FDS", "SPAWN_FDS", "AgentSpawner"]
