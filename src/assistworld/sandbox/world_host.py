"""The world host: trusted code with untrusted inputs; one per worker slot, serving task after task.

Forked by the zygote with two sockets: one to the orchestrator (requests in, replies out) and a
link to the zygote, which forks the agent children for it (``agent_spawner``). It runs trusted
setup and evaluation programs but takes untrusted input (the candidate's call arguments and
result), so it gives up root first: no capability, a uid and gid of its own (another range than
the agent children's, so neither can signal the other), no group, ``no_new_privs``; and Landlock
with the agent children's read-only list, nothing writable but ``/dev/null``, no TCP. What needs
root (scratch mounts, killing a child) the zygote does on its request. It never forks:
its memory stays its own from task to task instead of being copied from the zygote anew, which on
this kind of machine (page faults cost several microseconds each) is most of what a fresh process
per task would cost. It:

1. asks for a warm agent child, which confines itself while the world host waits;
2. reads a request (a task or a dry run) and runs each (setup, evaluation) pair in a fresh world,
   the candidate in a fresh agent child per pair;
3. sends the reply, then kills the children it used and removes their scratch dirs;
4. repeats, until the orchestrator closes the socket or the world host retires: after
   ``MAX_REQUESTS`` requests, after a request it failed on, and after a library call had to be
   cut off at a deadline (whatever that call was changing may be half-changed). A retiring world
   host says so in its reply and exits; the orchestrator asks the zygote for a new one.

No agent child holds task data, setup code or evaluation code: they are forked by the zygote,
which never has any. Each pair's world is fresh, so nothing of one task's world reaches the next.
"""

from __future__ import annotations

import os
import resource
import signal
import socket
import traceback
from pathlib import Path
from typing import Any

from assistworld.core.parsing import parsing_alone
from assistworld.sandbox.agent_process import AgentLink
from assistworld.sandbox.agent_spawner import AgentSpawner
from assistworld.sandbox.agent_supply import AgentSupply
from assistworld.sandbox.framing import Channel, ChannelClosed, FrameError
from assistworld.sandbox.host_requests import Progress, serve_request
from assistworld.sandbox.layers import SandboxSetupError, landlock
from assistworld.sandbox.layers.identity import (
    WORLD_HOST_ID_BASE,
    IdentityError,
    drop_identity,
    identity_problem,
)
from assistworld.sandbox.preload import Preloaded, SlotSettings
from assistworld.sandbox.scratch import SEARCHABLE_MODE, task_root

HOST_MESSAGE_BYTES = 256 << 20
"""Messages between orchestrator and world host (programs, results with output) stay under this."""
MAX_REQUESTS = 200
"""Requests one world host serves before it retires (bounds what leaks or fragments)."""
_PR_SET_PDEATHSIG = 1
WORLD_HOST_MAX_TASKS = 4
"""``RLIMIT_NPROC`` of a world host: it is single-threaded and never forks; binds once it runs
under its own uid without capabilities."""
_LIMITS = (
    (resource.RLIMIT_NPROC, WORLD_HOST_MAX_TASKS),
    (resource.RLIMIT_CORE, 0),
    (resource.RLIMIT_SIGPENDING, 64),
    (resource.RLIMIT_NOFILE, 4096),
)
"""Lowered before the world host gives up root (lowering needs no privilege). 4096 descriptors:
a task of 64 pairs holds five per agent child (two pipe ends, a pidfd, two output files)."""
_DEV_NULL = Path("/dev/null")


def world_host_main(
    task_socket: socket.socket, link: socket.socket, preloaded: Preloaded, settings: SlotSettings
) -> int:
    """Serve requests over ``task_socket`` until told to stop; returns the exit status."""
    zygote = os.getppid()
    limit_address_space(preloaded.vm_bytes + (settings.limits.world_memory_mb << 20))
    task_socket.setblocking(False)
    fd = task_socket.fileno()
    channel = Channel(fd, fd, HOST_MESSAGE_BYTES, strict=False)  # the orchestrator is trusted
    try:
        for kind, value in _LIMITS:
            resource.setrlimit(kind, (value, value))
        give_up_root(preloaded, settings)
    except (OSError, ValueError, SandboxSetupError) as exc:
        return _refuse(channel, f"the world host could not confine itself: {exc}")
    preloaded.libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)  # after the uid change
    if os.getppid() != zygote:
        return 1
    supply = AgentSupply(AgentLink(link), settings.limits)
    try:
        supply.fill()
        for served in range(1, MAX_REQUESTS + 1):
            try:
                request = channel.receive()  # no deadline: it waits for the next task
            except ChannelClosed:
                return 0
            reply, retire = _reply(request, supply, preloaded, settings, channel.send)
            reply["retire"] = retire = retire or served == MAX_REQUESTS
            channel.send(reply)
            supply.release()
            if retire:
                return 0
        return 0
    finally:
        supply.close()


def _refuse(channel: Channel, message: str) -> int:
    """Answer the first request with ``message`` (fail closed, saying why) and end."""
    try:
        channel.receive()
        channel.send({"op": "error", "message": message, "retire": True})
    except (ChannelClosed, FrameError, OSError, ValueError):
        pass
    return 1


def give_up_root(preloaded: Preloaded, settings: SlotSettings) -> None:
    """Drop every capability and move to uid/gid ``WORLD_HOST_ID_BASE + pid`` (its files too,
    unless the interpreter could not be made reachable; unsafe only), then apply Landlock: the
    read-only list, ``/dev/null`` writable, nothing else, no TCP. Where a step is impossible the
    world host goes on without it only when unsafe; otherwise it raises and serves nothing (fail
    closed)."""
    problem = identity_problem()
    if problem and not settings.unsafe:
        raise IdentityError(0, f"the world host cannot give up root: {problem}")
    if not problem:
        drop_identity(WORLD_HOST_ID_BASE, files_as_root=bool(preloaded.reach_problem))
    rules = preloaded.layers.landlock_rules
    if rules is None:
        if settings.unsafe:
            return
        raise SandboxSetupError("landlock", f"the world host: {preloaded.layers.landlock_problem}")
    try:
        landlock.restrict_self(rules, [_DEV_NULL])
    except (landlock.LandlockError, landlock.LandlockUnavailable) as exc:
        if not settings.unsafe:
            raise SandboxSetupError("landlock", f"the world host: {exc}") from None


def limit_address_space(limit: int) -> None:
    """Lower ``RLIMIT_AS`` to ``limit`` (what a candidate's calls can make the world grow to);
    a call that runs into it ends the run as ``memory_limit`` and retires the world host."""
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


def _reply(
    request: Any,
    supply: AgentSupply,
    preloaded: Preloaded,
    settings: SlotSettings,
    progress: Progress,
) -> tuple[dict[str, Any], bool]:
    try:
        if not isinstance(request, dict):
            raise ValueError("a request must be a JSON object")
        return serve_request(request, supply, settings.limits, preloaded, progress)
    except Exception as exc:  # a defect here must reach the orchestrator as a message
        with parsing_alone():  # formatting parses each frame's line (see core.parsing)
            text = "".join(traceback.format_exception(exc))[-8000:]
        return {"op": "error", "message": f"{type(exc).__name__}: {exc}", "traceback": text}, True


def fork_world_host(
    task_fd: int,
    control: socket.socket,
    spawner: AgentSpawner,
    preloaded: Preloaded,
    settings: SlotSettings,
) -> int:
    """Fork a world host serving the socket ``task_fd``, with a new link to ``spawner``;
    returns its pid (in the zygote)."""
    ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    pid = os.fork()
    if pid == 0:
        status = 1
        try:
            control.close()
            ours.close()
            spawner.close_in_child()
            status = world_host_main(socket.socket(fileno=task_fd), theirs, preloaded, settings)
        except BaseException:
            status = 1
        finally:
            os._exit(status)
    theirs.close()
    root = task_root(preloaded.scratch_root, pid)  # its children's scratch dirs go here
    root.mkdir(mode=SEARCHABLE_MODE)
    root.chmod(SEARCHABLE_MODE)  # whatever the umask
    spawner.add_link(ours, pid)
    return pid


__all__ = [
    "HOST_MESSAGE_BYTES",
    "MAX_REQUESTS",
    "fork_world_host",
    "give_up_root",
    "world_host_main",
]
