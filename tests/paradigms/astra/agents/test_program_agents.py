"""The program-writing assistant in conversations (``--agent cck`` on an astra suite), against the
loopback model server: its program's calls reach the transcript and score as a tool-calling
agent's do, a failing program's error reaches the model's next turn, a hand-back asks the user,
and a run is cached like any model agent's. Programs run in-process here (``--unsafe``); the
sandboxed path is ``test_program_sandbox``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from assistworld.core.paradigm import AgentRequest
from assistworld.core.registry import get_paradigm
from assistworld.llm.loopback import LoopbackServer, Reply
from assistworld.llm.pool import ClientSettings, ModelPool
from assistworld.paradigms.astra.agents.program_executor import ProgramExecutor
from assistworld.paradigms.astra.agents.registry import UnknownAgentError, build_agent
from assistworld.runner.session import RunSettings, execute_run

from .program_helpers import (
    demo_scenario,
    demo_suite,
    fenced,
    play,
    program_writer,
    requests_sent,
)

TEXT_TUNDE = '''
def tell_tunde():
    """Text Tunde, by name, as the reference conversation does."""
    search_messages(person="Tunde")
    send_message(recipients=["Tunde Okafor"], text="Yes, I'll be at Mum's on Sunday!")
    return "I've texted Tunde that you'll be at Mum's on Sunday."
'''

PITCH_THEN_FAIL = """
def which_pitch():
    found = search_whatsapp_messages(query="pitch")
    raise ValueError(f"no pitch in {len(found)} messages")
"""

PITCH = """
def which_pitch():
    import re
    found = search_whatsapp_messages(query="pitch")
    number = re.search(r"Pitch (\\d+)", found[0].text).group(1)
    return f"You're on pitch {number} this week."
"""

ASK_WHICH = """
def ask_which():
    found = search_calendar_events(period="next_week")
    titles = " or ".join(event.title for event in found)
    raise RequiresUserInput(f"Which one should I cancel: {titles}?")
"""

CANCEL_DENTIST = """
def cancel_dentist():
    (dentist,) = search_calendar_events(query="dentist", period="next_week")
    remove_calendar_event(event_id=dentist.event_id)
    return "Your dentist appointment on Tuesday is cancelled."
"""


def _last_user_text(body: dict[str, Any]) -> str:
    return str([m for m in body["messages"] if m["role"] == "user"][-1]["content"])


def test_a_programs_calls_are_in_the_transcript_and_score_as_the_tool_agents(
    tmp_path: Path,
) -> None:
    suite = demo_suite()
    scenario = demo_scenario(suite, "st_01_tell_tunde_sunday")
    with program_writer(lambda body: Reply(text=fenced(TEXT_TUNDE)), tmp_path, suite) as (
        agent,
        _,
    ):
        by_program = play(agent, scenario)
    by_reference = play(build_agent("oracle", suite=suite), scenario)

    assert by_program.passed and by_program.score == 1.0
    program_record = by_program.details.conversation
    reference_record = by_reference.details.conversation
    assert program_record is not None and reference_record is not None
    assert [(e.tool, e.arguments, e.result, e.effect) for e in program_record.events] == [
        (e.tool, e.arguments, e.result, e.effect) for e in reference_record.events
    ]
    assert by_program.subscores == by_reference.subscores
    assert program_record.final_world() == reference_record.final_world()
    # one assistant message per call, each answered by its tool message, then the reply
    roles = [m["role"] for m in program_record.messages]
    assert roles == ["user", "assistant", "tool", "assistant", "tool", "assistant"]
    assert program_record.world_versions[2] == 0 and program_record.world_versions[4] == 1
    assert program_record.replies() == ["I've texted Tunde that you'll be at Mum's on Sunday."]
    (run,) = by_program.details.programs
    assert run["outcome"] == "completed" and run["tool_calls"] == 2
    assert "def tell_tunde" in run["program"] and not run["world_replaced"]


def test_the_model_sees_the_library_and_the_query_but_not_the_program_as_a_reply(
    tmp_path: Path,
) -> None:
    suite = demo_suite()
    scenario = demo_scenario(suite, "st_01_tell_tunde_sunday")
    with program_writer(lambda body: Reply(text=fenced(TEXT_TUNDE)), tmp_path, suite) as (
        agent,
        server,
    ):
        result = play(agent, scenario)
        (sent,) = requests_sent(server)
    system, user = sent
    assert "def send_message(" in system["content"] and "RequiresUserInput" in system["content"]
    assert "Friday 14 March 2025, 08:05" in system["content"]
    assert user == {"role": "user", "content": scenario.query}
    record = result.details.conversation
    assert record is not None
    assert not any("def tell_tunde" in reply for reply in record.replies())


def test_a_failing_programs_error_reaches_the_models_next_turn(tmp_path: Path) -> None:
    suite = demo_suite()
    scenario = demo_scenario(suite, "st_05_which_pitch")

    def rule(body: dict[str, Any]) -> Reply:
        fixed = "did not give the user a reply" in _last_user_text(body)
        return Reply(text=fenced(PITCH if fixed else PITCH_THEN_FAIL))

    with program_writer(rule, tmp_path, suite) as (agent, server):
        result = play(agent, scenario)
        _, second = requests_sent(server)
    feedback = second[-1]["content"]
    assert "ValueError: no pitch in 1 messages" in feedback
    assert "Traceback" in feedback and "line 3, in which_pitch" in feedback
    assert 'search_whatsapp_messages(query="pitch") returned' in feedback
    assert second[-2]["role"] == "assistant" and "def which_pitch" in second[-2]["content"]
    assert result.passed, result.details.checks
    assert [r["outcome"] for r in result.details.programs] == ["agent_exception", "completed"]
    record = result.details.conversation
    assert record is not None
    assert [e.tool for e in record.events] == ["search_whatsapp_messages"] * 2


def test_a_reply_without_a_runnable_program_is_explained(tmp_path: Path) -> None:
    suite = demo_suite()
    scenario = demo_scenario(suite, "st_05_which_pitch")
    two = "def a():\n    return 1\n\ndef b():\n    return 2\n"

    def rule(body: dict[str, Any]) -> Reply:
        asked = len([m for m in body["messages"] if m["role"] == "user"])
        return Reply(text=["I think it is pitch 3.", fenced(two), fenced(PITCH)][asked - 1])

    with program_writer(rule, tmp_path, suite) as (agent, server):
        result = play(agent, scenario)
        _, second, third = requests_sent(server)
    assert "the reply holds no Python program" in second[-1]["content"]
    assert "2 top-level functions (a, b)" in third[-1]["content"]
    assert result.passed
    assert result.details.programs[0]["outcome"] == "not_run"


def test_a_turn_of_failing_programs_is_cut_off_at_the_step_limit(tmp_path: Path) -> None:
    suite = demo_suite()
    scenario = demo_scenario(suite, "st_05_which_pitch")
    with program_writer(
        lambda body: Reply(text=fenced(PITCH_THEN_FAIL)), tmp_path, suite, max_steps=2
    ) as (agent, server):
        result = play(agent, scenario)
        sent = requests_sent(server)
    assert len(sent) == 2
    assert "this is your last attempt" in sent[1][-1]["content"]
    assert result.outcome == "step_limit" and not result.passed
    assert result.details.end_reason == "step_limit"


def test_a_program_hands_control_back_and_the_next_program_acts_on_the_answer(
    tmp_path: Path,
) -> None:
    suite = demo_suite()
    scenario = demo_scenario(suite, "mt_01_cancel_appointment")

    def rule(body: dict[str, Any]) -> Reply:
        answered = "The user replied: The dentist one." in _last_user_text(body)
        return Reply(text=fenced(CANCEL_DENTIST if answered else ASK_WHICH))

    with program_writer(rule, tmp_path, suite) as (agent, server):
        result = play(agent, scenario)
        _, second = requests_sent(server)
    assert result.passed, (result.outcome, result.details.checks)
    assert result.details.end_reason == "goal_met"
    report = second[-1]["content"]
    assert "It asked the user: Which one should I cancel: Design review with Omar or Dentist?" in (
        report
    )
    assert 'search_calendar_events(period="next_week") returned' in report
    record = result.details.conversation
    assert record is not None
    assert record.replies()[0].startswith("Which one should I cancel")
    assert [r["handed_back"] for r in result.details.programs] == [True, False]


def test_calls_past_what_a_run_record_keeps_leave_the_sandboxs_world(tmp_path: Path) -> None:
    suite = demo_suite()
    scenario = demo_scenario(suite, "st_07_save_new_neighbour")
    busy = (
        "def save_rosa():\n"
        "    for _ in range(100):\n"
        "        search_contacts(query='Rosa')\n"
        "    add_contact(name='Rosa Mendes', phone='07700 900555', relationship='neighbour')\n"
        "    return 'Rosa Mendes is saved.'\n"
    )
    with program_writer(lambda body: Reply(text=fenced(busy)), tmp_path, suite) as (agent, _):
        result = play(agent, scenario)
    (run,) = result.details.programs
    assert run["omitted_calls"] == 1 and run["world_replaced"]
    assert result.details.checks[0].passed  # the contact the record did not keep is there


def test_a_cck_run_is_recorded_and_a_repeat_is_served_from_the_cache(tmp_path: Path) -> None:
    suite = demo_suite()
    paradigm = get_paradigm("astra")

    def rule(body: dict[str, Any]) -> Reply:
        return Reply(text=fenced(TEXT_TUNDE if "Tunde" in _last_user_text(body) else PITCH))

    with LoopbackServer(reply=rule) as server:
        spec = f"openai-compatible:loopback-model@{server.base_url}"

        def run_once(out: Path) -> Any:
            pool = ModelPool(ClientSettings(cache_dir=tmp_path / "cache"))
            executor = paradigm.make_executor(unsafe=True, slots=1, timeout=10)
            try:
                agent = paradigm.build_agent(
                    AgentRequest(
                        name="cck", model=spec, models=pool, suite=suite, executor=executor
                    )
                )
                settings = RunSettings(
                    out_dir=out,
                    task_ids=["st_01_tell_tunde_sunday", "st_05_which_pitch"],
                    unsafe=True,
                    concurrency=2,
                )
                return execute_run(
                    suite, agent, settings, executor=executor, models=pool.describe()
                )
            finally:
                pool.close()
                executor.close()

        first = run_once(tmp_path / "first")
        asked = server.chat_requests
        second = run_once(tmp_path / "second")
    assert asked == 2 and server.chat_requests == asked
    assert [r.passed for r in first.results] == [r.passed for r in second.results] == [True] * 2
    assert second.metrics.usage["calls"] == 0 and second.metrics.usage["cache_hits"] == 2
    manifest = json.loads((tmp_path / "first" / "manifest.json").read_text())
    assert manifest["agent"]["name"] == "cck" and manifest["agent"]["prompt_profile"] == "full"
    assert manifest["sandbox_layers"] == ["unsafe-in-process"]
    line = json.loads((tmp_path / "first" / "results.jsonl").read_text().splitlines()[0])
    assert line["details"]["programs"][0]["outcome"] == "completed"
    assert line["details"]["roles"]["assistant"] == "cck"


def test_program_agents_need_the_runs_executor_and_a_known_prompt() -> None:
    suite = demo_suite()
    with pytest.raises(UnknownAgentError, match="needs the run's program executor"):
        build_agent("program-oracle", suite=suite)
    with pytest.raises(UnknownAgentError, match="--agent cck needs --model"):
        build_agent("cck", suite=suite, executor=ProgramExecutor(unsafe=True))
    with pytest.raises(UnknownAgentError, match="unknown --prompt 'tiny'"):
        build_agent(
            "cck",
            model="openai-compatible:m@http://127.0.0.1:9",
            suite=suite,
            executor=ProgramExecutor(unsafe=True),
            prompt="tiny",
        )


def test_the_compact_prompt_documents_each_function_in_one_line(tmp_path: Path) -> None:
    suite = demo_suite()
    scenario = demo_scenario(suite, "st_01_tell_tunde_sunday")
    systems = {}
    for profile in ("full", "compact"):
        with LoopbackServer(reply=lambda body: Reply(text=fenced(TEXT_TUNDE))) as server:
            pool = ModelPool(ClientSettings(cache_dir=tmp_path / profile))
            executor = ProgramExecutor(unsafe=True, slots=1, timeout=10)
            try:
                agent = build_agent(
                    "cck",
                    model=f"openai-compatible:loopback-model@{server.base_url}",
                    models=pool,
                    suite=suite,
                    executor=executor,
                    prompt=profile,
                )
                assert play(agent, scenario).passed
                assert agent.settings()["prompt_profile"] == profile
            finally:
                pool.close()
                executor.close()
            systems[profile] = requests_sent(server)[0][0]["content"]
    assert "# module: contacts" in systems["compact"]
    assert len(systems["compact"]) < 0.7 * len(systems["full"])
