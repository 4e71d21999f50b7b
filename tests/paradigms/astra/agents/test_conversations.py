"""Conversations end to end on our own workplace world: the write rule, how users end them, the
recorded world after every message, replays and concurrent scenarios."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from assistworld.agents.base import AgentOutput
from assistworld.agents.transcript import ConversationRecord
from assistworld.core.suite import Suite
from assistworld.llm.chat import ChatRequest, ChatResponse
from assistworld.llm.pool import ModelPool
from assistworld.paradigms.astra.agents.conversation import brief_of
from assistworld.paradigms.astra.agents.conversation_agent import ConversationAgent
from assistworld.paradigms.astra.agents.registry import build_agent
from assistworld.paradigms.astra.agents.users import parse_end_signal
from assistworld.paradigms.astra.grading.results import grade
from assistworld.paradigms.astra.tasks.scenario import Scenario
from assistworld.world import WorldState
from tests.paradigms.astra.helpers import ScriptedModel, call, said, scenario, tool_results


def canceller(request: ChatRequest) -> ChatResponse:
    """Finds Priya, finds the meeting, deletes it, then says so (decided from the results)."""
    results = tool_results(request)
    if request.messages[0].content and "simulated" in request.messages[0].content:
        raise AssertionError("the assistant was sent the user's prompt")
    if not results:
        return said(calls=[call(1, "find_employee", {"name": "Priya"})])
    if len(results) == 1:
        return said(calls=[call(2, "find_events", {})])
    if len(results) == 2:
        (event,) = [e for e in results[1]["result"] if e["subject"] == "1:1 Priya"]
        return said(calls=[call(3, "delete_event", {"event": event})])
    return said("Done: I cancelled your 1:1 with Priya tomorrow at 10:00.")


def tools_agent(model: Any, user: Any = None, **options: Any) -> ConversationAgent:
    """The tools agent on test models: ``model`` (and ``user``) put in a pool under names."""
    pool = ModelPool()
    pool._models["openai-compatible:agent@http://127.0.0.1:9/v1"] = model
    if user is not None:
        pool._models["openai-compatible:user@http://127.0.0.1:9/v1"] = user
    return build_agent(
        "tools",
        model="openai-compatible:agent@http://127.0.0.1:9/v1",
        user_model=options.pop("user_model", None)
        or ("openai-compatible:user@http://127.0.0.1:9/v1" if user is not None else None),
        models=pool,
        **options,
    )


def run(agent: ConversationAgent, task: Scenario) -> AgentOutput:
    return asyncio.run(agent.solve(brief_of(task)))


def record_of(output: AgentOutput) -> ConversationRecord:
    return ConversationRecord.model_validate(output.conversation)


def test_a_tool_calling_agent_solves_a_scenario_and_every_message_has_its_world() -> None:
    task = scenario()
    output = run(tools_agent(ScriptedModel(canceller)), task)
    result = grade(task, output, "tools")
    assert result.passed and result.outcome == "passed" and result.score == 1.0
    record = record_of(output)
    roles = [m["role"] for m in record.messages]
    assert roles == ["system", "user", *["assistant", "tool"] * 3, "assistant"]
    assert "at most one write tool" in record.messages[0]["content"]
    assert "Do not ask for clarification" in record.messages[0]["content"]
    # the world after each message: the meeting is there until the delete's result is in
    delete_result = 7
    assert len(record.world_versions) == len(record.messages)
    assert "ev1" in record.world_after(delete_result - 1).user_calendar
    assert "ev1" not in record.world_after(delete_result).user_calendar
    assert record.world_after(-1) == record.final_world()
    assert "ev1" in record.initial_world().user_calendar
    assert [e.tool for e in record.events] == ["find_employee", "find_events", "delete_event"]
    assert output.details["end_reason"] == "answered"


def test_a_response_with_two_writes_is_ignored_and_the_model_told() -> None:
    def greedy(request: ChatRequest) -> ChatResponse:
        results = tool_results(request)
        if not results:
            return said(calls=[call(1, "find_events", {})])
        if len(results) == 1:
            first, second = results[0]["result"]
            return said(
                calls=[
                    call(2, "get_current_user", {}),
                    call(3, "delete_event", {"event": first}),
                    call(4, "delete_event", {"event": second}),
                ]
            )
        if len(results) == 4:
            return said(calls=[call(5, "delete_event", {"event": results[0]["result"][0]})])
        return said("I deleted one meeting.")

    output = run(tools_agent(ScriptedModel(greedy)), scenario())
    record = record_of(output)
    refused = [json.loads(m["content"]) for m in record.messages[5:8]]
    assert all(r["error"]["type"] == "write_policy" for r in refused)
    assert "at most one write tool" in refused[1]["error"]["message"]
    # nothing of the refused response ran (not even its read); the later single write did
    assert record.world_versions[7] == record.world_versions[2]
    assert record.final_world().user_calendar.keys() == {"ev2"}
    assert [e.error.type if e.error else None for e in record.events][1:4] == ["write_policy"] * 3


MULTI = {
    "mode": "multi_turn",
    "query": "Cancel my meeting tomorrow.",
    "user_goal": "Cancel the 1:1 with Priya on Friday.",
    "knowledge_boundary": ["The meeting to cancel is the one with Priya."],
}


def asker(request: ChatRequest) -> ChatResponse:
    """Asks which meeting, then cancels the one the user names."""
    users = [m.content or "" for m in request.messages if m.role == "user"]
    if len(users) == 1:
        return said("You have two meetings tomorrow: which one?")
    return canceller(request)


@pytest.mark.parametrize(
    ("script", "reason", "user_turns"),
    [
        ([{"say": "The one with Priya."}, {"end": "goal_met"}], "goal_met", 2),
        ([{"say": "The one with Priya."}, {"say": "Never mind.", "end": "gave_up"}], "gave_up", 3),
        ([{"say": "The one with Priya.", "end": "out_of_scope"}], "out_of_scope", 2),
        ([{"say": "The one with Priya."}], "script_ended", 2),
    ],
)
def test_a_scripted_user_ends_the_conversation_with_its_reason(
    script: list[dict[str, Any]], reason: str, user_turns: int
) -> None:
    task = scenario(**MULTI, user_script=script)
    output = run(tools_agent(ScriptedModel(asker), user_model="scripted"), task)
    assert output.details["end_reason"] == reason
    assert output.details["user_turns"] == user_turns
    assert output.details["roles"] == {"assistant": "tools", "user": "scripted"}


def test_the_conversation_stops_at_the_turn_limit() -> None:
    task = scenario(**MULTI, user_script=["Hm?", "Which?", "What?", "Sorry?"])
    always_asks = ScriptedModel(lambda request: said("Which meeting do you mean?"))
    output = run(tools_agent(always_asks, user_model="scripted", max_user_turns=3), task)
    assert output.details["end_reason"] == "turn_limit"
    assert output.details["user_turns"] == 3
    result = grade(task, output, "tools")
    assert not result.passed and result.outcome == "end_state_wrong"


def test_a_simulated_user_plays_the_goal_and_ends_with_its_signal() -> None:
    prompts: list[str] = []

    def user(request: ChatRequest) -> ChatResponse:
        prompts.append(request.messages[0].content or "")
        assert request.messages[1].role == "user"  # the assistant's words, from the user's side
        assert all(m.role != "tool" and not m.tool_calls for m in request.messages)
        if len(request.messages) == 2:
            return said("The one with Priya, please.")
        return said("Thanks!\n[END goal_met]")

    user_model = ScriptedModel(user)
    output = run(tools_agent(ScriptedModel(asker), user_model), scenario(**MULTI))
    assert output.details["end_reason"] == "goal_met" and user_model.calls == 2
    assert "Cancel the 1:1 with Priya on Friday." in prompts[0]
    assert "The meeting to cancel is the one with Priya." in prompts[0]
    assert record_of(output).messages[-1] == {"role": "user", "content": "Thanks! [END goal_met]"}
    assert set(output.details["usage_by_role"]) == {"assistant", "user"}


def test_end_signals_are_read_in_their_forms() -> None:
    assert parse_end_signal("ok [END gave_up]").end == "gave_up"
    assert parse_end_signal("[end: out_of_scope]").text is None
    assert parse_end_signal("[END]").end == "goal_met"
    assert parse_end_signal("Friday, please").end is None


def test_a_replayed_conversation_reproduces_the_same_world(tmp_path: Path) -> None:
    task = scenario(**MULTI, user_script=[{"say": "The one with Priya."}, {"end": "goal_met"}])
    original = record_of(run(tools_agent(ScriptedModel(asker), user_model="scripted"), task))
    # the recorded results are tampered with: replay must run the calls, not read them
    messages = [
        {**m, "content": '{"result": "forged"}'} if m["role"] == "tool" else m
        for m in original.messages
    ]
    programs = tmp_path / "replay.jsonl"
    programs.write_text(json.dumps({"query_id": task.query_id, "messages": messages}) + "\n")
    replayed_output = run(build_agent("replay", programs=programs), task)
    replayed = record_of(replayed_output)
    assert replayed.final_world() == original.final_world()
    assert replayed.final_world() != original.initial_world()
    assert [e.result for e in replayed.events] == [e.result for e in original.events]
    assert replayed_output.details["end_reason"] == "goal_met"
    assert grade(task, replayed_output, "replay").passed


def test_two_scenarios_run_concurrently_never_see_each_other_s_world() -> None:
    def deleter(subject: str) -> Any:
        def rule(request: ChatRequest) -> ChatResponse:
            results = tool_results(request)
            if not results:
                return said(calls=[call(1, "find_events", {"subject": subject})])
            if len(results) == 1:
                return said(calls=[call(2, "delete_event", {"event": results[0]["result"][0]})])
            if len(results) == 2:
                return said(calls=[call(3, "find_events", {})])
            left = sorted(e["subject"] for e in results[2]["result"])
            return said("Left: " + ", ".join(left))

        return rule

    async def both() -> list[AgentOutput]:
        first = tools_agent(ScriptedModel(deleter("1:1 Priya"), delay_s=0.01))
        second = tools_agent(ScriptedModel(deleter("Design review"), delay_s=0.013))
        a = scenario(query_id="a")
        b = scenario(query_id="b")
        return list(await asyncio.gather(first.solve(brief_of(a)), second.solve(brief_of(b))))

    first, second = asyncio.run(both())
    assert first.completion == "Left: Design review"
    assert second.completion == "Left: 1:1 Priya"
    assert record_of(first).final_world().user_calendar.keys() == {"ev2"}
    assert record_of(second).final_world().user_calendar.keys() == {"ev1"}


def test_the_oracle_passes_and_the_null_agent_fails(tmp_path: Path) -> None:
    task = scenario()
    reference = record_of(run(tools_agent(ScriptedModel(canceller)), task)).messages[1:]
    with_reference = scenario(reference=reference)

    suite = Suite(
        name="one",
        path=".",
        paradigm="astra",
        format="test",
        tasks=[with_reference],
        content_hash="-",
    )
    oracle = build_agent("oracle", suite=suite)
    assert grade(with_reference, run(oracle, with_reference), "oracle").passed
    null = grade(task, run(build_agent("null"), task), "null")
    assert not null.passed and null.outcome == "end_state_wrong" and null.score == 0.0


def test_the_world_history_reads_back_after_a_json_round_trip() -> None:
    output = run(tools_agent(ScriptedModel(canceller)), scenario())
    text = json.dumps(output.conversation)
    record = ConversationRecord.model_validate_json(text)
    assert isinstance(record.world_after(3), WorldState)
    assert len(record.worlds.patches) == 1  # one write, one patch; the first state in full
    assert record.final_world() == record_of(output).final_world()


def test_the_record_gives_the_world_after_every_message_for_the_scorer() -> None:
    record = record_of(run(tools_agent(ScriptedModel(canceller)), scenario()))
    states = record.states()
    assert len(states) == len(record.messages)
    assert states[0] is states[6]  # unchanged until the delete, built once
    assert "ev1" in states[6].user_calendar and "ev1" not in states[7].user_calendar


def stuck_user(request: ChatRequest) -> ChatResponse:
    """A simulated user that answers as the assistant and then says it again and again."""
    return said("You can use the find_events function to see your meetings.")


def test_a_stuck_user_runs_to_the_limit_and_is_flagged() -> None:
    always_asks = ScriptedModel(lambda request: said("Which meeting do you mean?"))
    task = scenario(**MULTI)
    output = run(tools_agent(always_asks, ScriptedModel(stuck_user), max_user_turns=4), task)
    assert output.details["end_reason"] == "turn_limit" and output.details["user_turns"] == 4
    checks = grade(task, output, "tools").details.user_checks
    assert checks is not None and checks.kinds == ["as_assistant", "repeated"]
    assert [flag.message for flag in checks.flags if flag.kind == "repeated"] == [5, 7]


def test_end_on_repeat_ends_the_conversation_at_the_first_verbatim_repeat() -> None:
    always_asks = ScriptedModel(lambda request: said("Which meeting do you mean?"))
    agent = tools_agent(always_asks, ScriptedModel(stuck_user), end_on_repeat=True)
    assert agent.settings()["end_on_repeat"] is True
    output = run(agent, scenario(**MULTI))
    assert output.details["end_reason"] == "user_repeated"
    assert output.details["user_turns"] == 3  # the query, the message, its repeat
    assert record_of(output).messages[-1]["role"] == "user"


def test_end_on_repeat_lets_a_short_answer_be_said_twice() -> None:
    user_model = ScriptedModel(lambda request: said("Yes."))
    always_asks = ScriptedModel(lambda request: said("Is it the one with Priya?"))
    agent = tools_agent(always_asks, user_model, end_on_repeat=True, max_user_turns=4)
    output = run(agent, scenario(**MULTI))
    assert output.details["end_reason"] == "turn_limit"


def test_a_scripted_user_is_not_checked() -> None:
    task = scenario(**MULTI, user_script=[{"say": "The one with Priya."}, {"end": "goal_met"}])
    output = run(tools_agent(ScriptedModel(asker), user_model="scripted"), task)
    result = grade(task, output, "tools")
    assert result.passed and result.details.user_checks is None
    assert tools_agent(ScriptedModel(asker)).settings()["end_on_repeat"] is False
