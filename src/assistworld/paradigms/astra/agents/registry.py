"""The agents of the ``astra`` paradigm, as the runner sees them: each plays whole conversations.

An agent here pairs an assistant side (``tools``: a model calling tools; ``cck``: a model
writing one program a turn, run in the sandbox; ``oracle``: the scenario's reference
conversation; ``program-oracle``: the scenario's reference program; ``replay``: conversations or
programs from a file; ``null``: answers without acting; ``ask``: only ever asks the user a
clarifying question, a baseline) with a user side (a simulated user on its own model, or fixed
replies: the scenario's own for ``ask``), runs the conversation on a fresh world and hands the
recorded conversation to the grader. Each role's model string and usage is recorded apart.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from assistworld.agents.model_requests import CallLog
from assistworld.core.suite import Suite
from assistworld.llm import ModelSource
from assistworld.paradigms.astra.agents import program_agents
from assistworld.paradigms.astra.agents.assistants import (
    AskingAssistant,
    GenerationSettings,
    NullAssistant,
    ReplayAssistant,
    ToolAgentAssistant,
)
from assistworld.paradigms.astra.agents.conversation import (
    DEFAULT_MAX_USER_TURNS,
    Assistant,
    ConversationBrief,
)
from assistworld.paradigms.astra.agents.conversation_agent import (
    ConversationAgent,
    NoConversation,
    UnknownAgentError,
)
from assistworld.paradigms.astra.agents.names import AGENT_NAMES, MODEL_AGENT_NAMES
from assistworld.paradigms.astra.agents.program_executor import ProgramExecutor
from assistworld.paradigms.astra.agents.prompts import Prompts
from assistworld.paradigms.astra.agents.replay_file import (
    LINE_FORMS,
    parse_messages,
    read_replays,
    user_script,
)
from assistworld.paradigms.astra.agents.roles import model_roles, user_side
from assistworld.paradigms.astra.agents.users import ScriptedUser, User


def _tools_agent(
    model: str | None,
    user_model: str | None,
    models: ModelSource | None,
    generation: GenerationSettings,
    max_user_turns: int,
) -> ConversationAgent:
    roles = model_roles("tools", model, user_model, models)
    prompts = Prompts()
    agent_client, user_client, user_spec = roles.assistant, roles.user, roles.user_spec

    def assistant_for(brief: ConversationBrief) -> Assistant:
        return ToolAgentAssistant(CallLog(agent_client), prompts, generation)

    described = {
        "model": model,
        "user_model": user_spec,
        "generation": generation.describe(),
        "prompt_sha256": prompts.template_hashes(),
    }
    return ConversationAgent(
        "tools",
        assistant_for,
        user_side(user_client, prompts),
        described=described,
        max_user_turns=max_user_turns,
    )


def _oracle(suite: Suite | None, max_user_turns: int) -> ConversationAgent:
    if suite is None:
        raise UnknownAgentError("--agent oracle needs the suite whose references it plays")
    references = {
        task.query_id: parse_messages(task.reference, f"{task.source}: reference")
        for task in suite.tasks
        if task.reference
    }
    return _replaying("oracle", references, "the scenario has no reference", max_user_turns, {})


def _replaying(
    name: str,
    conversations: Mapping[str, Any],
    missing: str,
    max_user_turns: int,
    described: Mapping[str, Any],
) -> ConversationAgent:
    def assistant_for(brief: ConversationBrief) -> Assistant:
        messages = conversations.get(brief.query_id)
        if messages is None:
            raise NoConversation(f"{brief.query_id}: {missing}")
        return ReplayAssistant(messages)

    def user_for(brief: ConversationBrief) -> User:
        return ScriptedUser(user_script(conversations.get(brief.query_id, [])))

    return ConversationAgent(
        name, assistant_for, user_for, described=described, max_user_turns=max_user_turns
    )


def build_agent(
    name: str,
    *,
    model: str | None = None,
    user_model: str | None = None,
    models: ModelSource | None = None,
    programs: Path | None = None,
    suite: Suite | None = None,
    generation: GenerationSettings | None = None,
    max_user_turns: int = DEFAULT_MAX_USER_TURNS,
    executor: ProgramExecutor | None = None,
    prompt: str | None = None,
    end_on_repeat: bool = False,
) -> ConversationAgent:
    """The agent called ``name`` (one of :data:`AGENT_NAMES`). The agents that run programs
    (``cck``, ``program-oracle``, ``replay`` of programs) need ``executor``, the run's.
    ``end_on_repeat``: end a conversation when the user repeats a long message verbatim."""
    agent = _agent(
        name,
        model=model,
        user_model=user_model,
        models=models,
        programs=programs,
        suite=suite,
        generation=generation,
        max_user_turns=max_user_turns,
        executor=executor,
        prompt=prompt,
    )
    agent.end_on_repeat = end_on_repeat
    return agent


def _agent(
    name: str,
    *,
    model: str | None,
    user_model: str | None,
    models: ModelSource | None,
    programs: Path | None,
    suite: Suite | None,
    generation: GenerationSettings | None,
    max_user_turns: int,
    executor: ProgramExecutor | None,
    prompt: str | None,
) -> ConversationAgent:
    if name == "tools":
        return _tools_agent(
            model, user_model, models, generation or GenerationSettings(), max_user_turns
        )
    if name == "cck":
        roles = model_roles(name, model, user_model, models)
        return program_agents.program_writer(
            roles,
            Prompts(),
            program_agents.executor_for(name, executor, suite),
            generation or GenerationSettings(),
            max_user_turns,
            prompt,
            suite,
        )
    if name == "oracle":
        return _oracle(suite, max_user_turns)
    if name == "program-oracle":
        return program_agents.program_oracle(suite, executor, max_user_turns)
    if name == "replay":
        if programs is None:
            raise UnknownAgentError(
                f"--agent replay needs --programs FILE: one line per scenario, {LINE_FORMS}"
            )
        replays = read_replays(programs)
        if replays.programs:
            running = program_agents.executor_for(name, executor, suite)
            return program_agents.program_replay(replays, programs, running, max_user_turns, suite)
        conversations = replays.conversations
        return _replaying(
            "replay",
            conversations,
            f"--programs {programs} has no line for it",
            max_user_turns,
            {"programs": str(programs)},
        )
    if name == "null":
        return ConversationAgent(
            "null",
            lambda brief: NullAssistant(),
            _scripted_none,
            described={},
            max_user_turns=max_user_turns,
        )
    if name == "ask":
        return ConversationAgent(
            "ask",
            lambda brief: AskingAssistant(),
            _scripted,
            described={},
            max_user_turns=max_user_turns,
        )
    raise UnknownAgentError(f"unknown agent {name!r}; choose one of: {', '.join(AGENT_NAMES)}")


def _scripted_none(brief: ConversationBrief) -> User:
    return ScriptedUser(())


def _scripted(brief: ConversationBrief) -> User:
    """The scenario's own fixed user replies (none for a single-turn scenario)."""
    return ScriptedUser(brief.user_script)


__all__ = ["AGENT_NAMES", "MODEL_AGENT_NAMES", "UnknownAgentError", "build_agent"]
