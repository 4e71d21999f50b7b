"""A program written against another library than the workplace's: the personal apps, run in
the sandbox against a personal world sent whole; its changes are seen on the trusted side."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from assistworld.apps import personal
from assistworld.apps.personal import PERSONAL_TABLES, personal_data
from assistworld.paradigms.aspera.tasks.library import ASPERA_LIBRARY
from assistworld.sandbox import (
    InProcessExecutor,
    LibraryError,
    Limits,
    ProgramLibrary,
    RunOutcome,
    SandboxPool,
    WorldRunRequest,
)
from assistworld.sandbox.codec import Codec
from assistworld.tools.toolset import Toolset
from assistworld.world import World
from tests.apps.personal._world import maya_world

LIMITS = Limits(wall_seconds=5, cpu_seconds=2, memory_mb=256, file_size_mb=4, call_budget=200)
PERSONAL = ProgramLibrary.of(personal.toolset())

TEXT_JONAS = """
def tell_jonas():
    jonas = search_contacts(query="Jonas")[0]
    unread = search_messages(person=jonas.name, unread_only=True)
    sent = send_message(recipients=[jonas.phone], text="Yes, I will pick up the cake.")
    return [unread[0].text, sent.message_id, sent.conversation_id, isinstance(sent, ChatMessage)]
"""

CATCHES_THE_LIBRARY_ERROR = """
def careful():
    try:
        remove_contact(contact_id="contact-404")
    except RecordNotFoundError as exc:
        return "search_contacts" in str(exc)
    return False
"""


@pytest.fixture(scope="module")
def pool() -> Iterator[SandboxPool]:
    with SandboxPool(slots=1, limits=LIMITS, library=PERSONAL) as sandbox:
        yield sandbox


def _request(program: str) -> WorldRunRequest:
    return WorldRunRequest(world=maya_world().snapshot().to_data(), candidate_program=program)


def test_a_sandboxed_program_sends_a_message_and_the_world_host_keeps_it(
    pool: SandboxPool,
) -> None:
    done = pool.run_in_world(_request(TEXT_JONAS))
    run = done.run
    assert run.outcome is RunOutcome.completed, (run.exception_type, run.exception_message)
    assert done.world is not None and pool.layers
    world = World.from_json(json.dumps(done.world), tables=PERSONAL_TABLES)
    messages = personal_data(world)["text_conversations"][0]["messages"]
    assert messages[-1]["text"] == "Yes, I will pick up the cake."
    assert world.version == 1
    tools = [event.tool for event in run.tool_calls.events]
    assert tools == ["search_contacts", "search_messages", "send_message"]
    assert run.tool_calls.events[-1].effect == "write"
    assert run.tool_calls.events[-1].world_version == 1
    assert run.api_calls == 3


def test_both_executors_give_the_same_run_and_world(pool: SandboxPool) -> None:
    sandboxed = pool.run_in_world(_request(TEXT_JONAS))
    in_process = InProcessExecutor(LIMITS, library=PERSONAL).run_in_world(_request(TEXT_JONAS))
    assert sandboxed.world == in_process.world
    assert sandboxed.run.return_value == in_process.run.return_value
    assert sandboxed.run.tool_calls == in_process.run.tool_calls
    codec = Codec(PERSONAL.value_types())
    text, message_id, conversation_id, typed = codec.decode(sandboxed.run.return_value)
    assert text == "Can you pick up the cake on Saturday?"
    assert message_id.startswith("message-") and conversation_id == "conversation-1"
    assert typed is True


def test_the_librarys_own_errors_reach_the_program_by_class(pool: SandboxPool) -> None:
    done = pool.run_in_world(_request(CATCHES_THE_LIBRARY_ERROR))
    assert done.run.outcome is RunOutcome.completed
    assert done.run.return_value is True
    assert done.run.tool_calls.events[0].error is not None


def test_a_personal_program_hands_control_back_with_its_question(pool: SandboxPool) -> None:
    program = (
        "def ask():\n"
        "    priyas = search_contacts(query='Priya')\n"
        "    if len(priyas) > 1:\n"
        "        raise RequiresUserInput(f'{len(priyas)} contacts are called Priya; which one?')\n"
    )
    done = pool.run_in_world(_request(program))
    assert done.run.exception_type == "RequiresUserInput"
    assert done.run.exception_message == "2 contacts are called Priya; which one?"
    assert done.run.outcome is RunOutcome.agent_exception


def test_the_workplace_library_is_not_there_for_personal_programs(pool: SandboxPool) -> None:
    done = pool.run_in_world(_request("def f():\n    return find_employee('Bob')\n"))
    assert done.run.outcome is RunOutcome.agent_exception
    assert done.run.exception_type == "NameError"


def test_an_unreadable_world_is_not_run() -> None:
    request = WorldRunRequest(world={"now": "never"}, candidate_program="def f():\n    return 1\n")
    done = InProcessExecutor(LIMITS, library=PERSONAL).run_in_world(request)
    assert done.run.outcome is RunOutcome.not_run and done.world is None


def test_a_library_is_described_by_module_names() -> None:
    assert PERSONAL.modules[0] == "assistworld.apps.personal.contacts"
    assert PERSONAL.extras == {"datetime": "datetime"}
    assert ProgramLibrary.model_validate_json(PERSONAL.model_dump_json()) == PERSONAL
    assert len(PERSONAL.toolset()) == 27
    assert ASPERA_LIBRARY.modules[0].endswith("workplace.time_utils")
    with pytest.raises(LibraryError, match="cannot be imported"):
        ProgramLibrary(modules=("assistworld.apps.nowhere",)).toolset()
    with pytest.raises(LibraryError, match="not a module"):
        ProgramLibrary.of(Toolset([personal.contacts], extras={"answer": 42}))
