"""Shared by the model-driven agent tests: a client for the loopback server, small tasks, and
readers of what the server received."""

from __future__ import annotations

import asyncio
from typing import Any

from assistworld.agents.base import AgentOutput
from assistworld.llm.loopback import LoopbackServer
from assistworld.llm.openai_compatible import OpenAICompatibleModel
from assistworld.llm.retry import RetryPolicy
from assistworld.paradigms.aspera.paradigm import AsperaParadigm
from assistworld.paradigms.aspera.tasks.model import Task

REFERENCE_MARKER = "reference-marker-5c1e"
SETUP_MARKER = "setup-marker-93ad"
EVALUATION_MARKER = "evaluation-marker-b7f0"


def loopback_client(server: LoopbackServer, **overrides: Any) -> OpenAICompatibleModel:
    """A real client of the loopback server, without cache and without retries."""
    settings: dict[str, Any] = {
        "model": "loopback-model",
        "base_url": server.base_url,
        "cache": None,
        "use_cache": False,
        "retry": RetryPolicy(max_attempts=1),
        "timeout_s": 60.0,
    }
    settings.update(overrides)
    return OpenAICompatibleModel(**settings)


def chat_bodies(server: LoopbackServer) -> list[dict[str, Any]]:
    """The JSON bodies of every chat request the server received, in arrival order."""
    return [
        request.body
        for request in server.requests
        if request.path.endswith("/chat/completions") and request.body is not None
    ]


def contents(body: dict[str, Any], role: str) -> list[str]:
    return [str(m.get("content") or "") for m in body["messages"] if m["role"] == role]


def fenced(program: str) -> str:
    return f"Here is the program.\n\n```python\n{program.strip()}\n```\n"


MANAGER_SETUP = f'''
def setup_env_who_manages_bob():
    """{SETUP_MARKER}"""
    simulate_org_structure(["Bob", "Carol", "Dave"], user_name="Alex")
'''

MANAGER_EVALUATION = f'''
def evaluate_who_manages_bob(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
) -> None:
    setup_function()
    expected = find_manager_of(find_employee("Bob")[0])
    if executable() != expected.name:
        raise SolutionError("{EVALUATION_MARKER}: wrong manager")
'''

MANAGER_PROGRAM = f'''
def who_manages_bob() -> str:
    """{REFERENCE_MARKER}"""
    bob = find_employee("Bob")[0]
    manager = find_manager_of(bob)
    return manager.name
'''


def manager_task(query_id: str = "test_who_manages_bob") -> Task:
    """An information-seeking task whose reference, setup and evaluation hold unique markers."""
    return Task(
        query_id=query_id,
        query="Assistant, who is Bob's manager?",
        program=MANAGER_PROGRAM,
        state_generation_programs=[MANAGER_SETUP],
        evaluation_programs=[MANAGER_EVALUATION],
        category="org-structure",
        kind="information-seeking",
    )


BOOKING_PROGRAM = f'''
def book_sync_with_bob():
    """{REFERENCE_MARKER}"""
    bob = find_employee("Bob")[0]
    monday = get_next_dow("Monday")
    starts_at = combine(monday, time_by_hm(10, 0, "am"))
    add_event(Event(subject="Sync", attendees=[bob], starts_at=starts_at,
                    ends_at=starts_at + datetime.timedelta(minutes=30)))
'''

BOOKING_SETUP = """
def setup_env_book_sync_with_bob():
    simulate_org_structure(["Bob", "Carol", "Dave"], user_name="Alex")
"""

BOOKING_EVALUATION = """
def evaluate_book_sync_with_bob(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
) -> None:
    setup_function()
    executable()
    if len(find_events()) != 1:
        raise SolutionError("expected one event")
"""


def booking_task() -> Task:
    """A state-changing task whose reference reads find_employee, get_next_dow, combine,
    time_by_hm, add_event and Event."""
    return Task(
        query_id="test_book_sync_with_bob",
        query="Assistant, book a 30-minute sync with Bob on Monday at 10.",
        program=BOOKING_PROGRAM,
        state_generation_programs=[BOOKING_SETUP],
        evaluation_programs=[BOOKING_EVALUATION],
        category="simple-scheduling",
        kind="state-changing",
    )


def solve_as_run(agent: Any, task: Task) -> AgentOutput:
    """What a run does for one task: hand the agent its view of the task, wait for the output."""
    view = AsperaParadigm().agent_view(task, agent)
    output: AgentOutput = asyncio.run(agent.solve(view))
    return output
