"""``generate --auto`` end to end against the scripted loopback model: only audited tasks are kept.

Also the command's refusals of bad input, and a session that the model fails halfway resuming.
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from assistworld.llm.loopback import Fault, LoopbackServer
from assistworld.paradigms.aspera.authoring.command import generate_command
from assistworld.paradigms.aspera.tasks.suite import load_suite
from tests.paradigms.aspera.authoring._scripted import (
    LAX_EVALUATION,
    LOOSE_EVALUATION,
    LUNCH_PLAN,
    LUNCH_PROGRAM,
    LUNCH_QUERY,
    STRICT_EVALUATION,
    ScriptedReplies,
    last_user_turn,
)


@pytest.fixture
def replies() -> ScriptedReplies:
    return ScriptedReplies(programs=(LUNCH_PROGRAM,), evaluation=STRICT_EVALUATION)


@pytest.fixture
def server(replies: ScriptedReplies) -> Iterator[LoopbackServer]:
    with LoopbackServer(reply=replies) as running:
        yield running


def _run(root: Path, server: LoopbackServer, session: str = "session", **options: Any) -> int:
    settings: dict[str, Any] = {
        "focus": "lunches",
        "queries_file": None,
        "n": 1,
        "auto": True,
        "session_dir": root / session,
        "unsafe": True,
        "console": Console(file=io.StringIO(), width=200),
    }
    settings.update(options)
    model = f"openai-compatible:loopback-model@{server.base_url}"
    return generate_command(root / "suite", model, **settings)


def _lines(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.mark.parametrize(
    ("evaluation", "reason"),
    [
        (LAX_EVALUATION, "a do-nothing program passes"),
        (
            LOOSE_EVALUATION,
            "the evaluation kills 30% of the mutants (3/10), below the required 60%",
        ),
    ],
    ids=["null-passes", "mutants-survive"],
)
def test_auto_mode_refuses_a_task_whose_evaluation_is_too_lax(
    tmp_path: Path,
    replies: ScriptedReplies,
    server: LoopbackServer,
    evaluation: str,
    reason: str,
) -> None:
    replies.evaluation = evaluation
    assert _run(tmp_path, server) == 0
    assert list((tmp_path / "suite").glob("*.py")) == []
    [rejected] = _lines(tmp_path / "session" / "rejected.jsonl")
    assert rejected["stage"] == "audit" and rejected["query"] == LUNCH_QUERY
    assert any(item.startswith(reason) for item in rejected["reasons"])
    survivors = rejected["verdict"]["survivors"]
    # lines of the task file the engine wrote, each with the reference line it names
    weekday = 'swap-weekday: line 25: Thursday -> Friday -- in: thursday = get_next_dow("Thursday")'
    assert weekday in survivors
    assert any(s.startswith("drop-attendee: line 28") for s in survivors)
    report = json.loads((tmp_path / "session" / "report.json").read_text())
    assert (report["programs"], report["accepted"], report["rejected"]) == (1, [], 1)


def test_auto_mode_keeps_a_task_that_passes_every_audit(
    tmp_path: Path, server: LoopbackServer
) -> None:
    assert _run(tmp_path, server, category="Lunch plans") == 0
    suite = load_suite(tmp_path / "suite")
    [task] = suite.tasks
    assert task.query_id == f"lunch_plans_001_{LUNCH_PLAN}"
    assert task.query == LUNCH_QUERY and task.category == "Lunch plans"
    assert task.scenario is not None and task.scenario.model_extra == {
        "generator": "openai-compatible:loopback-model",
        "focus": "lunches",
    }
    report = json.loads((tmp_path / "session" / "report.json").read_text())
    assert report["accepted"] == [task.query_id] and report["rejected"] == 0


def test_a_second_session_does_not_repeat_the_suite_and_is_told_its_queries(
    tmp_path: Path, replies: ScriptedReplies, server: LoopbackServer
) -> None:
    assert _run(tmp_path, server, session="first") == 0
    assert _run(tmp_path, server, session="second") == 0
    # the invention prompt listed the suite's query; the repeated program was rejected
    inventions = [
        last_user_turn(r.body)
        for r in server.requests
        if r.body and last_user_turn(r.body).startswith("## Step: invent")
    ]
    assert len(inventions) == 2
    assert f"- {LUNCH_QUERY}" not in inventions[0]
    assert f"- {LUNCH_QUERY}" in inventions[1]
    [rejected] = _lines(tmp_path / "second" / "rejected.jsonl")
    assert rejected["reasons"][0].startswith("repeats an earlier query (100%)")
    assert len(load_suite(tmp_path / "suite").tasks) == 1


def test_queries_mode_writes_programs_for_the_persons_queries(
    tmp_path: Path, replies: ScriptedReplies, server: LoopbackServer
) -> None:
    queries = tmp_path / "queries.txt"
    mine = "Assistant, set up lunch with Ingrid and Kwame on Thursday, 12:30 to 1:30."
    queries.write_text(f"# my queries\n\n{mine}\n", encoding="utf-8")
    assert _run(tmp_path, server, queries_file=queries, focus=None) == 0
    [task] = load_suite(tmp_path / "suite").tasks
    assert task.query == mine  # the person's words, not the model's docstring
    assert replies.count("## Step: write programs for given requests") == 1
    asked = next(r.body for r in server.requests if r.body)
    assert f"1. {mine}" in asked["messages"][-1]["content"]
    # every query has its program: running again asks the model nothing new
    before = server.chat_requests
    assert _run(tmp_path, server, queries_file=queries, focus=None, rounds=2) == 0
    assert server.chat_requests == before


def test_a_session_stopped_by_a_model_failure_resumes_where_it_stopped(
    tmp_path: Path, replies: ScriptedReplies, server: LoopbackServer
) -> None:
    def fail_the_next_request(body: dict[str, Any]) -> str:
        reply = replies(body)
        if last_user_turn(body).startswith("## Step: invent"):
            server.enqueue(Fault.bad_request())  # the setup request is refused (not retried)
        return reply

    server.set_reply(fail_the_next_request)
    stream = io.StringIO()
    assert _run(tmp_path, server, console=Console(file=stream, width=300)) == 1
    assert "the model failed" in stream.getvalue()
    state = json.loads((tmp_path / "session" / "state.json").read_text())
    assert state["rounds"][0]["drafts"][0]["step"] == "write-setup"
    assert list((tmp_path / "suite").glob("*.py")) == []

    server.set_reply(replies)
    assert _run(tmp_path, server) == 0
    assert replies.count("## Step: invent") == 1  # the programs were not asked for again
    assert len(load_suite(tmp_path / "suite").tasks) == 1


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"n": 0}, "--n must be at least 1"),
        ({"min_kill_rate": 1.5}, "--min-kill-rate must be between 0 and 1"),
        ({"queries_file": Path("missing.txt")}, "cannot read the queries file"),
        ({"guidelines_file": Path("missing.yaml")}, "cannot read the guidelines file"),
        ({"category": "  "}, "--category must not be empty"),
    ],
)
def test_bad_options_are_refused_with_a_message(
    tmp_path: Path, server: LoopbackServer, options: dict[str, Any], message: str
) -> None:
    stream = io.StringIO()
    status = _run(tmp_path, server, console=Console(file=stream, width=300), **options)
    assert status == 2
    assert message in stream.getvalue()
    assert server.chat_requests == 0


def test_a_bad_model_string_and_a_foreign_session_are_refused(
    tmp_path: Path, server: LoopbackServer
) -> None:
    stream = io.StringIO()
    console = Console(file=stream, width=300)
    status = generate_command(
        tmp_path / "suite",
        "gpt-4o",
        focus=None,
        queries_file=None,
        n=1,
        auto=True,
        session_dir=tmp_path / "session",
        console=console,
    )
    assert status == 2 and "has no provider prefix" in stream.getvalue()
    assert _run(tmp_path, server) == 0
    before = server.chat_requests
    status = _run(tmp_path / "x", server, session_dir=tmp_path / "session", console=console)
    assert status == 2
    assert "writes to the suite" in stream.getvalue()
    assert server.chat_requests == before
