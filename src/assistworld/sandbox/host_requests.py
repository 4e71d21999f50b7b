"""What a world host does with one request: a task (every pair, the candidate in a fresh agent
child per pair), a dry run (setup, then the candidate; no evaluation) or a world run (the
candidate against a world sent whole, which is sent back after the run)."""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial
from typing import Any

from assistworld.sandbox.agent_process import AgentProcess, applied_layers
from assistworld.sandbox.agent_supply import AgentSupply
from assistworld.sandbox.call_server import CallServer
from assistworld.sandbox.models import (
    DryRunRequest,
    Limits,
    PairResult,
    ProgramRun,
    TaskExecution,
    TaskRequest,
    WorldRun,
    WorldRunRequest,
)
from assistworld.sandbox.outcomes import RunOutcome
from assistworld.sandbox.pair_runner import fresh_world, load_setup, run_pair
from assistworld.sandbox.preload import Preloaded
from assistworld.world import World, WorldState

READY_SECONDS = 30.0
MAX_PAIRS = 64
"""Most (setup, evaluation) pairs one task may have."""


Progress = Callable[[dict[str, Any]], None]


def serve_request(
    request: dict[str, Any],
    supply: AgentSupply,
    limits: Limits,
    preloaded: Preloaded,
    progress: Progress | None = None,
) -> tuple[dict[str, Any], bool]:
    """The reply to ``request``, and whether a library call was cut off at a deadline (then the
    world host should retire: the call may have left its memory half-changed). The children it
    took stay with ``supply`` until the caller releases them.

    ``progress`` gets the reports the orchestrator watches the run by, as they happen:
    ``candidate_started`` and ``candidate_ended`` around each candidate run (decoding its result
    included), ``pair_done`` with each pair's result."""
    kind = request.get("op")
    if kind == "task":
        task = TaskRequest.model_validate(request["request"])
        if len(task.setup_programs) > MAX_PAIRS:
            raise ValueError(f"a task may have at most {MAX_PAIRS} pairs")
        agents = supply.take(len(task.setup_programs))
        execution = run_task_in_host(task, agents, limits, preloaded, progress)
        reply = {"op": "task_result", "execution": execution.model_dump(mode="json")}
        return _with_layers(reply, agents), _interrupted(agents)
    if kind == "dry_run":
        dry = DryRunRequest.model_validate(request["request"])
        agents = supply.take(1)
        run = dry_run_in_host(dry, agents[0], limits, preloaded, progress)
        reply = {"op": "dry_run_result", "run": run.model_dump(mode="json")}
        return _with_layers(reply, agents), _interrupted(agents)
    if kind == "world_run":
        given = WorldRunRequest.model_validate(request["request"])
        agents = supply.take(1)
        done = world_run_in_host(given, agents[0], limits, preloaded, progress)
        reply = {"op": "world_run_result", "result": done.model_dump(mode="json")}
        return _with_layers(reply, agents), _interrupted(agents)
    raise ValueError(f"unknown request {str(kind)[:40]!r}")


def run_task_in_host(
    task: TaskRequest,
    agents: list[AgentProcess],
    limits: Limits,
    preloaded: Preloaded,
    progress: Progress | None = None,
) -> TaskExecution:
    """Every pair of ``task``, pair i's candidate in ``agents[i]``."""
    started = time.monotonic()
    pairs: list[PairResult] = []
    for index, (setup, evaluation) in enumerate(
        zip(task.setup_programs, task.evaluation_programs, strict=True)
    ):
        server = _call_server(agents[index], limits, preloaded, progress)
        pair = run_pair(
            index,
            setup,
            evaluation,
            task.query,
            task.world_now,
            partial(server.run, task.candidate_program),
            preloaded.library,
        )
        pairs.append(pair)
        if progress is not None:
            progress({"op": "pair_done", "result": pair.model_dump(mode="json")})
    return TaskExecution(
        query_id=task.query_id,
        passed=all(pair.passed for pair in pairs),
        pairs=pairs,
        seconds=time.monotonic() - started,
        layers=applied_layers(agents, time.monotonic() + READY_SECONDS),
    )


def dry_run_in_host(
    request: DryRunRequest,
    agent: AgentProcess,
    limits: Limits,
    preloaded: Preloaded,
    progress: Progress | None = None,
) -> ProgramRun:
    """Run the setup program, then the candidate in ``agent``, with no evaluation."""
    world = fresh_world(request.world_now)
    with world.active():
        try:
            load_setup(request.setup_program, 0, preloaded.library)()
        except Exception as exc:
            agent.used = True
            return ProgramRun(
                outcome=RunOutcome.not_run,
                exception_type=type(exc).__name__,
                exception_message=f"the setup program failed: {exc}",
            )
        return _call_server(agent, limits, preloaded, progress).run(request.candidate_program).run


def world_run_in_host(
    request: WorldRunRequest,
    agent: AgentProcess,
    limits: Limits,
    preloaded: Preloaded,
    progress: Progress | None = None,
) -> WorldRun:
    """Run the candidate in ``agent`` against the world the request holds; the run, and the
    world as it is afterwards."""
    try:
        world = World.from_state(WorldState.from_data(request.world))
    except ValueError as exc:
        agent.used = True
        return WorldRun(
            run=ProgramRun(
                outcome=RunOutcome.not_run,
                exception_type=type(exc).__name__,
                exception_message=f"the world could not be read: {exc}",
            )
        )
    with world.active():
        run = _call_server(agent, limits, preloaded, progress).run(request.candidate_program).run
    return WorldRun(run=run, world=world.to_data())


def _call_server(
    agent: AgentProcess, limits: Limits, preloaded: Preloaded, progress: Progress | None
) -> CallServer:
    return CallServer(
        agent,
        limits,
        preloaded.functions,
        preloaded.codec,
        preloaded.toolset,
        preloaded.handback,
        progress,
    )


def _with_layers(reply: dict[str, Any], agents: list[AgentProcess]) -> dict[str, Any]:
    reply["layers"] = applied_layers(agents, time.monotonic() + READY_SECONDS)
    return reply


def _interrupted(agents: list[AgentProcess]) -> bool:
    return any(agent.call_interrupted for agent in agents)


__all__ = [
    "MAX_PAIRS",
    "Progress",
    "dry_run_in_host",
    "run_task_in_host",
    "serve_request",
    "world_run_in_host",
]
