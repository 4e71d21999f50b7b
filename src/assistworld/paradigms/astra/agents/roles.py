"""The two roles of an astra agent on a model: the assistant's client and the simulated user's
(or the scenario's fixed replies), each from the run's model pool."""

from __future__ import annotations

from dataclasses import dataclass

from assistworld.agents.model_requests import CallLog
from assistworld.llm import ChatModel, ModelConfigError, ModelPool, ModelSource, parse_model_spec
from assistworld.paradigms.astra.agents.conversation import ConversationBrief
from assistworld.paradigms.astra.agents.conversation_agent import UnknownAgentError, UserFor
from assistworld.paradigms.astra.agents.prompts import Prompts
from assistworld.paradigms.astra.agents.users import ScriptedUser, SimulatedUser, User

SCRIPTED_USER = "scripted"
"""``--user-model scripted``: the scenario's fixed user replies instead of a model."""


@dataclass(frozen=True)
class ModelRoles:
    """The model clients of a model agent: the assistant's, and the user's (None: scripted)."""

    assistant: ChatModel
    user: ChatModel | None
    assistant_spec: str
    user_spec: str


def model_roles(
    name: str, model: str | None, user_model: str | None, models: ModelSource | None
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
    except ModelConfigError as error:
        raise UnknownAgentError(str(error)) from None
    return ModelRoles(agent_client, user_client(user_spec, pool), model, user_spec)


def user_client(user_spec: str | None, models: ModelSource | None) -> ChatModel | None:
    """The simulated user's client for ``user_spec`` from the run's pool; None where the user
    is scripted (no model string, or ``--user-model scripted``)."""
    if not user_spec or user_spec == SCRIPTED_USER:
        return None
    try:
        return (models or ModelPool()).get(user_spec)
    except ModelConfigError as error:
        raise UnknownAgentError(str(error)) from None


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


__all__ = ["SCRIPTED_USER", "ModelRoles", "model_roles", "user_client", "user_side"]
