"""What the program-agent tests share: the personal_demo suite, a program-writing agent pointed
at the loopback server, and running one scenario end to end."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from assistworld.core.registry import load_suite
from assistworld.core.suite import Suite
from assistworld.llm.loopback import LoopbackServer, Reply
from assistworld.llm.pool import ClientSettings, ModelPool
from assistworld.paradigms.astra.agents.assistants import GenerationSettings
from assistworld.paradigms.astra.agents.conversation import brief_of
from assistworld.paradigms.astra.agents.conversation_agent import ConversationAgent
from assistworld.paradigms.astra.agents.program_executor import ProgramExecutor
from assistworld.paradigms.astra.agents.registry import build_agent
from assistworld.paradigms.astra.grading.results import AstraResult, grade
from assistworld.paradigms.astra.tasks.scenario import Scenario

DEMO = "personal_demo"


def demo_suite() -> Suite:
    return load_suite(DEMO)


def demo_scenario(suite: Suite, query_id: str) -> Scenario:
    found = next(task for task in suite.tasks if task.query_id == query_id)
    assert isinstance(found, Scenario)
    return found


def fenced(program: str) -> str:
    """A model's reply holding ``program`` in one ```python block, with a word before it."""
    return f"Here is the program.\n\n```python\n{program.strip()}\n```\n"


def play(agent: ConversationAgent, scenario: Scenario) -> AstraResult:
    """Run ``agent`` on ``scenario`` and grade the conversation."""
    return grade(scenario, asyncio.run(agent.solve(brief_of(scenario))), agent.name)


def requests_sent(server: LoopbackServer) -> list[list[dict[str, Any]]]:
    """The messages of every chat request the server received, in order."""
    return [
        list(request.body["messages"])
        for request in server.requests
        if request.body is not None and "messages" in request.body
    ]


@contextmanager
def program_writer(
    rule: Callable[[dict[str, Any]], Reply],
    tmp_path: Path,
    suite: Suite,
    *,
    executor: ProgramExecutor | None = None,
    max_steps: int = 4,
    user_model: str | None = "scripted",
) -> Iterator[tuple[ConversationAgent, LoopbackServer]]:
    """``--agent cck`` on the loopback server whose replies ``rule`` makes (in-process programs
    unless ``executor`` is given)."""
    running = executor or ProgramExecutor(unsafe=True, slots=1, timeout=10)
    with LoopbackServer(reply=rule) as server:
        pool = ModelPool(ClientSettings(cache_dir=tmp_path / "cache"))
        try:
            agent = build_agent(
                "cck",
                model=f"openai-compatible:loopback-model@{server.base_url}",
                user_model=user_model,
                models=pool,
                suite=suite,
                executor=running,
                generation=GenerationSettings(max_steps=max_steps),
            )
            yield agent, server
        finally:
            pool.close()
            if executor is None:
                running.close()
