"""The Inspect tasks assistworld registers (Inspect's ``inspect_ai`` entry point loads this
module): one per bundled suite, and ``suite`` for any suite by path.

    inspect eval assistworld/workplace --model anthropic/claude-sonnet-4-5 -T agent=ps
    inspect eval assistworld/personal_demo --model openai/gpt-4o --model-role user=openai/gpt-4o
    inspect eval assistworld/suite -T suite=path/to/tasks --model mockllm/model -T agent=oracle

Besides the choice of agent and tasks, every task takes ``assistworld run``'s options by their
Python names (``-T max_user_turns=4``): whatever the suite's paradigm declares in its run options
(``assistworld run --help`` lists them per paradigm), validated by the same model; an option the
paradigm does not read is refused, naming the suites that read it. They are passed on as they
come, so a new run option needs no change here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from inspect_ai import Task, task

from assistworld.inspect_tasks.suite_task import suite_task


@task(name="suite")
def any_suite(
    suite: str,
    agent: str | None = None,
    limit: int | None = None,
    seed: int = 0,
    tasks: str | None = None,
    unsafe: bool = False,
    timeout: float = 30.0,
    judge: bool = False,
    programs: str | None = None,
    **options: Any,
) -> Task:
    """A suite by bundled name or path (``-T suite=PATH``), with ``-T agent=NAME`` (default:
    cck for programs, hierarchical for plans, tools for conversations) and ``run``'s options.
    ``-T user_model=scripted`` replays a scenario's own user replies instead of simulating the
    user on Inspect's ``user`` role; ``-T judge=true`` has Inspect's ``judge`` role grade each
    conversation too; ``-T unsafe=true`` runs programs unsandboxed, as ``run --unsafe``."""
    return suite_task(
        suite,
        agent=agent,
        limit=limit,
        seed=seed,
        tasks=tasks,
        unsafe=unsafe,
        timeout=timeout,
        judge=judge,
        programs=programs,
        options=options,
    )


def _bundled(name: str, agent: str, doc: str) -> Callable[..., Task]:
    """The Inspect task of bundled suite ``name`` (its default agent ``agent``): ``any_suite``
    with the suite fixed, registered under the suite's name."""

    def bundled(
        agent: str = agent,
        limit: int | None = None,
        seed: int = 0,
        tasks: str | None = None,
        unsafe: bool = False,
        timeout: float = 30.0,
        judge: bool = False,
        **options: Any,
    ) -> Task:
        return suite_task(
            name,
            agent=agent,
            limit=limit,
            seed=seed,
            tasks=tasks,
            unsafe=unsafe,
            timeout=timeout,
            judge=judge,
            options=options,
        )

    bundled.__name__ = bundled.__qualname__ = name
    bundled.__doc__ = doc
    return task(name=name)(bundled)


workplace = _bundled(
    "workplace",
    "cck",
    "The 224 workplace program tasks (ASPERA): ``-T agent=cck|ps|selfdebug|oracle|null``.",
)
travelplans = _bundled(
    "travelplans",
    "hierarchical",
    "The 840 planning tasks (AppBench), scored paper, corrected and executed: "
    "``-T agent=hierarchical|flat|tools|oracle|null``.",
)
personal_demo = _bundled(
    "personal_demo",
    "tools",
    "A dozen hand-written personal-context conversations (ASTRA): ``-T agent=tools|cck|...``; "
    "the simulated user on Inspect's ``user`` role (``--model-role user=...``).",
)
lifelines = _bundled(
    "lifelines",
    "tools",
    "The generated storyline scenarios (ASTRA), in four languages: as ``personal_demo``.",
)
