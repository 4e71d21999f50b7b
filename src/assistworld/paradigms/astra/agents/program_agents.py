"""The astra agents whose assistant acts by programs: ``cck`` (a model writes them),
``program-oracle`` (each scenario's ``reference_program``) and ``replay`` of a file's programs.

Their programs run through the run's :class:`~.program_executor.ProgramExecutor`, started here for
the app families the suite's scenarios name (so the run's manifest records the sandbox's layers).
``program-oracle`` scores only the scenarios that have a reference program; the others are left
out of the run (not failed), and its settings count them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from assistworld.agents.model_requests import CallLog
from assistworld.core.suite import Suite
from assistworld.llm.spec import default_prompt_form
from assistworld.paradigms.astra.agents.assistants import GenerationSettings
from assistworld.paradigms.astra.agents.conversation import Assistant, ConversationBrief
from assistworld.paradigms.astra.agents.conversation_agent import (
    AssistantFor,
    ConversationAgent,
    NoConversation,
    UnknownAgentError,
)
from assistworld.paradigms.astra.agents.program_assistants import (
    FixedProgramAssistant,
    ProgramWritingAssistant,
)
from assistworld.paradigms.astra.agents.program_executor import ProgramExecutor
from assistworld.paradigms.astra.agents.program_prompts import (
    ProgramPrompts,
    UnknownPromptError,
    profile_is_compact,
)
from assistworld.paradigms.astra.agents.program_turns import ProgramRunner
from assistworld.paradigms.astra.agents.prompts import Prompts
from assistworld.paradigms.astra.agents.replay_file import Replays
from assistworld.paradigms.astra.agents.roles import ModelRoles, user_side
from assistworld.paradigms.astra.agents.users import ScriptedUser, User
from assistworld.paradigms.astra.tasks.scenario import Scenario
from assistworld.paradigms.astra.tasks.worlds import Families

DEFAULT_FAMILY = "personal"


def executor_for(name: str, executor: Any, suite: Suite | None) -> ProgramExecutor:
    """The run's executor, checked to be one that runs programs."""
    if not isinstance(executor, ProgramExecutor):
        raise UnknownAgentError(
            f"--agent {name} runs programs and needs the run's program executor (the sandbox, or "
            "in-process with --unsafe); build the agent through the runner, or pass one"
        )
    return executor


def _family_names(suite: Suite | None) -> list[str]:
    if suite is None:
        return [DEFAULT_FAMILY]
    return sorted({task.apps for task in suite.tasks if isinstance(task, Scenario)}) or [
        DEFAULT_FAMILY
    ]


class RunnersByFamily:
    """One :class:`ProgramRunner` per app family, the executor started for each family the
    suite's scenarios name."""

    def __init__(self, executor: ProgramExecutor, families: Families, suite: Suite | None) -> None:
        self.executor = executor
        self.families = families
        executor.start(families.get(name) for name in _family_names(suite))
        self._runners: dict[str, ProgramRunner] = {}

    def get(self, apps: str) -> ProgramRunner:
        runner = self._runners.get(apps)
        if runner is None:
            family = self.families.get(apps)
            self.executor.start([family])
            runner = self._runners[apps] = ProgramRunner(self.executor, family)
        return runner


def program_writer(
    roles: ModelRoles,
    prompts: Prompts,
    executor: ProgramExecutor,
    generation: GenerationSettings,
    max_user_turns: int,
    prompt: str | None,
    suite: Suite | None = None,
) -> ConversationAgent:
    """``--agent cck``: the model writes one program a turn (``prompt``: full or compact; by
    default compact for the bundled local model, as ASPERA's CCK agent does)."""
    try:
        compact = profile_is_compact(prompt or default_prompt_form(roles.assistant_spec))
    except UnknownPromptError as error:
        raise UnknownAgentError(str(error)) from None
    families = Families()
    runners = RunnersByFamily(executor, families, suite)
    program_prompts = ProgramPrompts()
    client = roles.assistant

    def assistant_for(brief: ConversationBrief) -> Assistant:
        return ProgramWritingAssistant(
            CallLog(client), program_prompts, runners.get(brief.apps), generation, compact=compact
        )

    described = {
        "model": roles.assistant_spec,
        "user_model": roles.user_spec,
        "generation": generation.describe(),
        "prompt_profile": "compact" if compact else "full",
        "prompt_sha256": {**prompts.template_hashes(), **program_prompts.template_hashes()},
        "unsafe": executor.unsafe,
    }
    agent = ConversationAgent(
        "cck",
        assistant_for,
        user_side(roles.user, prompts),
        described=described,
        max_user_turns=max_user_turns,
    )
    agent.families = families
    return agent


class ProgramOracleAgent(ConversationAgent):
    """Runs each scenario's reference program; scored on the scenarios that have one."""

    def __init__(self, *args: Any, scored: Sequence[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._scored = tuple(scored)

    def scored_task_ids(self) -> tuple[str, ...]:
        """The scenarios with a reference program (the runner scores only these)."""
        return self._scored

    def skipped_note(self) -> str | None:
        """What the run's summary says of the scenarios left out (None: none were)."""
        skipped = int(self._described.get("scenarios_without_program", 0))
        if not skipped:
            return None
        return (
            f"{skipped} scenario{'s' if skipped != 1 else ''} without a reference_program "
            "skipped (not scored; --all-tasks scores them as failed)"
        )


def _fixed_programs(
    name: str,
    programs: Mapping[str, Sequence[str]],
    missing: str,
    executor: ProgramExecutor,
    suite: Suite | None,
) -> tuple[AssistantFor, Families]:
    families = Families()
    runners = RunnersByFamily(executor, families, suite)

    def assistant_for(brief: ConversationBrief) -> Assistant:
        found = programs.get(brief.query_id)
        if found is None:
            raise NoConversation(f"{brief.query_id}: {missing}")
        return FixedProgramAssistant(found, runners.get(brief.apps), kind=name)

    return assistant_for, families


def _scripted(brief: ConversationBrief) -> User:
    return ScriptedUser(brief.user_script)


def program_oracle(suite: Suite | None, executor: Any, max_user_turns: int) -> ProgramOracleAgent:
    """``--agent program-oracle``: the reference programs of ``suite``'s scenarios."""
    if suite is None:
        raise UnknownAgentError("--agent program-oracle needs the suite whose programs it runs")
    programs = {
        task.query_id: [task.reference_program]
        for task in suite.tasks
        if isinstance(task, Scenario) and task.reference_program
    }
    if not programs:
        raise UnknownAgentError(
            f"suite {suite.name!r} has no scenario with a reference_program; add one (one "
            "function whose return value is the reply to the user) or use --agent oracle"
        )
    running = executor_for("program-oracle", executor, suite)
    assistant_for, families = _fixed_programs(
        "program-oracle", programs, "the scenario has no reference_program", running, suite
    )
    skipped = len(suite.tasks) - len(programs)
    agent = ProgramOracleAgent(
        "program-oracle",
        assistant_for,
        _scripted,
        described={"scenarios_without_program": skipped, "unsafe": running.unsafe},
        max_user_turns=max_user_turns,
        scored=list(programs),
    )
    agent.families = families
    return agent


def program_replay(
    replays: Replays,
    path: Path,
    executor: ProgramExecutor,
    max_user_turns: int,
    suite: Suite | None = None,
) -> ConversationAgent:
    """``--agent replay`` of a file of programs (one per scenario, or one per assistant turn)."""
    if replays.conversations:
        first = next(iter(replays.conversations))
        raise UnknownAgentError(
            f"--programs {path}: holds programs and conversations ({first} has messages); a "
            "replay file holds one or the other"
        )
    assistant_for, families = _fixed_programs(
        "replay", replays.programs, f"--programs {path} has no line for it", executor, suite
    )
    agent = ConversationAgent(
        "replay",
        assistant_for,
        _scripted,
        described={"programs": str(path), "kind": "programs", "unsafe": executor.unsafe},
        max_user_turns=max_user_turns,
    )
    agent.families = families
    return agent


__all__ = [
    "ProgramOracleAgent",
    "RunnersByFamily",
    "executor_for",
    "program_oracle",
    "program_replay",
    "program_writer",
]
