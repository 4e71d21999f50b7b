"""ASPERA behind the paradigm interface: what agents are handed, how runs are built."""

from __future__ import annotations

import asyncio
import dataclasses
from pathlib import Path

import pytest

from assistworld.core.paradigm import AgentRequest
from assistworld.core.registry import get_paradigm, load_suite
from assistworld.paradigms.aspera.agents.baselines import NullAgent
from assistworld.paradigms.aspera.agents.registry import UnknownAgentError
from assistworld.paradigms.aspera.agents.view import AgentTask
from assistworld.runner.build import RunRequest, build_run
from tests.runner._suite import write_suite


class _HintedAgent:
    name = "hinted"
    return_type_hint = True
    needs_trial_world = True


def test_an_agent_is_handed_the_request_and_never_the_reference_or_checks() -> None:
    paradigm = get_paradigm("aspera")
    task = load_suite("workplace").get("answer_002_who_heads_finance")
    view = paradigm.agent_view(task, NullAgent())
    assert isinstance(view, AgentTask)
    assert (view.query_id, view.query) == (task.query_id, task.query)
    fields = {field.name for field in dataclasses.fields(view)}
    assert not fields & {"program", "state_generation_programs", "evaluation_programs"}
    assert view.return_type is None and view.trial_world is None


def test_what_more_an_agent_may_know_is_given_only_when_it_asks() -> None:
    paradigm = get_paradigm("aspera")
    task = load_suite("workplace").get("answer_002_who_heads_finance")
    view = paradigm.agent_view(task, _HintedAgent())  # type: ignore[arg-type]
    assert view.return_type is not None
    assert view.trial_world is not None
    assert view.trial_world.setup_program == task.state_generation_programs[0]


def test_the_oracle_plays_the_suites_references(tmp_path: Path) -> None:
    write_suite(tmp_path / "s", 2)
    suite = load_suite(tmp_path / "s")
    paradigm = get_paradigm("aspera")
    oracle = paradigm.build_agent(AgentRequest(name="oracle", suite=suite))
    task = suite.tasks[0]
    output = asyncio.run(oracle.solve(paradigm.agent_view(task, oracle)))
    assert output.program == task.program
    with pytest.raises(UnknownAgentError, match="unknown agent 'nope'"):
        paradigm.build_agent(AgentRequest(name="nope", suite=suite))


def test_a_run_is_built_from_the_request_and_closes_what_it_opened(tmp_path: Path) -> None:
    write_suite(tmp_path / "s", 2)
    request = RunRequest(suite=str(tmp_path / "s"), agent="null", unsafe=True, out=tmp_path / "o")
    with build_run(request) as prepared:
        assert prepared.paradigm.name == "aspera"
        assert prepared.agent.name == "null"
        assert prepared.settings.out_dir == tmp_path / "o"
        assert prepared.executor.layers == ["unsafe-in-process"]
    with pytest.raises(UnknownAgentError, match="needs --model"):
        build_run(dataclasses.replace(request, agent="cck"))


def test_every_suite_acts_with_the_workplace_library() -> None:
    paradigm = get_paradigm("aspera")
    (toolset,) = paradigm.toolsets(load_suite("workplace"))
    assert len(toolset) == 44 and "add_event" in toolset
