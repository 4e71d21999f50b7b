"""``build_run`` hands the suite's paradigm its typed run options: a non-default option changes
the agent that is built, and the manifest records the paradigm's recorded options."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from assistworld.llm.loopback import LoopbackServer
from assistworld.runner.build import RunRequest, build_run
from assistworld.runner.session import RunSetupError


@pytest.fixture(scope="module")
def model() -> Iterator[str]:
    with LoopbackServer("All done.", model="m") as server:
        yield f"openai-compatible:m@{server.base_url}"


def _built(suite: str, agent: str, model: str, **options: object) -> tuple[dict[str, Any], Any]:
    request = RunRequest(
        suite=suite,
        agent=agent,
        model=model,
        unsafe=True,
        agent_options=dict(options),
        given_options=frozenset(options),
    )
    with build_run(request) as prepared:
        return prepared.agent.settings(), prepared.settings.options


def test_aspera_options_reach_the_program_writer(model: str) -> None:
    plain, recorded = _built("workplace", "cck", model)
    hinted, hinted_recorded = _built(
        "workplace", "cck", model, return_type_hint=True, prompt="compact", temperature=0.3
    )
    assert (plain["return_type_hint"], hinted["return_type_hint"]) == (False, True)
    assert hinted["prompt_profile"] == "compact" and hinted["temperature"] == 0.3
    assert recorded == {"return_type_hint": False, "cache": True}
    assert hinted_recorded == {"return_type_hint": True, "cache": True}


def test_appbench_options_reach_the_planner(model: str) -> None:
    plain, _ = _built("travelplans", "flat", model)
    shown, recorded = _built("travelplans", "flat", model, shots=1, max_tokens=64)
    assert (plain["shots"], shown["shots"], shown["max_tokens"]) == (0, 1, 64)
    assert len(shown["example_ids"]) == 1
    assert recorded == {"cache": True}


def test_astra_options_reach_the_conversation_agent(model: str) -> None:
    plain, _ = _built("personal_demo", "tools", model)
    asked, _ = _built(
        "personal_demo", "tools", model, user_model="scripted", max_user_turns=3, max_steps=4
    )
    assert (plain["max_user_turns"], asked["max_user_turns"]) == (8, 3)
    assert (plain["generation"]["max_steps"], asked["generation"]["max_steps"]) == (10, 4)
    assert (plain["user_model"], asked["user_model"]) == (model, "scripted")


def test_a_bad_value_stops_the_run_before_it_starts(model: str, tmp_path: Path) -> None:
    request = RunRequest(
        suite="personal_demo", agent="tools", model=model, agent_options={"max_steps": 0},
        out=tmp_path / "run",
    )  # fmt: skip
    with pytest.raises(RunSetupError, match="--max-steps 0: Input should be greater"):
        build_run(request)
    assert not (tmp_path / "run").exists()
