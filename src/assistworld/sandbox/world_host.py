"""The world host: trusted code with untrusted inputs, one process per task.

Forked by the zygote with one end of a fresh socket to the orchestrator, it:

1. reads the *header* (how many agent children, the limits) and forks the agent children, which
   confine themselves and report ``ready``; only then
2. tells the orchestrator it is ready and reads the task (or dry-run) request;
3. runs each (setup, evaluation) pair in a fresh world, the candidate in agent child i;
4. sends the result back, kills and reaps every child and removes the scratch tree.

So no agent child ever holds task data, setup code or evaluation code in its memory.
"""

from __future__ import annotations

import ctypes
import os
import signal
import socket
import time
import traceback
from functools import partial
from typing import Any

from assistworld.sandbox.agent_process import AgentProcess, applied_layers, spawn_agent
from assistworld.sandbox.call_server import CallServer
from assistworld.sandbox.framing import Channel
from assistworld.sandbox.layers import current_vm_bytes
from assistworld.sandbox.models import (
    DryRunRequest,
    Limits,
    PairResult,
    ProgramRun,
    TaskExecution,
    TaskRequest,
)
from assistworld.sandbox.outcomes import RunOutcome
from assistworld.sandbox.pair_runner import fresh_world, load_setup, run_pair
from assistworld.sandbox.preload import Preloaded
from assistworld.sandbox.scratch import remove_tree, task_root

HOST_MESSAGE_BYTES = 256 << 20
"""Messages between orchestrator and world host (programs, results with output) stay under this."""
HEADER_SECONDS = 30.0
READY_SECONDS = 30.0
REQUEST_SECONDS = 60.0
_PR_SET_PDEATHSIG = 1


def world_host_main(task_socket: socket.socket, preloaded: Preloaded) -> int:
    """Serve one task over ``task_socket``; returns the process exit status."""
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    task_socket.setblocking(False)
    fd = task_socket.fileno()
    channel = Channel(fd, fd, HOST_MESSAGE_BYTES)
    header = channel.receive(time.monotonic() + HEADER_SECONDS)
    limits = Limits.model_validate(header["limits"])
    unsafe = bool(header["unsafe"])
    count = int(header["agents"])
    root = task_root(preloaded.scratch_root, os.getpid())
    root.mkdir(mode=0o700)
    agents: list[AgentProcess] = []
    try:
        address_space = current_vm_bytes() + (limits.memory_mb << 20)
        for index in range(count):
            agents.append(spawn_agent(index, root, limits, preloaded, address_space, unsafe))
        # The children exist now, so task data may enter this process. They confine themselves
        # while the task is read and set up; each run waits for its child's report first.
        channel.send({"op": "ready"})
        request = channel.receive(time.monotonic() + REQUEST_SECONDS)
        try:
            reply = _serve_request(request, agents, limits, preloaded)
            reply["layers"] = applied_layers(agents, time.monotonic() + READY_SECONDS)
        except Exception as exc:  # a defect here must reach the orchestrator as a message
            text = "".join(traceback.format_exception(exc))[-8000:]
            reply = {"op": "error", "message": f"{type(exc).__name__}: {exc}", "traceback": text}
        channel.send(reply)
    finally:
        for agent in agents:
            agent.close()
        remove_tree(root)
    return 0


def _serve_request(
    request: dict[str, Any],
    agents: list[AgentProcess],
    limits: Limits,
    preloaded: Preloaded,
) -> dict[str, Any]:
    kind = request.get("op")
    if kind == "task":
        task = TaskRequest.model_validate(request["request"])
        execution = run_task_in_host(task, agents, limits, preloaded)
        return {"op": "task_result", "execution": execution.model_dump(mode="json")}
    if kind == "dry_run":
        dry = DryRunRequest.model_validate(request["request"])
        run = dry_run_in_host(dry, agents[0], limits, preloaded)
        return {"op": "dry_run_result", "run": run.model_dump(mode="json")}
    raise ValueError(f"unknown request {kind!r}")


def run_task_in_host(
    task: TaskRequest,
    agents: list[AgentProcess],
    limits: Limits,
    preloaded: Preloaded,
) -> TaskExecution:
    """Every pair of ``task``, pair i's candidate in ``agents[i]``."""
    started = time.monotonic()
    pairs: list[PairResult] = []
    for index, (setup, evaluation) in enumerate(
        zip(task.setup_programs, task.evaluation_programs, strict=True)
    ):
        server = CallServer(agents[index], limits, preloaded.functions, preloaded.codec)
        pairs.append(
            run_pair(
                index,
                setup,
                evaluation,
                task.query,
                task.world_now,
                partial(server.run, task.candidate_program),
            )
        )
    return TaskExecution(
        query_id=task.query_id,
        passed=all(pair.passed for pair in pairs),
        pairs=pairs,
        seconds=time.monotonic() - started,
        layers=applied_layers(agents, time.monotonic() + READY_SECONDS),
    )


def dry_run_in_host(
    request: DryRunRequest, agent: AgentProcess, limits: Limits, preloaded: Preloaded
) -> ProgramRun:
    """Run the setup program, then the candidate in ``agent``, with no evaluation."""
    world = fresh_world(request.world_now)
    with world.active():
        try:
            load_setup(request.setup_program, 0)()
        except Exception as exc:
            agent.used = True
            return ProgramRun(
                outcome=RunOutcome.not_run,
                exception_type=type(exc).__name__,
                exception_message=f"the setup program failed: {exc}",
            )
        server = CallServer(agent, limits, preloaded.functions, preloaded.codec)
        return server.run(request.candidate_program).run


def fork_world_host(task_fd: int, control: socket.socket, preloaded: Preloaded) -> int:
    """Fork a world host serving the socket ``task_fd``; returns its pid (in the zygote)."""
    pid = os.fork()
    if pid == 0:
        status = 1
        try:
            control.close()
            status = world_host_main(socket.socket(fileno=task_fd), preloaded)
        except BaseException:
            status = 1
        finally:
            os._exit(status)
    return pid


__all__ = ["HOST_MESSAGE_BYTES", "dry_run_in_host", "fork_world_host", "run_task_in_host"]
