"""The zygote: a pre-loaded interpreter that forks one world host per task.

Started by the pool as ``python -I -m assistworld.sandbox.zygote <control fd>`` with a fixed,
empty-of-secrets environment. It imports the library (with the generic setup and evaluation
*tools* of ``assistworld.sim`` and ``assistworld.checks``: code any agent child could read from the
installed package anyway, and no task's programs or answers), pydantic, the sandbox modules and
``pyseccomp`` (through the layers package), computes the read-only path list, freezes its objects
for the garbage collector, says ``hello`` and then serves requests on its control socket (a Unix
``SOCK_SEQPACKET`` socket, one JSON message per packet):

* ``{"op": "fork"}`` with one file descriptor attached: fork a world host that serves that
  socket; reply ``{"op": "forked", "pid": ...}``;
* ``{"op": "exit"}`` (or the socket closing): kill the remaining world hosts and exit.

It never receives task data: the task travels on the per-task socket, which only the world
host reads. It reaps its children as they end, so none linger as zombies. A world host that
overruns its task budget is ended by replacing the whole zygote (exiting kills its children).
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

import assistworld.apps
import assistworld.checks  # imported here, not per task: about 9 ms a task on this machine
import assistworld.sim
from assistworld.sandbox.preload import Preloaded, preload
from assistworld.sandbox.scratch import remove_tree, task_root
from assistworld.sandbox.world_host import fork_world_host

REAP_INTERVAL_SECONDS = 0.5
CONTROL_MESSAGE_BYTES = 4096


def serve(control: socket.socket, preloaded: Preloaded) -> None:
    """Answer control requests until told to exit or the orchestrator goes away."""
    children: set[int] = set()
    try:
        while True:
            ready, _, _ = select.select([control], [], [], REAP_INTERVAL_SECONDS)
            _reap(children, preloaded.scratch_root)
            if not ready:
                continue
            data, fds, _, _ = socket.recv_fds(control, CONTROL_MESSAGE_BYTES, 2)
            if not data:
                return
            message = json.loads(data)
            op = message.get("op")
            if op == "fork" and len(fds) == 1:
                pid = fork_world_host(fds[0], control, preloaded)
                os.close(fds[0])
                children.add(pid)
                _send(control, {"op": "forked", "pid": pid})
                continue
            for fd in fds:
                os.close(fd)
            if op == "exit":
                return
            else:
                _send(control, {"op": "error", "message": f"unknown request {op!r}"})
    finally:
        for pid in children:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
        remove_tree(preloaded.scratch_root)


def _reap(children: set[int], scratch_root: Path) -> None:
    """Reap ended world hosts and remove what a killed one left in its scratch tree."""
    for pid in list(children):
        try:
            done, _ = os.waitpid(pid, os.WNOHANG)
        except ChildProcessError:
            done = pid
        if done:
            children.discard(pid)
            remove_tree(task_root(scratch_root, pid))


def _send(control: socket.socket, message: dict[str, Any]) -> None:
    control.sendall(json.dumps(message).encode("utf-8"))


def main(argv: list[str]) -> int:
    """Entry point: ``argv[1]`` is the control socket's file descriptor number."""
    if len(argv) != 2 or not argv[1].isdigit():
        print("usage: python -I -m assistworld.sandbox.zygote <control fd>", file=sys.stderr)
        return 2
    control = socket.socket(fileno=int(argv[1]))
    preloaded = preload()
    gc.freeze()
    _send(
        control,
        {
            "op": "hello",
            "pid": os.getpid(),
            "library": assistworld.apps.__name__,
            "scratch": str(preloaded.scratch_root),
        },
    )
    serve(control, preloaded)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
