"""One task with two starting states, made in an interactive session driven in-process.

The person's answers are fed to ``input()``; the model is the scripted loopback server.
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.console import Console

from assistworld.llm.loopback import LoopbackServer
from assistworld.paradigms.aspera.authoring.command import generate_command
from assistworld.paradigms.aspera.tasks.suite import load_suite
from tests.paradigms.aspera.authoring._scripted import (
    LUNCH_PLAN,
    LUNCH_PROGRAM,
    STRICT_EVALUATION,
    ScriptedReplies,
    last_user_turn,
)


@pytest.fixture
def answers(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    given: list[str] = []

    def answer(prompt: object = "") -> str:
        if not given:
            raise EOFError
        return given.pop(0)

    monkeypatch.setattr("builtins.input", answer)
    return given


@pytest.fixture
def server() -> Iterator[LoopbackServer]:
    replies = ScriptedReplies(programs=(LUNCH_PROGRAM,), evaluation=STRICT_EVALUATION)
    with LoopbackServer(reply=replies) as running:
        yield running


def _generate(tmp_path: Path, server: LoopbackServer, output: io.StringIO) -> int:
    return generate_command(
        tmp_path / "suite",
        f"openai-compatible:loopback-model@{server.base_url}",
        focus=None,
        queries_file=None,
        n=1,
        auto=False,
        session_dir=tmp_path / "session",
        console=Console(file=output, width=200),
        unsafe=True,
    )


def test_the_person_adds_a_second_starting_state(
    tmp_path: Path, server: LoopbackServer, answers: list[str]
) -> None:
    answers.extend(
        [
            "",  # focus: none
            "",  # the staging file is fine as it is
            "",  # no instructions for the first setup
            "+ the user already has a lunch on Thursday",
            "",  # both setups are fine: write the evaluations
            "",  # run the audits
            "n",  # no other round
        ]
    )
    output = io.StringIO()
    assert _generate(tmp_path, server, output) == 0
    assert answers == []
    [task] = load_suite(tmp_path / "suite").tasks
    assert task.setup_function_names == [f"setup_env_{LUNCH_PLAN}", f"setup_env_{LUNCH_PLAN}_2"]
    assert task.evaluation_function_names == [f"evaluate_{LUNCH_PLAN}", f"evaluate_{LUNCH_PLAN}_2"]
    asked = [last_user_turn(r.body) for r in server.requests if r.body]
    second_setup = next(turn for turn in asked if f"`setup_env_{LUNCH_PLAN}_2`" in turn[:200])
    assert "# TODO: the user already has a lunch on Thursday" in second_setup
    assert f"def setup_env_{LUNCH_PLAN}():" in second_setup  # shown as the other starting state
    evaluations = [turn for turn in asked if turn.startswith("## Step: write the evaluation")]
    assert len(evaluations) == 2


def test_leaving_at_a_question_saves_the_session_for_later(
    tmp_path: Path, server: LoopbackServer, answers: list[str]
) -> None:
    answers.extend(["", "", "", "q the query is too easy"])  # then end of input
    output = io.StringIO()
    assert _generate(tmp_path, server, output) == 130
    assert "run the same command again to continue" in output.getvalue()
    asked = server.chat_requests
    answers.append("n")  # the resumed session asks again whether to start another round
    assert _generate(tmp_path, server, output) == 0
    assert answers == [] and server.chat_requests == asked
    [aside] = [
        json.loads(line)
        for line in (tmp_path / "session" / "quarantine.jsonl").read_text().splitlines()
    ]
    assert aside["reason"] == "the query is too easy" and aside["stage"] == "review-setups"
    assert (
        (tmp_path / "session" / aside["file"])
        .read_text()
        .startswith("# quarantined: the query is too easy\n")
    )
    assert list((tmp_path / "suite").glob("*.py")) == []
