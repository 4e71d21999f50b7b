"""One of our suites as an Inspect task: samples from its loader, our agent as the solver, the
paradigm's grader as the scorer."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from inspect_ai import Epochs, Task
from inspect_ai.dataset import MemoryDataset

from assistworld.core.suite import TaskSelectionError, select_tasks
from assistworld.inspect_tasks.samples import task_samples
from assistworld.inspect_tasks.scoring import epoch_records, grader_scorer
from assistworld.inspect_tasks.solving import agent_solver
from assistworld.inspect_tasks.suite_run import InspectTaskError, prepare

SANDBOX_SLOTS = 2
"""Sandbox workers, as many as ``assistworld run`` starts."""


def suite_task(
    suite: str | Path,
    *,
    agent: str | None = None,
    limit: int | None = None,
    seed: int = 0,
    tasks: str | None = None,
    unsafe: bool = False,
    timeout: float = 30.0,
    judge: bool = False,
    programs: str | None = None,
    options: dict[str, Any] | None = None,
) -> Task:
    """The Inspect task of ``suite`` (a bundled name or a path).

    ``limit``, ``seed`` and ``tasks`` (comma-separated ids) choose tasks as ``assistworld run
    --limit/--seed/--tasks`` do (a stratified sample for a limit without ids); Inspect's own
    ``--limit`` then takes the first samples of those. ``options`` are the agent's options
    (``run``'s flags, by their Python names); ``None`` values are left at our defaults.
    """
    run = prepare(
        suite,
        agent=agent,
        unsafe=unsafe,
        timeout=timeout,
        slots=SANDBOX_SLOTS,
        judge=judge,
        programs=Path(programs) if programs else None,
        options=options or {},
    )
    ids = [part.strip() for part in tasks.split(",") if part.strip()] if tasks else None
    try:
        chosen = select_tasks(run.suite, ids, limit, run.excluded, seed)
    except TaskSelectionError as error:
        raise InspectTaskError(str(error)) from None
    return Task(
        dataset=MemoryDataset(task_samples(chosen), name=run.suite.name),
        solver=agent_solver(run),
        scorer=grader_scorer(run),
        epochs=Epochs(1, epoch_records()),  # `--epochs K` keeps the count and this reducer
        name=run.suite.name,
        metadata={
            "suite": run.suite.name,
            "suite_path": run.suite.path,
            "suite_content_hash": run.suite.content_hash,
            "paradigm": run.paradigm.name,
            "agent": run.agent.settings(),
            "excluded_examples": sorted(run.excluded),
            "executor": {"unsafe": unsafe, "layers": list(run.executor.layers)},
        },
    )
