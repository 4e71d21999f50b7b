"""The PS agent against the loopback server: one selection request per module, at once; only the
selected documentation in the program-writing prompt; selection scores."""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from typing import Any

import pytest

from assistworld.apps.workplace import library_modules
from assistworld.docs import render_module_signatures, render_symbols
from assistworld.llm.loopback import Fault, LoopbackServer
from assistworld.paradigms.aspera.agents.examples import PS_EXAMPLE_TASK_ID, Example, load_examples
from assistworld.paradigms.aspera.agents.ps import PSAgent
from assistworld.paradigms.aspera.grading.grade import with_selection_scores
from tests.paradigms.aspera.agents.helpers import (
    REFERENCE_MARKER,
    booking_task,
    chat_bodies,
    contents,
    fenced,
    loopback_client,
    solve_as_run,
)

MODULES = ("time_utils", "work_calendar", "company_directory", "room_booking", "exceptions")
PROGRAM = 'def book():\n    add_event(Event(subject="Sync", attendees=[find_employee("Bob")[0]]))\n'

SELECTIONS = {
    "time_utils": "```python\nfrom time_utils import now_, teleport_user\n```",
    "work_calendar": (
        "I need to add the event.\n```python\nfrom work_calendar import (\n"
        "    add_event,  # to write it\n    Event,\n)\n```"
    ),
    "company_directory": "```python\nfrom company_directory import find_employee\n```",
    "room_booking": "None",
    "exceptions": "None",
}
"""Against the booking task's reference (add_event, combine, Event, find_employee, get_next_dow,
time_by_hm): TP = add_event, Event, find_employee; FP = now_; FN = combine, get_next_dow,
time_by_hm. So P = 3/4, R = 3/6, F1 = 6/10."""


def module_of_request(body: dict[str, Any]) -> str | None:
    found = re.match(r"Module `(\w+)`", contents(body, "user")[0])
    return found.group(1) if found else None


def scripted(barrier: threading.Barrier | None = None) -> Any:
    def reply(body: dict[str, Any]) -> str:
        module = module_of_request(body)
        if module is None:
            return fenced(PROGRAM)
        if barrier is not None:
            barrier.wait()  # every selection request must be in flight at once to pass
        return SELECTIONS[module]

    return reply


@pytest.fixture
def server() -> Iterator[LoopbackServer]:
    with LoopbackServer(reply=scripted()) as running:
        yield running


def solve(server: LoopbackServer, example: Example | None = None) -> Any:
    agent = PSAgent(loopback_client(server), model_name="loopback", example=example)
    return solve_as_run(agent, booking_task())


@pytest.fixture(scope="module")
def example() -> Example:
    return load_examples((PS_EXAMPLE_TASK_ID,))[0]


def test_one_selection_request_per_module_goes_out_at_once() -> None:
    barrier = threading.Barrier(len(MODULES), timeout=30)
    with LoopbackServer(reply=scripted(barrier)) as server:
        output = solve(server)
        bodies = chat_bodies(server)
        assert server.max_in_flight >= len(MODULES)

    assert output.program == PROGRAM
    selection_bodies = [body for body in bodies if module_of_request(body) is not None]
    assert sorted(module_of_request(body) or "" for body in selection_bodies) == sorted(MODULES)
    assert len(bodies) == len(MODULES) + 1
    for module in library_modules():
        name = module.__name__.rsplit(".", 1)[-1]
        (body,) = [b for b in selection_bodies if module_of_request(b) == name]
        user = contents(body, "user")[0]
        assert render_module_signatures(module).strip() in user
        assert "book a 30-minute sync with Bob on Monday at 10" in user
        assert REFERENCE_MARKER not in user + contents(body, "system")[0]


def test_unknown_symbols_are_dropped_and_counted(server: LoopbackServer, example: Example) -> None:
    output = solve(server, example)
    assert output.details["selected"] == {
        "time_utils": ["now_"],
        "work_calendar": ["add_event", "Event"],
        "company_directory": ["find_employee"],
        "room_booking": [],
        "exceptions": [],
    }
    assert output.details["dropped"] == {"time_utils": ["teleport_user"]}
    assert output.details["dropped_count"] == 1


def test_the_generation_prompt_holds_only_the_selected_documentation(
    server: LoopbackServer,
) -> None:
    solve(server)
    generation = [body for body in chat_bodies(server) if module_of_request(body) is None]
    (body,) = generation
    (system,) = contents(body, "system")
    assert (
        render_symbols(["now_", "add_event", "Event", "find_employee"], library_modules()).strip()
        in system
    )
    for unselected in ("def search_conference_room(", "def get_next_dow(", "def delete_event("):
        assert unselected not in system
    examples = load_examples()
    shown = [example.query_id for example in examples if example.query in system]
    assert shown == [PS_EXAMPLE_TASK_ID]
    assert REFERENCE_MARKER not in system


def test_precision_recall_and_f1_of_a_hand_worked_selection(
    server: LoopbackServer, example: Example
) -> None:
    # the grader scores the agent's selection against the reference (the agent never sees it)
    details = with_selection_scores(booking_task(), solve(server, example).details)
    assert details["reference_primitives"] == [
        "Event",
        "add_event",
        "combine",
        "find_employee",
        "get_next_dow",
        "time_by_hm",
    ]
    assert (details["tp"], details["fp"], details["fn"]) == (3, 1, 3)
    assert details["precision"] == pytest.approx(3 / 4)
    assert details["recall"] == pytest.approx(3 / 6)
    assert details["f1"] == pytest.approx(6 / 10)
    per_module = details["per_module"]
    assert list(per_module) == ["time_utils", "work_calendar", "company_directory"]
    assert per_module["time_utils"]["selected"] == ["now_"]
    assert per_module["time_utils"]["f1"] == 0.0
    assert per_module["work_calendar"]["precision"] == 1.0
    assert per_module["work_calendar"]["recall"] == 1.0
    assert per_module["company_directory"]["f1"] == 1.0


def test_nothing_selected_still_writes_a_program(server: LoopbackServer, example: Example) -> None:
    server.set_reply(lambda body: "None" if module_of_request(body) else fenced(PROGRAM))
    output = solve(server, example)
    generation = [body for body in chat_bodies(server) if module_of_request(body) is None]
    assert "# No tools were selected for this request." in contents(generation[0], "system")[0]
    graded = with_selection_scores(booking_task(), output.details)
    assert graded["precision"] == 0.0
    assert graded["recall"] == 0.0
    assert output.program == PROGRAM


def test_a_failed_selection_call_fails_the_task_without_generating(
    server: LoopbackServer, example: Example
) -> None:
    server.enqueue(Fault.bad_request())
    output = solve(server, example)
    assert output.program is None
    assert output.details == {"failed_step": "selection", "failure": "model-call"}
    assert server.chat_requests == len(MODULES)


def test_usage_adds_up_every_call(server: LoopbackServer, example: Example) -> None:
    output = solve(server, example)
    assert output.usage["calls"] == len(MODULES) + 1
    total = sum(
        sum(len(m["content"].split()) for m in body["messages"]) for body in chat_bodies(server)
    )
    assert output.usage["prompt_tokens"] == total


def test_settings_list_the_example_and_the_excluded_tasks(
    server: LoopbackServer, example: Example
) -> None:
    agent = PSAgent(loopback_client(server), model_name="loopback", example=example)
    settings = agent.settings()
    assert settings["example_task_ids"] == [PS_EXAMPLE_TASK_ID]
    assert PS_EXAMPLE_TASK_ID in settings["excluded_task_ids"]
    assert len(settings["excluded_task_ids"]) == 5
    assert settings["modules"] == list(MODULES)
