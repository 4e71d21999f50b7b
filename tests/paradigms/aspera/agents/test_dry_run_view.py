"""What a self-debugging model reads of a trial run, per outcome."""

from __future__ import annotations

import pytest

from assistworld.paradigms.aspera.agents.dry_run_view import (
    MAX_SHOWN_CHARS,
    clip,
    developer_view,
    run_record,
)
from assistworld.paradigms.aspera.agents.prompts import PromptBook
from assistworld.paradigms.aspera.tasks.library import aspera_codec
from assistworld.sandbox import ProgramRun, RunOutcome

CODEC = aspera_codec()


def run(**fields: object) -> ProgramRun:
    return ProgramRun.model_validate({"outcome": "completed", **fields})


def test_a_returned_library_value_is_shown_as_python_prints_it() -> None:
    encoded = {
        "$t": "tuple",
        "v": [{"$t": "date", "v": "2024-06-25"}, {"$t": "enum", "c": "Team", "v": "Finance"}],
    }
    view = developer_view(run(return_value=encoded), CODEC)
    assert view["summary"] == "the program finished."
    assert view["return_value"] == "(datetime.date(2024, 6, 25), <Team.Finance: 'Finance'>)"


def test_none_is_said_in_the_summary() -> None:
    view = developer_view(run(stdout="hi\n"), CODEC)
    assert view["summary"] == "the program finished and returned None."
    assert view["return_value"] is None
    assert view["stdout"] == "hi"


def test_an_exception_shows_type_message_and_traceback() -> None:
    view = developer_view(
        run(
            outcome="agent_exception",
            exception_type="KeyError",
            exception_message="'Zed'",
            traceback="Traceback (most recent call last):\n  ...\nKeyError: 'Zed'\n",
        ),
        CODEC,
    )
    assert view["summary"] == "the program raised KeyError: 'Zed'"
    assert view["traceback"].endswith("KeyError: 'Zed'")


@pytest.mark.parametrize(
    ("outcome", "words"),
    [
        (RunOutcome.timeout, "time limit"),
        (RunOutcome.memory_limit, "out of memory"),
        (RunOutcome.call_budget_exceeded, "too many library calls"),
        (RunOutcome.crashed, "died"),
        (RunOutcome.sandbox_setup_failed, "could not take place"),
        (RunOutcome.not_run, "could not take place"),
    ],
)
def test_stopped_runs_are_explained_without_internals(outcome: RunOutcome, words: str) -> None:
    view = developer_view(
        run(outcome=outcome.value, exception_message="worker 3 pipe closed"), CODEC
    )
    assert words in view["summary"]
    assert "worker 3" not in str(view)


def test_long_output_is_cut_and_the_cut_is_said() -> None:
    view = developer_view(run(stdout="x" * (MAX_SHOWN_CHARS + 10)), CODEC)
    assert view["stdout"].endswith("[10 more characters not shown]")
    assert clip("short") == "short"


def test_the_feedback_turn_renders_every_part() -> None:
    view = developer_view(run(return_value=3, stdout="a", stderr="b"), CODEC)
    text = PromptBook().dry_run_feedback(view, 1, 3, first_trial=False)
    assert text.startswith("Trial run 1 of 3: the program finished.")
    assert "Returned value:\n```\n3\n```" in text
    assert "Printed output:\n```\na\n```" in text
    assert "Printed to standard error:\n```\nb\n```" in text
    assert "it will get a trial run" in text
    assert "That was your last trial run" in PromptBook().dry_run_feedback(
        view, 3, 3, first_trial=False
    )


def test_the_record_for_the_report_keeps_the_outcome() -> None:
    record = run_record(run(outcome="agent_exception", exception_type="ValueError", api_calls=2))
    assert record == {
        "outcome": "agent_exception",
        "exception_type": "ValueError",
        "exception_message": None,
        "api_calls": 2,
        "returned": False,
    }
