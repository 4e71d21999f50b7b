"""What the external agent hands its process, and what a process's end decides."""

from __future__ import annotations

import pytest

pytest.importorskip("mcp")

from assistworld.agents.external.agent import agent_environment, ended_outcome
from assistworld.agents.external.process import AgentProcessEnd


def test_the_process_sees_its_url_the_model_settings_and_nothing_else_of_ours() -> None:
    ours = {
        "PATH": "/usr/bin",
        "HOME": "/home/me",
        "OPENAI_API_KEY": "the agent's own key",
        "OPENAI_BASE_URL": "http://127.0.0.1:1/v1",
        "ASSISTWORLD_API_KEY": "the harness's key",
        "AWS_SECRET_ACCESS_KEY": "no",
    }
    env = agent_environment("http://127.0.0.1:5/abc/mcp", ours)
    assert env == {
        "PATH": "/usr/bin",
        "HOME": "/home/me",
        "OPENAI_API_KEY": "the agent's own key",
        "OPENAI_BASE_URL": "http://127.0.0.1:1/v1",
        "ASSISTWORLD_MCP_URL": "http://127.0.0.1:5/abc/mcp",
    }


def _end(kind: str, status: int | None = 0) -> AgentProcessEnd:
    return AgentProcessEnd(kind=kind, exit_status=status, stderr_tail="", seconds=1.0)  # type: ignore[arg-type]


def test_a_timeout_or_a_crash_before_finish_decides_the_outcome() -> None:
    assert ended_outcome(_end("timeout", -9), finished=False) == "timeout"
    assert ended_outcome(_end("timeout", -9), finished=True) == "timeout"
    assert ended_outcome(_end("crashed", 1), finished=False) == "agent_crashed"
    assert ended_outcome(_end("crashed", 1), finished=True) is None
    assert ended_outcome(_end("exited"), finished=False) is None
    assert ended_outcome(_end("stopped", -15), finished=True) is None
