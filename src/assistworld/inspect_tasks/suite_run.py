"""One suite made ready for an Inspect eval: loaded once, its agent built on Inspect's models,
its executor started, through the paradigm's own interface (nothing here knows a paradigm)."""

from __future__ import annotations

import atexit
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from assistworld.agents.base import Agent
from assistworld.core.paradigm import AgentRequest, Grader, Paradigm, RunJudge
from assistworld.core.registry import get_paradigm, load_suite
from assistworld.core.suite import Suite
from assistworld.inspect_tasks.models import EVAL_ROLE, InspectModels, role_model
from assistworld.runner.run_options import RunOptionError, check_run_options, paradigm_options
from assistworld.runner.session import RunSettings, RunSetupError, excluded_by, make_executor

DEFAULT_AGENTS = {"aspera": "cck", "appbench": "hierarchical", "astra": "tools"}
"""The agent a suite's Inspect task runs when ``-T agent`` is not given: its paradigm's first
model agent (the one the papers report)."""

USER_ROLE = "user"
JUDGE_ROLE = "judge"
SCRIPTED_USER = "scripted"


class InspectTaskError(ValueError):
    """An Inspect task of ours that cannot be made as asked; the message says what to change."""


@dataclass
class SuiteRun:
    """What the solver and the scorer of one Inspect task share."""

    suite: Suite
    paradigm: Paradigm
    agent: Agent
    executor: Any
    grade: Grader
    judge: RunJudge | None = None
    tasks: dict[str, Any] = field(default_factory=dict)
    excluded: frozenset[str] = frozenset()

    def task(self, sample_id: str | int) -> Any:
        """Our task behind an Inspect sample (its id is our task id)."""
        try:
            return self.tasks[str(sample_id)]
        except KeyError:
            raise InspectTaskError(f"suite {self.suite.name!r} has no task {sample_id!r}") from None


def agent_options(given: dict[str, Any], paradigm: Paradigm, agent: str) -> dict[str, Any]:
    """The options our agents read, with the user's model bound to Inspect's ``user`` role
    (unless ``user_model=scripted``) for the paradigms whose agents take a user model."""
    options = {name: value for name, value in given.items() if value is not None}
    if "user_model" in paradigm.run_options.model_fields and agent in paradigm.model_agent_names:
        user = options.get("user_model")
        options["user_model"] = SCRIPTED_USER if user == SCRIPTED_USER else role_model(USER_ROLE)
    return options


def prepare(
    suite: str | Path,
    *,
    agent: str | None,
    unsafe: bool,
    timeout: float,
    slots: int,
    judge: bool,
    programs: Path | None,
    options: dict[str, Any],
) -> SuiteRun:
    """Load ``suite``, check the agent and options against its paradigm, start its executor
    (the sandbox unless ``unsafe``: refused without root exactly as ``assistworld run`` refuses)
    and build the agent on Inspect's models."""
    loaded = load_suite(suite)
    paradigm = get_paradigm(loaded.paradigm)
    name = agent or DEFAULT_AGENTS.get(paradigm.name) or paradigm.agent_names[0]
    given = {option for option, value in options.items() if value is not None}
    try:
        check_run_options(paradigm, loaded.name, name, given)
    except RunOptionError as error:
        raise InspectTaskError(
            f"{error} (given to an Inspect task as -T agent=NAME and -T option_name=VALUE)"
        ) from None
    if judge and not paradigm.has_judge:
        raise InspectTaskError(
            f"judge: suite {loaded.name!r} is a {paradigm.name} suite, which has no judge; "
            "the judge grades conversations (astra suites, such as personal_demo)"
        )
    settings = RunSettings(out_dir=Path("."), slots=slots, unsafe=unsafe, timeout=timeout)
    executor = make_executor(settings, paradigm)
    atexit.register(executor.close)
    models = InspectModels()
    try:
        built = paradigm.build_agent(
            AgentRequest(
                name=name,
                model=role_model(EVAL_ROLE),
                programs=programs,
                options=paradigm_options(paradigm, agent_options(options, paradigm, name)),
                models=models,
                executor=executor,
                suite=loaded,
            )
        )
    except ValueError as error:
        raise InspectTaskError(str(error)) from None
    run_judge = paradigm.judge(role_model(JUDGE_ROLE), models) if judge else None
    excluded = excluded_by(built)
    return SuiteRun(
        suite=loaded,
        paradigm=paradigm,
        agent=built,
        executor=executor,
        grade=paradigm.grader(executor),
        judge=run_judge,
        tasks={task.query_id: task for task in loaded.tasks if task.query_id not in excluded},
        excluded=excluded,
    )


__all__ = [
    "DEFAULT_AGENTS",
    "InspectTaskError",
    "RunSetupError",
    "SuiteRun",
    "agent_options",
    "prepare",
]
