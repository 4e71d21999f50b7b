"""The Inspect tasks assistworld registers (Inspect's ``inspect_ai`` entry point loads this
module): one per bundled suite, and ``suite`` for any suite by path.

    inspect eval assistworld/workplace --model anthropic/claude-sonnet-4-5 -T agent=ps
    inspect eval assistworld/personal_demo --model openai/gpt-4o --model-role user=openai/gpt-4o
    inspect eval assistworld/suite -T suite=path/to/tasks --model mockllm/model -T agent=oracle

Every task takes the same ``-T`` options, ``assistworld run``'s flags by their Python names;
an option the suite's paradigm does not read is refused, naming the suites that read it.
"""

from __future__ import annotations

from typing import Any

from inspect_ai import Task, task

from assistworld.inspect_tasks.suite_task import suite_task


def _options(**given: Any) -> dict[str, Any]:
    return given


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
    temperature: float | None = None,
    max_tokens: int | None = None,
    shots: int | None = None,
    dry_runs: int | None = None,
    return_type_hint: bool | None = None,
    guidelines: str | None = None,
    prompt: str | None = None,
    user_model: str | None = None,
    max_steps: int | None = None,
    max_user_turns: int | None = None,
    end_on_repeat: bool | None = None,
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
        options=_options(
            temperature=temperature,
            max_tokens=max_tokens,
            shots=shots,
            dry_runs=dry_runs,
            return_type_hint=return_type_hint,
            guidelines=guidelines,
            prompt=prompt,
            user_model=user_model,
            max_steps=max_steps,
            max_user_turns=max_user_turns,
            end_on_repeat=end_on_repeat,
        ),
    )


@task
def workplace(
    agent: str = "cck",
    limit: int | None = None,
    seed: int = 0,
    tasks: str | None = None,
    unsafe: bool = False,
    timeout: float = 30.0,
    temperature: float | None = None,
    max_tokens: int | None = None,
    dry_runs: int | None = None,
    return_type_hint: bool | None = None,
    guidelines: str | None = None,
    prompt: str | None = None,
) -> Task:
    """The 224 workplace program tasks (ASPERA): ``-T agent=cck|ps|selfdebug|oracle|null``."""
    return suite_task(
        "workplace",
        agent=agent,
        limit=limit,
        seed=seed,
        tasks=tasks,
        unsafe=unsafe,
        timeout=timeout,
        options=_options(
            temperature=temperature,
            max_tokens=max_tokens,
            dry_runs=dry_runs,
            return_type_hint=return_type_hint,
            guidelines=guidelines,
            prompt=prompt,
        ),
    )


@task
def travelplans(
    agent: str = "hierarchical",
    limit: int | None = None,
    seed: int = 0,
    tasks: str | None = None,
    temperature: float | None = None,
    max_tokens: int | None = None,
    shots: int | None = None,
) -> Task:
    """The 840 planning tasks (AppBench), scored paper, corrected and executed:
    ``-T agent=hierarchical|flat|tools|oracle|null``."""
    return suite_task(
        "travelplans",
        agent=agent,
        limit=limit,
        seed=seed,
        tasks=tasks,
        options=_options(temperature=temperature, max_tokens=max_tokens, shots=shots),
    )


def _conversations(
    suite: str,
    agent: str,
    limit: int | None,
    seed: int,
    tasks: str | None,
    judge: bool,
    unsafe: bool,
    options: dict[str, Any],
) -> Task:
    return suite_task(
        suite,
        agent=agent,
        limit=limit,
        seed=seed,
        tasks=tasks,
        judge=judge,
        unsafe=unsafe,
        options=options,
    )


@task
def personal_demo(
    agent: str = "tools",
    limit: int | None = None,
    seed: int = 0,
    tasks: str | None = None,
    judge: bool = False,
    unsafe: bool = False,
    temperature: float | None = None,
    max_tokens: int | None = None,
    prompt: str | None = None,
    user_model: str | None = None,
    max_steps: int | None = None,
    max_user_turns: int | None = None,
    end_on_repeat: bool | None = None,
) -> Task:
    """A dozen hand-written personal-context conversations (ASTRA): ``-T agent=tools|cck|...``;
    the simulated user on Inspect's ``user`` role (``--model-role user=...``)."""
    return _conversations(
        "personal_demo",
        agent,
        limit,
        seed,
        tasks,
        judge,
        unsafe,
        _options(
            temperature=temperature,
            max_tokens=max_tokens,
            prompt=prompt,
            user_model=user_model,
            max_steps=max_steps,
            max_user_turns=max_user_turns,
            end_on_repeat=end_on_repeat,
        ),
    )


@task
def lifelines(
    agent: str = "tools",
    limit: int | None = None,
    seed: int = 0,
    tasks: str | None = None,
    judge: bool = False,
    unsafe: bool = False,
    temperature: float | None = None,
    max_tokens: int | None = None,
    prompt: str | None = None,
    user_model: str | None = None,
    max_steps: int | None = None,
    max_user_turns: int | None = None,
    end_on_repeat: bool | None = None,
) -> Task:
    """The generated storyline scenarios (ASTRA), in four languages: as ``personal_demo``."""
    return _conversations(
        "lifelines",
        agent,
        limit,
        seed,
        tasks,
        judge,
        unsafe,
        _options(
            temperature=temperature,
            max_tokens=max_tokens,
            prompt=prompt,
            user_model=user_model,
            max_steps=max_steps,
            max_user_turns=max_user_turns,
            end_on_repeat=end_on_repeat,
        ),
    )
