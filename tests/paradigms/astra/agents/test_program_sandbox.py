"""Programs of conversations run in the sandbox: the reference programs of personal_demo pass by
it, and a program that loops, reaches for files or the network, or returns what cannot cross the
boundary is contained and shown to the model as a developer would see it (the sandbox's own
tests cover the sandbox; these cover the wiring)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from assistworld.llm.loopback import Reply
from assistworld.paradigms.astra.agents.program_agents import ProgramOracleAgent
from assistworld.paradigms.astra.agents.program_executor import ProgramExecutor
from assistworld.paradigms.astra.agents.registry import build_agent
from tests.sandbox._root import needs_root

from .program_helpers import demo_scenario, demo_suite, fenced, play, program_writer, requests_sent

pytestmark = needs_root


@pytest.fixture(scope="module")
def sandbox() -> Iterator[ProgramExecutor]:
    executor = ProgramExecutor(slots=1, timeout=4)
    yield executor
    executor.close()


def test_the_reference_programs_of_personal_demo_pass_through_the_sandbox(
    sandbox: ProgramExecutor,
) -> None:
    suite = demo_suite()
    agent = build_agent("program-oracle", suite=suite, executor=sandbox)
    assert isinstance(agent, ProgramOracleAgent)
    assert "seccomp" in sandbox.layers and "landlock" in " ".join(sandbox.layers)
    scored = agent.scored_task_ids()
    assert len(scored) == 8 and all(query_id.startswith("st_") for query_id in scored)
    assert "4 scenarios without a reference_program skipped" in (agent.skipped_note() or "")
    for query_id in scored:
        result = play(agent, demo_scenario(suite, query_id))
        assert result.passed and result.score == 1.0, (query_id, result.details.programs)
        assert not result.details.programs[0]["world_replaced"]


MISBEHAVING = {
    # A loop is stopped by the wall-clock limit or, on a loaded machine, by the CPU limit first.
    "loops": (
        "def spin():\n    while True:\n        pass\n",
        ("ran past the time limit", "used too much CPU time"),
    ),
    "reads a file": (
        "def peek():\n    return open('/etc/shadow').read()\n",
        ("PermissionError",),
    ),
    "opens a socket": (
        "def call_home():\n    import socket\n    socket.create_connection(('1.1.1.1', 80))\n",
        ("Operation not permitted",),
    ),
    "returns what cannot cross": (
        "def odd():\n    class Anything:\n        def __eq__(self, other):\n"
        "            return True\n    return Anything()\n",
        ("the program raised",),
    ),
}


@pytest.mark.parametrize("case", list(MISBEHAVING))
def test_a_misbehaving_program_is_contained_and_shown_to_the_model(
    case: str, sandbox: ProgramExecutor, tmp_path: Path
) -> None:
    program, seen = MISBEHAVING[case]
    suite = demo_suite()
    scenario = demo_scenario(suite, "st_07_save_new_neighbour")
    save = (
        "def save():\n"
        "    add_contact(name='Rosa Mendes', phone='07700 900555', relationship='neighbour')\n"
        "    return 'Rosa Mendes is saved in your contacts.'\n"
    )

    def rule(body: dict[str, Any]) -> Reply:
        retried = len([m for m in body["messages"] if m["role"] == "user"]) > 1
        return Reply(text=fenced(save if retried else program))

    with program_writer(rule, tmp_path, suite, executor=sandbox) as (agent, server):
        result = play(agent, scenario)
        _, second = requests_sent(server)
    assert any(text in second[-1]["content"] for text in seen), second[-1]["content"]
    assert result.passed, result.details.programs
    first = result.details.programs[0]
    assert first["outcome"] != "completed" and first["tool_calls"] == 0
    record = result.details.conversation
    assert record is not None and [e.tool for e in record.events] == ["add_contact"]
