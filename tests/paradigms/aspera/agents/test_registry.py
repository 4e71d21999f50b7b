"""Building agents by name, with the options the command line passes."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from assistworld.core.registry import load_suite
from assistworld.llm import ClientSettings, ModelPool
from assistworld.llm.loopback import LoopbackServer
from assistworld.paradigms.aspera.agents.baselines import NullAgent, OracleAgent
from assistworld.paradigms.aspera.agents.cck import CCKAgent
from assistworld.paradigms.aspera.agents.names import AGENT_NAMES
from assistworld.paradigms.aspera.agents.ps import PSAgent
from assistworld.paradigms.aspera.agents.registry import UnknownAgentError, build_agent
from assistworld.paradigms.aspera.agents.selfdebug import SelfDebugAgent
from assistworld.paradigms.aspera.tasks.library import ASPERA_LIBRARY
from assistworld.sandbox import InProcessExecutor
from tests.paradigms.aspera.agents.helpers import fenced, manager_task, solve_as_run

PROGRAM = "def answer() -> str:\n    return 'Charm'\n"


def test_the_model_free_agents_are_unchanged() -> None:
    suite = load_suite("workplace")
    assert isinstance(build_agent("oracle", suite=suite), OracleAgent)
    with pytest.raises(UnknownAgentError, match="needs the suite"):
        build_agent("oracle")
    assert isinstance(build_agent("null"), NullAgent)
    assert AGENT_NAMES == ("oracle", "null", "replay", "cck", "ps", "selfdebug", "external")


@pytest.mark.parametrize("name", ["cck", "ps", "selfdebug"])
def test_a_missing_model_is_a_clear_error(name: str) -> None:
    with pytest.raises(UnknownAgentError, match=f"--agent {name} needs --model MODEL; use one of"):
        build_agent(name)


@pytest.mark.parametrize(
    ("model", "message"),
    [
        ("gpt-4o", "has no provider prefix"),
        ("azure:gpt-4o", "unknown provider 'azure'"),
        ("openai-compatible:qwen", "needs a server address"),
    ],
)
def test_a_bad_model_string_is_explained(model: str, message: str) -> None:
    with pytest.raises(UnknownAgentError, match=message):
        build_agent("cck", model=model)


def test_selfdebug_needs_an_executor_and_at_least_one_dry_run() -> None:
    models = ModelPool(ClientSettings(use_cache=False))
    model = "openai-compatible:m@http://127.0.0.1:9/v1"
    with pytest.raises(UnknownAgentError, match="needs an executor for its trial runs"):
        build_agent("selfdebug", model=model, models=models)
    with pytest.raises(UnknownAgentError, match="--dry-runs must be at least 1, got 0"):
        build_agent(
            "selfdebug",
            model=model,
            models=models,
            executor=InProcessExecutor(library=ASPERA_LIBRARY),
            dry_runs=0,
        )


def test_a_bad_guidelines_file_is_a_user_error(tmp_path: Path) -> None:
    path = tmp_path / "rules.toml"
    path.write_text("generation = 1\n")
    with pytest.raises(UnknownAgentError, match="must be a list of non-empty strings"):
        build_agent("cck", model="openai-compatible:m@http://127.0.0.1:9/v1", guidelines=path)


def test_built_agents_solve_through_the_pool(tmp_path: Path) -> None:
    path = tmp_path / "rules.toml"
    path.write_text('generation = ["Be brief."]\n')
    with LoopbackServer(reply=fenced(PROGRAM)) as server:
        models = ModelPool(ClientSettings(use_cache=False))
        model = f"openai-compatible:loopback-model@{server.base_url}"
        cck = build_agent("cck", model=model, models=models, guidelines=path, return_type_hint=True)
        ps = build_agent("ps", model=model, models=models)
        debug = build_agent(
            "selfdebug",
            model=model,
            models=models,
            executor=InProcessExecutor(library=ASPERA_LIBRARY),
            dry_runs=2,
        )
        assert isinstance(cck, CCKAgent) and isinstance(ps, PSAgent)
        assert isinstance(debug, SelfDebugAgent)
        assert cck.model is ps.model is debug.model  # one client per model string
        output = solve_as_run(cck, manager_task())
        asyncio.run(models.aclose())
    assert output.program == PROGRAM
    settings = cck.settings()
    assert settings["model"] == model
    assert settings["return_type_hint"] is True
    assert settings["guidelines"]["source"] == str(path)
    assert debug.settings()["max_dry_runs"] == 2
