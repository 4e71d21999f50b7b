"""The self-debugging agent against the loopback server and a real executor: how many trial runs,
what the model reads after each, and that no evaluation text ever reaches the model."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from assistworld.llm import ChatRequest, ChatResponse
from assistworld.llm.loopback import Fault, LoopbackServer
from assistworld.paradigms.aspera.agents.cck import CCKAgent
from assistworld.paradigms.aspera.agents.examples import Example, load_examples
from assistworld.paradigms.aspera.agents.profiles import (
    COMPACT,
    FULL,
    PYTHON_BLOCK_GRAMMAR,
    PYTHON_BLOCK_OR_SUBMIT_GRAMMAR,
)
from assistworld.paradigms.aspera.agents.prompts import sha256
from assistworld.paradigms.aspera.agents.selfdebug import SelfDebugAgent
from assistworld.paradigms.aspera.tasks.library import ASPERA_LIBRARY
from assistworld.sandbox import DryRunRequest, InProcessExecutor, Limits, ProgramRun, SandboxPool
from tests.paradigms.aspera.agents.helpers import (
    EVALUATION_MARKER,
    MANAGER_EVALUATION,
    REFERENCE_MARKER,
    SETUP_MARKER,
    chat_bodies,
    contents,
    fenced,
    loopback_client,
    manager_task,
    solve_as_run,
)
from tests.sandbox._root import needs_root

WRONG_DAY = 'def who_manages_bob() -> str:\n    return str(get_next_dow("Funday"))\n'
RIGHT = 'def who_manages_bob() -> str:\n    return find_manager_of(find_employee("Bob")[0]).name\n'
PRINTING = (
    "def who_manages_bob() -> str:\n"
    '    print("looking Bob up")\n'
    '    return find_manager_of(find_employee("Bob")[0]).name\n'
)


def turn(body: dict[str, Any]) -> int:
    """How many replies the model already gave in this conversation."""
    return len(contents(body, "assistant"))


def replies(*texts: str) -> Callable[[dict[str, Any]], str]:
    """The model's reply per turn (the last one repeats)."""
    return lambda body: texts[min(turn(body), len(texts) - 1)]


def failing_variant(number: int) -> str:
    """A different program each time, each raising the library's weekday error."""
    return (
        "def who_manages_bob() -> str:\n"
        f"    # attempt {number}\n"
        "    return get_next_dow('Funday')\n"
    )


@pytest.fixture(scope="module")
def examples() -> tuple[Example, ...]:
    return load_examples()


@pytest.fixture
def server() -> Iterator[LoopbackServer]:
    with LoopbackServer(reply=fenced(RIGHT)) as running:
        yield running


def agent_for(
    server: LoopbackServer,
    examples: tuple[Example, ...],
    executor: Any = None,
    dry_runs: int = 3,
) -> SelfDebugAgent:
    return SelfDebugAgent(
        loopback_client(server),
        executor or InProcessExecutor(library=ASPERA_LIBRARY),
        model_name="loopback",
        max_dry_runs=dry_runs,
        examples=examples,
    )


@pytest.mark.parametrize("limit", [1, 2, 3])
def test_it_stops_after_k_dry_runs(
    server: LoopbackServer, examples: tuple[Example, ...], limit: int
) -> None:
    server.set_reply(lambda body: fenced(failing_variant(turn(body))))
    output = solve_as_run(agent_for(server, examples, dry_runs=limit), manager_task())
    assert output.details["dry_runs"] == limit
    assert output.details["stopped"] == "limit"
    assert server.chat_requests == limit + 1
    assert [r["outcome"] for r in output.details["rounds"]] == ["agent_exception"] * limit
    # the correction written after the last trial run is handed in untried
    assert output.program == failing_variant(limit)


def test_the_model_reads_the_library_exception_and_can_fix_it(
    server: LoopbackServer, examples: tuple[Example, ...]
) -> None:
    server.set_reply(replies(fenced(WRONG_DAY), fenced(RIGHT), "SUBMIT"))
    output = solve_as_run(agent_for(server, examples), manager_task())

    bodies = chat_bodies(server)
    first_feedback = contents(bodies[1], "user")[-1]
    assert first_feedback.startswith("Your program got a trial run on a sample copy")
    assert "You get at most 3 trial runs." in first_feedback
    assert "\nTrial run 1 of 3: the program raised ValueError" in first_feedback
    assert "get_next_dow: 'Funday' is not a weekday" in first_feedback
    assert 'File "<candidate>", line 2, in who_manages_bob' in first_feedback
    second_feedback = contents(bodies[2], "user")[-1]
    assert second_feedback.startswith("Trial run 2 of 3: the program finished.")
    assert "Returned value:" in second_feedback
    assert output.program == RIGHT
    assert output.details["dry_runs"] == 2
    assert output.details["stopped"] == "submitted"
    assert [r["reply"] for r in output.details["rounds"]] == ["revised", "submitted"]
    assert output.usage["calls"] == 3


def test_printed_output_and_the_returned_value_are_shown(
    server: LoopbackServer, examples: tuple[Example, ...]
) -> None:
    server.set_reply(replies(fenced(PRINTING), "SUBMIT"))
    output = solve_as_run(agent_for(server, examples), manager_task())
    feedback = contents(chat_bodies(server)[1], "user")[-1]
    assert "Printed output:\n```\nlooking Bob up\n```" in feedback
    run = InProcessExecutor(library=ASPERA_LIBRARY).dry_run(
        DryRunRequest(
            setup_program=manager_task().state_generation_programs[0], candidate_program=PRINTING
        )
    )
    assert f"Returned value:\n```\n'{run.return_value}'\n```" in feedback
    assert output.program == PRINTING


def test_no_evaluation_reference_or_setup_text_reaches_the_model(
    server: LoopbackServer, examples: tuple[Example, ...]
) -> None:
    # the evaluation would reject the wrong answer with the marker in its message
    wrong_name = 'def who_manages_bob() -> str:\n    return "Nobody"\n'
    server.set_reply(replies(fenced(WRONG_DAY), fenced(wrong_name), fenced(RIGHT), "SUBMIT"))
    task = manager_task()
    assert (
        EVALUATION_MARKER in MANAGER_EVALUATION
        and SETUP_MARKER in task.state_generation_programs[0]
    )
    output = solve_as_run(agent_for(server, examples), task)
    sent = json.dumps(chat_bodies(server))
    assert output.details["dry_runs"] == 3
    for marker in (EVALUATION_MARKER, REFERENCE_MARKER, SETUP_MARKER):
        assert marker not in sent


def test_a_reply_without_a_program_gets_a_problem_round_not_a_dry_run(
    server: LoopbackServer, examples: tuple[Example, ...]
) -> None:
    server.set_reply(replies("Let me think about who Bob reports to.", fenced(RIGHT), "SUBMIT"))
    output = solve_as_run(agent_for(server, examples), manager_task())
    rounds = output.details["rounds"]
    assert [r["kind"] for r in rounds] == ["program-problem", "dry-run"]
    assert output.details["dry_runs"] == 1
    bodies = chat_bodies(server)
    problem = contents(bodies[1], "user")[-1]
    assert problem.startswith("Your reply cannot be run: the reply holds no Python program")
    trial = contents(bodies[2], "user")[-1]
    assert trial.startswith("Your program got a trial run"), "round 2 is the first trial run"
    assert "Trial run 2 of 3" in trial
    assert output.program == RIGHT


def test_a_library_import_is_stripped_before_the_dry_run(
    server: LoopbackServer, examples: tuple[Example, ...]
) -> None:
    importing = "from company_directory import find_employee, find_manager_of\n\n" + RIGHT
    server.set_reply(replies(fenced(importing), "SUBMIT"))
    output = solve_as_run(agent_for(server, examples), manager_task())
    assert output.details["rounds"][0]["outcome"] == "completed"
    assert output.program == importing  # handed in as written; the runner strips it too


@pytest.mark.parametrize("answer", ["ok", "Looks right to me.", "done"])
def test_a_short_answer_after_a_trial_run_hands_the_program_in(
    server: LoopbackServer, examples: tuple[Example, ...], answer: str
) -> None:
    server.set_reply(replies(fenced(RIGHT), answer))
    output = solve_as_run(agent_for(server, examples), manager_task())
    assert output.program == RIGHT
    assert output.details["stopped"] == "no-program-in-reply"
    assert output.details["dry_runs"] == 1


class BrokenExecutor:
    """An executor whose trial runs never take place (the harness failed)."""

    def dry_run(self, request: DryRunRequest) -> ProgramRun:
        return ProgramRun.model_validate(
            {"outcome": "sandbox_setup_failed", "exception_message": "no zygote"}
        )


def test_a_harness_failure_stops_trial_runs_and_hands_the_program_in(
    server: LoopbackServer, examples: tuple[Example, ...]
) -> None:
    agent = agent_for(server, examples, executor=BrokenExecutor())
    output = solve_as_run(agent, manager_task())
    assert output.details["stopped"] == "dry-run-unavailable"
    assert server.chat_requests == 1
    assert output.program == RIGHT


def test_a_failed_model_call_fails_the_task_and_keeps_the_rounds(
    server: LoopbackServer, examples: tuple[Example, ...]
) -> None:
    def first_reply_then_fail(body: dict[str, Any]) -> str:
        server.enqueue(Fault.bad_request())  # taken by the next request
        return fenced(WRONG_DAY)

    server.set_reply(first_reply_then_fail)
    output = solve_as_run(agent_for(server, examples), manager_task())
    assert output.program is None
    assert output.details["failure"] == "model-call"
    assert output.details["stopped"] == "model-call-failed"
    assert output.details["last_program"] == WRONG_DAY
    assert output.details["dry_runs"] == 1
    assert output.usage["failures"] == 1


def test_settings_say_what_a_dry_run_sees(
    server: LoopbackServer, examples: tuple[Example, ...]
) -> None:
    settings = agent_for(server, examples, dry_runs=2).settings()
    assert settings["max_dry_runs"] == 2
    assert "setup program only" in settings["dry_run_state"]
    assert settings["dry_run_executor_layers"] == ["unsafe-in-process"]
    with pytest.raises(ValueError, match="--dry-runs must be at least 1"):
        agent_for(server, examples, dry_runs=0)


@needs_root
def test_dry_runs_in_the_real_sandbox(
    server: LoopbackServer, examples: tuple[Example, ...]
) -> None:
    server.set_reply(replies(fenced(WRONG_DAY), fenced(RIGHT), "SUBMIT"))
    limits = Limits(wall_seconds=20, cpu_seconds=5, memory_mb=512)
    with SandboxPool(slots=1, limits=limits, library=ASPERA_LIBRARY) as pool:
        output = solve_as_run(agent_for(server, examples, executor=pool), manager_task())
    outcomes = [r["outcome"] for r in output.details["rounds"]]
    assert outcomes == ["agent_exception", "completed"]
    assert output.details["rounds"][0]["exception_type"] == "ValueError"
    feedback = contents(chat_bodies(server)[1], "user")[-1]
    assert "get_next_dow: 'Funday' is not a weekday" in feedback
    assert output.program == RIGHT


class RecordingModel:
    """A chat model that answers with ``replies`` in turn and keeps every request it was sent."""

    def __init__(self, *replies: str) -> None:
        self.replies = replies
        self.requests: list[ChatRequest] = []

    async def complete(self, request: ChatRequest) -> ChatResponse:
        self.requests.append(request)
        return ChatResponse(text=self.replies[min(len(self.requests), len(self.replies)) - 1])


def test_the_first_turn_is_the_cck_agents_word_for_word(examples: tuple[Example, ...]) -> None:
    """Same system prompt, request and decoding as CCK: a reply cached for one serves the other,
    and the self-debugging figure differs from CCK's only by what the trial runs changed."""
    cck_model = RecordingModel(fenced(WRONG_DAY))
    debug_model = RecordingModel(fenced(WRONG_DAY), fenced(RIGHT), "SUBMIT")
    task = manager_task()
    for profile in (FULL, COMPACT):
        common: dict[str, Any] = {"model_name": "m", "examples": examples, "profile": profile}
        solve_as_run(CCKAgent(cck_model, **common), task)
        debugging = SelfDebugAgent(debug_model, InProcessExecutor(library=ASPERA_LIBRARY), **common)
        output = solve_as_run(debugging, task)
        assert output.program == RIGHT
        assert debug_model.requests[0] == cck_model.requests[-1]
        assert debugging.settings()["system_prompt_sha256"] == sha256(
            cck_model.requests[-1].messages[0].content or ""
        )
        debug_model.requests.clear()


def test_only_a_reply_to_a_trial_run_may_be_submit(examples: tuple[Example, ...]) -> None:
    """The local model's grammar offers SUBMIT only where the conversation has explained it."""
    model = RecordingModel("No program yet.", fenced(WRONG_DAY), fenced(RIGHT), "SUBMIT")
    agent = SelfDebugAgent(
        model,
        InProcessExecutor(library=ASPERA_LIBRARY),
        model_name="m",
        examples=examples,
        profile=COMPACT,
    )
    output = solve_as_run(agent, manager_task())
    kinds = [entry["kind"] for entry in output.details["rounds"]]
    assert kinds == ["program-problem", "dry-run", "dry-run"]
    grammars = [request.grammar for request in model.requests]
    assert grammars == [
        PYTHON_BLOCK_GRAMMAR,  # the first reply: CCK's
        PYTHON_BLOCK_GRAMMAR,  # after "your reply cannot be run": a program is needed
        PYTHON_BLOCK_OR_SUBMIT_GRAMMAR,  # after each trial run
        PYTHON_BLOCK_OR_SUBMIT_GRAMMAR,
    ]
    assert output.program == RIGHT
