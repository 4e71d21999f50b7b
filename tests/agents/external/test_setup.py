"""Setting the external agent up: each mistake is one clear line before the run starts."""

from __future__ import annotations

import importlib.util
import sys

import pytest

from assistworld.agents.external.setup import (
    ExternalAgentError,
    parse_command,
    require_mcp,
)
from assistworld.core.paradigm import AgentRequest
from assistworld.core.registry import get_paradigm, load_suite


def test_without_the_sdk_it_says_which_pip_command_installs_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "mcp" else real(name, *a)
    )
    with pytest.raises(ExternalAgentError, match=r"pip install 'assistworld\[mcp\]'"):
        require_mcp()


def test_the_command_must_be_given_and_runnable() -> None:
    with pytest.raises(ExternalAgentError, match="needs --command"):
        parse_command(None)
    with pytest.raises(ExternalAgentError, match="cannot be split"):
        parse_command("python 'unclosed")
    with pytest.raises(ExternalAgentError, match="not a program that can be run"):
        parse_command("/no/such/agent --flag")
    assert parse_command(f"{sys.executable} agent.py --model 'my model'") == [
        sys.executable,
        "agent.py",
        "--model",
        "my model",
    ]


@pytest.mark.parametrize("paradigm", ["aspera", "appbench", "astra"])
def test_every_paradigm_has_the_external_agent(paradigm: str) -> None:
    pytest.importorskip("mcp")
    found = get_paradigm(paradigm)
    assert "external" in found.agent_names
    agent = found.build_agent(AgentRequest(name="external", command=sys.executable, time_limit=5))
    assert agent.name == "external"
    assert agent.settings()["command"] == [sys.executable]
    assert agent.settings()["time_limit_s"] == 5


def test_the_suite_it_runs_on_is_hidden_from_the_agent() -> None:
    """A user's suite may sit anywhere (beside the agent's own files, say): the agent's process
    is told to hide it, as the bundled suites always are."""
    pytest.importorskip("mcp")
    suite = load_suite("personal_demo")
    agent = get_paradigm("astra").build_agent(
        AgentRequest(name="external", command=sys.executable, suite=suite)
    )
    assert agent.hidden == (suite.path,)
