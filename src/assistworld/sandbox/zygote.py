"""The zygote: a pre-loaded interpreter that forks the world host and every agent child of a slot.

Started by the pool as ``python -I`` running :func:`main` (from the package directory the
orchestrator imported) with the control socket's descriptor as argument, with a fixed,
empty-of-secrets environment. It imports the library the pool was given (``ProgramLibrary``, by
module name), with the functions that library names for the setup and evaluation programs'
globals (for ASPERA's library, its generic setup and evaluation *tools*: code any agent child
could read from the installed package anyway, and no task's programs or answers), pydantic, the
sandbox modules and
``pyseccomp`` (through the layers package), prepares what every child needs (``preload``: the
read-only path list, the opened Landlock rules, the compiled seccomp program, the candidate's
namespace), freezes its objects for the garbage collector, says ``hello``, takes its settings
(``{"op": "configure", "limits": ..., "unsafe": ...}``, answered ``{"op": "configured"}``) and
then serves requests on its control socket (a Unix ``SOCK_SEQPACKET`` socket, one JSON message
per packet):

* ``{"op": "fork"}`` with one file descriptor attached: fork a world host that serves that
  socket; reply ``{"op": "forked", "pid": ...}``;
* ``{"op": "exit"}`` (or the socket closing): kill the world hosts and agent children and exit.

It also serves each world host's requests for agent children (``agent_spawner``): an agent child
is a copy of this process, which never receives task data (that travels on the world host's own
socket). It reaps its children as they end, so none linger as zombies. A world host that overruns
its task budget is ended by replacing the whole zygote (exiting kills its children).
"""

from __future__ import annotations

import contextlib
import gc
import json
import os
import select
import signal
import socket
import sys
from pathlib import Path
from typing import Any

from assistworld.sandbox.agent_spawner import AgentSpawner
from assistworld.sandbox.library import LibraryError, ProgramLibrary
from assistworld.sandbox.preload import Preloaded, SlotSettings, preload
from assistworld.sandbox.scratch import enter_private_mount_namespace, remove_tree, task_root
from assistworld.sandbox.world_host import fork_world_host

REAP_INTERVAL_SECONDS = 0.5
CONTROL_MESSAGE_BYTES = 65536


def serve(control: socket.socket, preloaded: Preloaded, settings: SlotSettings) -> None:
    """Answer control and agent requests until told to exit or the orchestrator goes away."""
    hosts: set[int] = set()
    spawner = AgentSpawner(preloaded, settings)
    try:
        while True:
            poller = select.poll()
            for fd in (control.fileno(), *spawner.watched()):
                poller.register(fd, select.POLLIN)
            ready = poller.poll(int(REAP_INTERVAL_SECONDS * 1000))
            _reap(hosts, preloaded.scratch_root)
            for fd, _ in ready:
                if fd != control.fileno():
                    spawner.handle(fd)
                elif not _control_request(control, hosts, spawner, preloaded, settings):
                    return
    finally:
        for pid in hosts:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
        spawner.shutdown()
        remove_tree(preloaded.scratch_root)


def _control_request(
    control: socket.socket,
    hosts: set[int],
    spawner: AgentSpawner,
    preloaded: Preloaded,
    settings: SlotSettings,
) -> bool:
    """Serve one control message; False when the zygote should exit."""
    data, fds, _, _ = socket.recv_fds(control, CONTROL_MESSAGE_BYTES, 2)
    if not data:
        return False
    message = json.loads(data)
    op = message.get("op")
    if op == "fork" and len(fds) == 1:
        pid = fork_world_host(fds[0], control, spawner, preloaded, settings)
        os.close(fds[0])
        hosts.add(pid)
        _send(control, {"op": "forked", "pid": pid})
        return True
    for fd in fds:
        os.close(fd)
    if op == "exit":
        return False
    _send(control, {"op": "error", "message": f"unknown request {str(op)[:40]!r}"})
    return True


def _reap(hosts: set[int], scratch_root: Path) -> None:
    """Reap ended world hosts and remove what a killed one left in its scratch tree."""
    for pid in list(hosts):
        try:
            done, _ = os.waitpid(pid, os.WNOHANG)
        except ChildProcessError:
            done = pid
        if done:
            hosts.discard(pid)
            remove_tree(task_root(scratch_root, pid))


def _configure(control: socket.socket, preloaded: Preloaded) -> SlotSettings | None:
    """Read the ``configure`` message and answer it; None if the orchestrator went away."""
    data = control.recv(CONTROL_MESSAGE_BYTES)
    if not data:
        return None
    try:
        message = json.loads(data)
        if message.get("op") != "configure":
            raise ValueError(f"expected configure, got {str(message.get('op'))[:40]!r}")
        settings = SlotSettings.from_message(message, preloaded)
    except (ValueError, KeyError, AttributeError) as exc:
        _send(control, {"op": "error", "message": f"bad settings: {str(exc)[:2000]}"})
        return None
    _send(control, {"op": "configured"})
    return settings


def _send(control: socket.socket, message: dict[str, Any]) -> None:
    control.sendall(json.dumps(message).encode("utf-8"))


def main(argv: list[str]) -> int:
    """Entry point: ``argv[1]`` is the control socket's file descriptor number, ``argv[2]`` the
    programs' library as JSON (``ProgramLibrary``)."""
    if len(argv) != 3 or not argv[1].isdigit():
        print(
            "usage: python -I -m assistworld.sandbox.zygote <control fd> <library JSON>",
            file=sys.stderr,
        )
        return 2
    control = socket.socket(fileno=int(argv[1]))
    try:
        library = ProgramLibrary.model_validate_json(argv[2])
        library.load()  # here, not per task: about 9 ms a task on this machine
    except (ValueError, LibraryError) as exc:
        print(f"the zygote cannot load its library: {exc}", file=sys.stderr)
        return 2
    preloaded = preload(library, enter_private_mount_namespace())
    gc.freeze()
    _send(
        control,
        {
            "op": "hello",
            "pid": os.getpid(),
            "library": list(library.modules),
            "scratch": str(preloaded.scratch_root),
        },
    )
    settings = _configure(control, preloaded)
    if settings is None:
        remove_tree(preloaded.scratch_root)
        return 1
    serve(control, preloaded, settings)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
