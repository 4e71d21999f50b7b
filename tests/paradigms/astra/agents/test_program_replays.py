"""Programs from a replay file (``replay --programs FILE`` with ``program`` lines) and from the
scenarios (``program-oracle``), and ``verify``'s rule that each reference program passes with
S = 1. Programs run in-process here."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.console import Console

from assistworld.paradigms.astra.agents.program_executor import ProgramExecutor
from assistworld.paradigms.astra.agents.registry import UnknownAgentError, build_agent
from assistworld.paradigms.astra.agents.replay_file import ReplayFileError, read_replays
from assistworld.paradigms.astra.audit.programs import audit_reference_programs

from .program_helpers import demo_scenario, demo_suite, play

ASK = (
    "def ask():\n"
    "    found = search_calendar_events(period='next_week')\n"
    "    raise RequiresUserInput(f'{len(found)} appointments next week: which one?')\n"
)
CANCEL = (
    "def cancel():\n"
    "    (dentist,) = search_calendar_events(query='dentist', period='next_week')\n"
    "    remove_calendar_event(event_id=dentist.event_id)\n"
    "    return 'Your dentist appointment is cancelled.'\n"
)


@pytest.fixture
def in_process() -> Iterator[ProgramExecutor]:
    executor = ProgramExecutor(unsafe=True, slots=1, timeout=10)
    yield executor
    executor.close()


def _write(path: Path, *lines: object) -> Path:
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return path


def test_a_replay_file_of_programs_plays_one_per_turn(
    tmp_path: Path, in_process: ProgramExecutor
) -> None:
    suite = demo_suite()
    path = _write(
        tmp_path / "programs.jsonl",
        {"query_id": "mt_01_cancel_appointment", "program": [ASK, CANCEL]},
    )
    agent = build_agent("replay", programs=path, suite=suite, executor=in_process)
    result = play(agent, demo_scenario(suite, "mt_01_cancel_appointment"))
    assert result.passed and result.details.end_reason == "goal_met"
    record = result.details.conversation
    assert record is not None
    assert record.replies() == [
        "2 appointments next week: which one?",
        "Your dentist appointment is cancelled.",
    ]
    missing = play(agent, demo_scenario(suite, "st_01_tell_tunde_sunday"))
    assert missing.outcome == "no_conversation" and "has no line for it" in (missing.error or "")


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ({"query_id": "a", "program": 42}, "program must be the program's text"),
        ({"query_id": "a", "program": []}, "program must be the program's text"),
        ({"query_id": "a", "program": "x", "messages": []}, "give messages or program, not both"),
        ({"query_id": "a"}, '"program": "..."} (a program'),
    ],
)
def test_a_bad_program_line_is_named(tmp_path: Path, line: object, expected: str) -> None:
    path = _write(tmp_path / "programs.jsonl", line)
    with pytest.raises(ReplayFileError) as error:
        read_replays(path)
    assert expected in str(error.value) and f"{path}:1" in str(error.value)


def test_a_replay_file_holds_programs_or_conversations_not_both(
    tmp_path: Path, in_process: ProgramExecutor
) -> None:
    path = _write(
        tmp_path / "mixed.jsonl",
        {"query_id": "a", "program": CANCEL},
        {"query_id": "b", "messages": [{"role": "user", "content": "hi"}]},
    )
    with pytest.raises(UnknownAgentError, match="holds programs and conversations"):
        build_agent("replay", programs=path, suite=demo_suite(), executor=in_process)


def test_verify_passes_the_bundled_programs_and_names_a_wrong_one(
    tmp_path: Path,
) -> None:
    suite = demo_suite()
    console = Console(record=True, width=200)
    [rule] = asyncio.run(audit_reference_programs(suite, console, None, unsafe=True, timeout=10))
    shown = console.export_text()
    assert rule.holds and shown.count(" ok ") == 8 and "unsafe-in-process" in shown

    wrong = (
        "def texts_the_wrong_way():\n"
        "    send_whatsapp_message(recipients=['Tunde Okafor'], text='Sunday!')\n"
        "    return 'Sent to Tunde.'\n"
    )
    suite.tasks = [
        task.model_copy(update={"reference_program": wrong})
        if task.query_id == "st_01_tell_tunde_sunday"
        else task
        for task in suite.tasks
    ]
    console = Console(record=True, width=300)
    [rule] = asyncio.run(
        audit_reference_programs(
            suite, console, ["st_01_tell_tunde_sunday"], unsafe=True, timeout=10
        )
    )
    shown = console.export_text()
    assert not rule.holds
    assert "FAILS" in shown and "an SMS to Tunde about Sunday" in shown
    assert "minefield whatsapp_sent" in shown


def test_a_suite_without_reference_programs_is_refused_by_program_oracle(
    in_process: ProgramExecutor,
) -> None:
    suite = demo_suite()
    suite.tasks = [task.model_copy(update={"reference_program": None}) for task in suite.tasks]
    with pytest.raises(UnknownAgentError, match="has no scenario with a reference_program"):
        build_agent("program-oracle", suite=suite, executor=in_process)
    console = Console(record=True)
    # nothing to check: no rule joins the verdict and nothing is printed
    assert asyncio.run(audit_reference_programs(suite, console, None, unsafe=True, timeout=5)) == []
    assert console.export_text() == ""


def test_a_program_that_imports_the_library_runs_without_the_import(
    tmp_path: Path, in_process: ProgramExecutor
) -> None:
    suite = demo_suite()
    program = (
        "from contacts import add_contact\n"
        "def save_rosa():\n"
        "    add_contact(name='Rosa Mendes', phone='07700 900555', relationship='neighbour')\n"
        "    return 'Rosa Mendes is saved in your contacts.'\n"
    )
    path = _write(
        tmp_path / "programs.jsonl", {"query_id": "st_07_save_new_neighbour", "program": program}
    )
    agent = build_agent("replay", programs=path, suite=suite, executor=in_process)
    result = play(agent, demo_scenario(suite, "st_07_save_new_neighbour"))
    assert result.passed and result.details.programs[0]["imports_removed"] == 1
