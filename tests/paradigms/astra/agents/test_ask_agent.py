"""``--agent ask``: a baseline that only ever asks the user a clarifying question, never acting;
in a multi-turn scenario it keeps asking while the scenario's scripted user answers."""

from __future__ import annotations

import asyncio

from assistworld.agents.transcript import ConversationRecord
from assistworld.core.registry import get_paradigm, load_suite
from assistworld.paradigms.astra.agents.assistants import ASK_REPLY
from assistworld.paradigms.astra.agents.conversation import brief_of
from assistworld.paradigms.astra.agents.registry import AGENT_NAMES, build_agent
from assistworld.paradigms.astra.grading.results import grade
from assistworld.paradigms.astra.tasks.scenario import Scenario


def _scenario(query_id: str) -> Scenario:
    (found,) = [s for s in load_suite("personal_demo").tasks if s.query_id == query_id]
    assert isinstance(found, Scenario)
    return found


def test_the_ask_agent_asks_once_in_a_single_turn_scenario_and_fails_it() -> None:
    assert "ask" in AGENT_NAMES and "ask" in get_paradigm("astra").agent_names
    scenario = _scenario("st_04_push_dentist_back")
    output = asyncio.run(build_agent("ask").solve(brief_of(scenario)))
    record = ConversationRecord.model_validate(output.conversation)
    assert record.replies() == [ASK_REPLY] and record.events == []
    assert output.details["roles"] == {"assistant": "ask", "user": "scripted"}
    result = grade(scenario, output, "ask")
    assert not result.passed and result.outcome == "end_state_wrong"


def test_in_a_multi_turn_scenario_it_asks_again_after_each_scripted_answer() -> None:
    scenario = _scenario("mt_01_cancel_appointment")
    output = asyncio.run(build_agent("ask").solve(brief_of(scenario)))
    record = ConversationRecord.model_validate(output.conversation)
    users = [m["content"] for m in record.messages if m["role"] == "user"]
    assert users[1] == "The dentist one." and users[-1].endswith("[END goal_met]")
    assert record.replies() == [ASK_REPLY, ASK_REPLY] and record.events == []
