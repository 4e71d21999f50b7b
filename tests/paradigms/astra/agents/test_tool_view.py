"""The tools agent shows compact tool definitions to the bundled local model (and to any model
when asked with --prompt compact), full ones otherwise, and records which in the manifest."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from assistworld.core.paradigm import AgentRequest
from assistworld.core.registry import get_paradigm, load_suite
from assistworld.llm.loopback import LoopbackServer
from assistworld.llm.pool import ClientSettings, ModelPool
from assistworld.paradigms.astra.agents.options import AstraRunOptions
from assistworld.paradigms.astra.agents.registry import UnknownAgentError
from assistworld.runner.session import RunSettings, execute_run
from tests.paradigms.astra.test_runs import loopback_rule, write_suite


def _agent_settings(tmp_path: Path, model: str, prompt: str | None = None) -> dict:  # type: ignore[type-arg]
    tmp_path.mkdir(exist_ok=True)
    suite = load_suite(write_suite(tmp_path / "suite"))
    pool = ModelPool(ClientSettings(cache_dir=tmp_path / "cache"))
    try:
        options = AstraRunOptions(prompt=prompt)
        agent = get_paradigm("astra").build_agent(
            AgentRequest(name="tools", model=model, models=pool, suite=suite, options=options)
        )
        return agent.settings()
    finally:
        pool.close()


def test_the_local_model_gets_compact_tools_by_default_and_others_full(tmp_path: Path) -> None:
    local = _agent_settings(tmp_path / "a", "local:qwen2.5-coder-1.5b")
    remote = _agent_settings(tmp_path / "b", "openai-compatible:m@http://127.0.0.1:9/v1")
    assert local["generation"]["tool_view"] == "compact"
    assert remote["generation"]["tool_view"] == "full"
    asked = _agent_settings(tmp_path / "c", "local:qwen2.5-coder-1.5b", prompt="full")
    assert asked["generation"]["tool_view"] == "full"


def test_an_unknown_view_is_refused_with_the_choices(tmp_path: Path) -> None:
    with pytest.raises(UnknownAgentError, match="full, compact"):
        _agent_settings(tmp_path, "openai-compatible:m@http://127.0.0.1:9/v1", prompt="tiny")


def test_a_compact_run_sends_compact_definitions_and_still_passes(tmp_path: Path) -> None:
    suite = load_suite(write_suite(tmp_path / "suite"))
    with LoopbackServer(reply=loopback_rule) as server:
        spec = f"openai-compatible:loopback-model@{server.base_url}"
        pool = ModelPool(ClientSettings(cache_dir=tmp_path / "cache"))
        try:
            agent = get_paradigm("astra").build_agent(
                AgentRequest(
                    name="tools",
                    model=spec,
                    models=pool,
                    suite=suite,
                    options=AstraRunOptions(prompt="compact"),
                )
            )
            report = execute_run(suite, agent, RunSettings(out_dir=tmp_path / "run"))
        finally:
            pool.close()
        sent = [r.body for r in server.requests if r.body and "tools" in r.body]
    assert sent and all(r.passed for r in report.results)
    for body in sent:
        for tool in body["tools"]:
            for argument in tool["function"]["parameters"]["properties"].values():
                assert "title" not in argument
    manifest = json.loads((tmp_path / "run" / "manifest.json").read_text())
    assert manifest["agent"]["generation"]["tool_view"] == "compact"
