"""The solver of our Inspect tasks: the paradigm's agent, solving what it may see of the task.

The agent's output is kept in the sample's store (plain JSON) for the scorer, and its answer
(the program, the plan, or the conversation's last reply) becomes the sample's output, which
Inspect's viewer shows.
"""

from __future__ import annotations

from typing import Any

from inspect_ai.model import ModelOutput
from inspect_ai.solver import Generate, Solver, TaskState, solver

from assistworld.agents.base import AgentOutput
from assistworld.core.sampling import solving_sample
from assistworld.inspect_tasks.suite_run import SuiteRun
from assistworld.runner.batch import solve_or_fail

OUTPUT_KEY = "assistworld_output"
"""Where the agent's output waits in the sample's store for the scorer."""


def answer_of(output: AgentOutput) -> str:
    """The agent's answer as text: what it wrote, or what went wrong."""
    for answer in (output.program, output.plan, output.completion):
        if answer:
            return answer
    return output.error or ""


def agent_solver(run: SuiteRun) -> Solver:
    """Solve each sample with ``run``'s agent (the epoch is our sample index)."""

    @solver(name="assistworld_agent")
    def assistworld_agent() -> Solver:
        async def solve(state: TaskState, generate: Generate) -> TaskState:
            task = run.task(state.sample_id)
            with solving_sample(max(0, state.epoch - 1)):
                output = await solve_or_fail(run.agent, run.paradigm.agent_view(task, run.agent))
            state.store.set(OUTPUT_KEY, output.model_dump(mode="json"))
            state.output = ModelOutput.from_content(
                model=str(state.model), content=answer_of(output)
            )
            state.completed = True
            return state

        return solve

    return assistworld_agent()


def stored_output(stored: Any) -> AgentOutput:
    """The agent's output the solver stored; an error output when there is none (the solver
    was replaced, or it failed before it stored anything)."""
    if stored is None:
        return AgentOutput(error="no agent output: the sample was not solved by our agent")
    return AgentOutput.model_validate(stored)
