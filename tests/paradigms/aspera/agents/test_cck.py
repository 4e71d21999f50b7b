"""The CCK agent against the loopback server: what the prompt holds, what the output holds."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from assistworld.apps.workplace import library_modules
from assistworld.docs import render_library
from assistworld.llm import ResponseCache
from assistworld.llm.loopback import Fault, LoopbackServer, Reply
from assistworld.paradigms.aspera.agents.cck import CCKAgent
from assistworld.paradigms.aspera.agents.examples import (
    CCK_EXAMPLE_TASK_IDS,
    Example,
    load_examples,
)
from assistworld.paradigms.aspera.agents.guidelines import Guidelines
from assistworld.paradigms.aspera.tasks.suite import load_suite
from tests.paradigms.aspera.agents.helpers import (
    MANAGER_PROGRAM,
    REFERENCE_MARKER,
    booking_task,
    chat_bodies,
    contents,
    fenced,
    loopback_client,
    manager_task,
    solve_as_run,
)

ANSWER = 'def who_manages_bob() -> str:\n    return find_manager_of(find_employee("Bob")[0]).name\n'


@pytest.fixture(scope="module")
def examples() -> tuple[Example, ...]:
    return load_examples()


@pytest.fixture
def server() -> Iterator[LoopbackServer]:
    with LoopbackServer(reply=fenced(ANSWER)) as running:
        yield running


def test_the_prompt_holds_the_library_the_examples_and_the_rules_but_not_the_reference(
    server: LoopbackServer,
) -> None:
    agent = CCKAgent(loopback_client(server), model_name="loopback")
    output = solve_as_run(agent, manager_task())

    (body,) = chat_bodies(server)
    (system,) = contents(body, "system")
    (user,) = contents(body, "user")
    assert render_library(library_modules()).strip() in system
    for example in load_examples():
        assert example.query in system
        assert example.program.strip() in system
    for number, rule in enumerate(Guidelines().generation, start=1):
        assert f"{number}. {rule}" in system
    assert REFERENCE_MARKER not in system + user
    assert MANAGER_PROGRAM.strip() not in system + user
    assert user == "Request: Assistant, who is Bob's manager?\n"
    assert output.program == ANSWER
    assert output.error is None


def test_usage_of_the_reply_is_reported(
    server: LoopbackServer, examples: tuple[Example, ...]
) -> None:
    agent = CCKAgent(loopback_client(server), model_name="loopback", examples=examples)
    output = solve_as_run(agent, manager_task())
    (body,) = chat_bodies(server)
    prompt_words = sum(len(m["content"].split()) for m in body["messages"])
    # the loopback server counts words as tokens
    assert output.usage["prompt_tokens"] == prompt_words
    assert output.usage["completion_tokens"] == len(fenced(ANSWER).split())
    assert output.usage["calls"] == 1
    assert output.usage["cached"] is False
    assert output.usage["latency_s"] > 0


def test_a_cached_reply_is_marked_cached(
    server: LoopbackServer, tmp_path: Path, examples: tuple[Example, ...]
) -> None:
    cache = ResponseCache(tmp_path / "cache")
    client = loopback_client(server, cache=cache, use_cache=True)
    agent = CCKAgent(client, model_name="loopback", examples=examples)
    first = solve_as_run(agent, manager_task())
    second = solve_as_run(agent, manager_task())
    assert server.chat_requests == 1
    assert first.usage["cached"] is False
    assert second.usage["cached"] is True
    assert second.usage["cache_hits"] == 1
    assert second.program == first.program


@pytest.mark.parametrize("enabled", [False, True])
def test_the_return_type_hint_appears_only_when_enabled(
    server: LoopbackServer, enabled: bool, examples: tuple[Example, ...]
) -> None:
    agent = CCKAgent(
        loopback_client(server), model_name="loopback", return_type_hint=enabled, examples=examples
    )
    solve_as_run(agent, manager_task())
    solve_as_run(agent, booking_task())  # state-changing: never a hint

    info_user, booking_user = (contents(body, "user")[0] for body in chat_bodies(server))
    assert ("should return a value of type `str`" in info_user) is enabled
    assert "should return" not in booking_user
    assert agent.settings()["return_type_hint"] is enabled


@pytest.mark.parametrize(
    ("reply", "failure"),
    [
        (Reply(text=""), "empty-reply"),
        (Reply(text="I am sorry, I cannot write that program."), "no-program"),
        (Reply(text="```python\ndef broken(:\n    pass\n```"), "unparsable-block"),
        (Reply(text="```python\ndef cut_off(:\n    x = (", finish_reason="length"), "cut-off"),
    ],
)
def test_extraction_failures_are_classified(
    server: LoopbackServer, reply: Reply, failure: str, examples: tuple[Example, ...]
) -> None:
    server.set_reply(reply)
    agent = CCKAgent(loopback_client(server), model_name="loopback", examples=examples)
    output = solve_as_run(agent, manager_task())
    assert output.program is None
    assert output.details["failure"] == failure
    assert output.error is not None
    assert output.completion == reply.text
    assert output.usage["calls"] == 1


def test_a_failed_model_call_is_a_classified_task_failure(
    server: LoopbackServer, examples: tuple[Example, ...]
) -> None:
    server.enqueue(Fault.bad_request())
    agent = CCKAgent(loopback_client(server), model_name="loopback", examples=examples)
    output = solve_as_run(agent, manager_task())
    assert output.program is None
    assert output.details["failure"] == "model-call"
    assert output.error is not None and output.error.startswith("model call failed")
    assert output.usage["failures"] == 1


def test_example_tasks_are_excluded_and_refused(
    server: LoopbackServer, examples: tuple[Example, ...]
) -> None:
    agent = CCKAgent(loopback_client(server), model_name="loopback", examples=examples)
    settings = agent.settings()
    assert settings["example_task_ids"] == list(CCK_EXAMPLE_TASK_IDS)
    assert agent.excluded_task_ids() == frozenset(CCK_EXAMPLE_TASK_IDS)

    example_task = next(
        task
        for task in load_suite("workplace", strict=False).tasks
        if task.query_id == CCK_EXAMPLE_TASK_IDS[2]
    )
    output = solve_as_run(agent, example_task)
    assert output.program is None
    assert output.details["failure"] == "in-context-example"
    assert server.chat_requests == 0


def test_settings_describe_the_prompt(
    server: LoopbackServer, examples: tuple[Example, ...]
) -> None:
    agent = CCKAgent(loopback_client(server), model_name="openai:gpt-4o", examples=examples)
    settings = agent.settings()
    assert settings["model"] == "openai:gpt-4o"
    assert settings["temperature"] == 0.0
    assert settings["guidelines"]["source"] == "built-in"
    size = settings["system_prompt_size"]
    assert size["words"] == len(agent.system_prompt.split())
    assert size["characters"] == len(agent.system_prompt)
    other = CCKAgent(loopback_client(server), model_name="x", examples=examples[:2])
    assert other.settings()["system_prompt_sha256"] != settings["system_prompt_sha256"]
