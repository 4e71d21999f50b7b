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

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from assistworld.agents.base import AgentOutput
from assistworld.agents.model_requests import CallLog
from assistworld.core.errors import UserError
from assistworld.core.suite import Suite
from assistworld.llm import ChatModel, ModelConfigError, ModelPool, parse_model_spec
from assistworld.llm.usage import UsageTotals
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
    run_conversation,
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
from assistworld.paradigms.astra.agents.users import ScriptedUser, SimulatedUser, User
from assistworld.paradigms.astra.tasks.worlds import Families

SCRIPTED_USER = "scripted"
"""``--user-model scripted``: the scenario's fixed user replies instead of a model."""


class UnknownAgentError(UserError, ValueError):
    """The requested agent does not exist or lacks an option it needs."""


class NoConversation(Exception):
    """This agent has no conversation to offer for a scenario (a replay file without it)."""


AssistantFor = Callable[[ConversationBrief], Assistant]
UserFor = Callable[[ConversationBrief], User]


class ConversationAgent:
    """Runs one conversation per scenario (see the module's documentation)."""

    def __init__(
        self,
        name: str,
        assistant_for: AssistantFor,
        user_for: UserFor,
        *,
        described: Mapping[str, Any],
        max_user_turns: int = DEFAULT_MAX_USER_TURNS,
        families: Families | None = None,
        end_on_repeat: bool = False,
    ) -> None:
        self.name = name
        self._assistant_for = assistant_for
        self._user_for = user_for
        self._described = dict(described)
        self.max_user_turns = max_user_turns
        self.end_on_repeat = end_on_repeat
        """End a conversation when the user repeats a long message verbatim (recorded)."""
        self.families = families or Families()
        """Shared with whoever builds many agents (an audit): a family's tool schemas are slow
        to make."""

    def settings(self) -> dict[str, Any]:
        return {
            "name": self.name,
            **self._described,
            "max_user_turns": self.max_user_turns,
            "end_on_repeat": self.end_on_repeat,
        }

    async def solve(self, task: Any) -> AgentOutput:
        brief: ConversationBrief = task
        try:
            assistant = self._assistant_for(brief)
            user = self._user_for(brief)
        except NoConversation as missing:
            return AgentOutput(error=str(missing), details={"failure": "missing"})
        outcome = await run_conversation(
            brief,
            self.families.get(brief.apps),
            assistant,
            user,
            max_user_turns=self.max_user_turns,
            end_on_repeat=self.end_on_repeat,
        )
        by_role = {"assistant": assistant.usage(), "user": user.usage()}
        replies = outcome.record.replies()
        records = getattr(assistant, "records", None)
        programs = {"programs": records()} if callable(records) else {}
        return AgentOutput(
            conversation=outcome.record.model_dump(mode="json"),
            completion=replies[-1] if replies else None,
            usage=_merged(by_role),
            usage_by_role={
                role: usage
                for role, usage in (("agent", by_role["assistant"]), ("user", by_role["user"]))
                if usage
            },
            error=outcome.error,
            details={
                "end_reason": outcome.end_reason,
                "user_turns": outcome.user_turns,
                "assistant_turns": outcome.assistant_turns,
                "roles": {"assistant": assistant.kind, "user": user.kind},
                "usage_by_role": {k: v for k, v in by_role.items() if v is not None},
                **programs,
            },
        )


def _merged(by_role: Mapping[str, dict[str, Any] | None]) -> dict[str, Any]:
    used = [usage for usage in by_role.values() if usage is not None]
    if not used:
        return {}
    totals = UsageTotals()
    for usage in used:
        totals.merge(UsageTotals.from_json(usage))
    report = totals.to_json()
    report["cached"] = all(bool(usage.get("cached")) for usage in used)
    return report


@dataclass(frozen=True)
class ModelRoles:
    """The model clients of a model agent: the assistant's, and the user's (None: scripted)."""

    assistant: ChatModel
    user: ChatModel | None
    assistant_spec: str
    user_spec: str


def model_roles(
    name: str, model: str | None, user_model: str | None, models: ModelPool | None
) -> ModelRoles:
    """The clients of agent ``name``'s two roles, from the run's pool (a clear error for a
    missing or malformed model string)."""
    if not model:
        raise UnknownAgentError(
            f"--agent {name} needs --model (e.g. local:qwen2.5-coder-1.5b or openai:gpt-4o)"
        )
    user_spec = user_model or model
    try:
        parse_model_spec(model)
        if user_spec != SCRIPTED_USER:
            parse_model_spec(user_spec)
    except ModelConfigError as error:
        raise UnknownAgentError(str(error)) from None
    pool = models or ModelPool()
    try:
        agent_client = pool.get(model)
        user_client = None if user_spec == SCRIPTED_USER else pool.get(user_spec)
    except ModelConfigError as error:
        raise UnknownAgentError(str(error)) from None
    return ModelRoles(agent_client, user_client, model, user_spec)


def _tools_agent(
    model: str | None,
    user_model: str | None,
    models: ModelPool | None,
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


def user_side(user_client: ChatModel | None, prompts: Prompts) -> UserFor:
    """The user of a model agent's conversations: simulated on ``user_client`` in multi-turn
    scenarios, the scenario's fixed replies otherwise (or with ``--user-model scripted``)."""

    def user_for(brief: ConversationBrief) -> User:
        if user_client is None or brief.mode == "single_turn":
            return ScriptedUser(brief.user_script)
        prompt = prompts.user(
            protagonist=brief.protagonist,
            now=brief.now,
            goal=brief.user_goal or "",
            first_query=brief.query,
            facts=brief.knowledge_boundary,
        )
        return SimulatedUser(CallLog(user_client), prompt)

    return user_for


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
    models: ModelPool | None = None,
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
    models: ModelPool | None,
    programs: Path | None,
    suite: Suite | None,
    generation: GenerationSettings | None,
    max_user_turns: int,
    executor: ProgramExecutor | None,
    prompt: str | None,
) -> ConversationAgent:
    from assistworld.paradigms.astra.agents import program_agents

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


__all__ = [
    "AGENT_NAMES",
    "MODEL_AGENT_NAMES",
    "SCRIPTED_USER",
    "ConversationAgent",
    "ModelRoles",
    "NoConversation",
    "UnknownAgentError",
    "build_agent",
    "model_roles",
    "user_side",
]
