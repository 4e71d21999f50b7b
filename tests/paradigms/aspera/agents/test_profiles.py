"""Prompt profiles: the bundled local model gets the compact prompt and a python-block reply."""

from __future__ import annotations

import ast

import pytest

from assistworld.apps.workplace import library_modules
from assistworld.docs import render_library
from assistworld.llm import ClientSettings, ModelPool
from assistworld.llm.loopback import LoopbackServer
from assistworld.paradigms.aspera.agents.cck import CCKAgent
from assistworld.paradigms.aspera.agents.profiles import (
    COMPACT,
    FULL,
    PYTHON_BLOCK_GRAMMAR,
    PYTHON_BLOCK_OR_SUBMIT_GRAMMAR,
)
from assistworld.paradigms.aspera.agents.registry import UnknownAgentError, build_agent
from assistworld.paradigms.aspera.agents.selfdebug import SelfDebugAgent
from assistworld.paradigms.aspera.tasks.library import ASPERA_LIBRARY
from assistworld.sandbox import InProcessExecutor
from tests.paradigms.aspera.agents.helpers import chat_bodies, fenced, manager_task, solve_as_run

LOCAL = "local:qwen2.5-coder-1.5b"


def test_the_compact_library_text_is_python_and_half_the_full_one() -> None:
    full = render_library(library_modules())
    compact = render_library(library_modules(), compact=True)
    ast.parse(compact)
    assert len(compact) < 0.6 * len(full)
    for name in ("find_employee", "add_event", "find_available_slots", "RequiresUserInput"):
        assert name in compact
    assert compact.count("# module: ") == len(library_modules())


def test_the_local_model_gets_the_compact_prompt_by_default() -> None:
    pool = ModelPool(ClientSettings(use_cache=False))
    agent = build_agent("cck", model=LOCAL, models=pool)
    assert isinstance(agent, CCKAgent)
    settings = agent.settings()
    assert settings["prompt_profile"] == "compact"
    assert settings["docs_style"] == "signatures"
    assert settings["reply_grammar"] == "python-block"
    assert len(settings["example_task_ids"]) == COMPACT.examples
    assert agent.generation.grammar == PYTHON_BLOCK_GRAMMAR
    full = build_agent("cck", model=LOCAL, models=ModelPool(), prompt="full")
    assert isinstance(full, CCKAgent)
    assert full.settings()["prompt_profile"] == "full"
    assert len(agent.system_prompt) < 0.7 * len(full.system_prompt)
    assert len(full.settings()["example_task_ids"]) == FULL.examples


def test_a_trial_running_agent_may_still_hand_in_with_submit() -> None:
    agent = build_agent(
        "selfdebug",
        model=LOCAL,
        models=ModelPool(),
        executor=InProcessExecutor(library=ASPERA_LIBRARY),
    )
    assert isinstance(agent, SelfDebugAgent)
    assert agent.generation.grammar == PYTHON_BLOCK_GRAMMAR
    assert agent.after_trial.grammar == PYTHON_BLOCK_OR_SUBMIT_GRAMMAR
    assert agent.settings()["prompt_profile"] == "compact"


def test_an_unknown_prompt_profile_is_a_clear_error() -> None:
    with pytest.raises(UnknownAgentError, match="unknown --prompt 'tiny'; choose one of: full"):
        build_agent("cck", model=LOCAL, models=ModelPool(), prompt="tiny")


def test_remote_models_keep_the_full_prompt_and_are_sent_no_grammar() -> None:
    program = "def answer() -> str:\n    return 'Charm'\n"
    with LoopbackServer(reply=fenced(program)) as server:
        model = f"openai-compatible:loopback-model@{server.base_url}"
        pool = ModelPool(ClientSettings(use_cache=False))
        agent = build_agent("cck", model=model, models=pool, prompt="compact")
        output = solve_as_run(agent, manager_task())
        pool.close()
        bodies = chat_bodies(server)
    assert output.program == program
    assert "grammar" not in bodies[0]
    default = build_agent("cck", model=model, models=ModelPool())
    assert default.settings()["prompt_profile"] == "full"
