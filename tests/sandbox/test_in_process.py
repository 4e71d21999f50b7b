"""``InProcessExecutor``: the unsafe path keeps the API, the codec round-trip and the verdicts."""

from __future__ import annotations

from assistworld.apps.work_calendar import Event
from assistworld.sandbox import InProcessExecutor, Limits, PairOutcome, RunOutcome
from tests.sandbox._attacks import returned
from tests.sandbox._tasks import TASKS, dry_run_request, task_request

EXECUTOR = InProcessExecutor(Limits(output_bytes_kept=20))


def test_it_says_it_is_unsafe() -> None:
    assert EXECUTOR.layers == ["unsafe-in-process"]
    assert EXECUTOR.run_task(task_request("manager")).layers == ["unsafe-in-process"]


def test_reference_programs_pass() -> None:
    for name in TASKS:
        assert EXECUTOR.run_task(task_request(name)).passed, name


def test_dry_run_captures_output_up_to_the_limit() -> None:
    program = "import sys\n\ndef talk():\n    print('x' * 50)\n    print('oops', file=sys.stderr)\n"
    run = EXECUTOR.dry_run(dry_run_request("schedule", program))
    assert run.outcome is RunOutcome.completed
    assert run.stdout == "x" * 20
    assert run.stderr == "oops\n"


def test_return_values_cross_the_same_codec_as_in_the_sandbox() -> None:
    program = """
def make_event():
    event = Event(subject="Sync", starts_at=now_())
    add_event(event)
    return event
"""
    run = EXECUTOR.dry_run(dry_run_request("schedule", program))
    event = returned(run)
    assert type(event) is Event and event.event_id is not None
    assert run.api_calls == 2


def test_an_unsendable_value_fails_here_too() -> None:
    run = EXECUTOR.dry_run(dry_run_request("schedule", "def f():\n    return object()\n"))
    assert run.outcome is RunOutcome.agent_exception
    assert run.exception_type == "TypeError"


def test_tracebacks_point_at_the_candidate() -> None:
    run = EXECUTOR.dry_run(dry_run_request("schedule", "def f():\n    return 1 / 0\n"))
    assert run.exception_type == "ZeroDivisionError"
    assert run.traceback is not None and '"<candidate>", line 2' in run.traceback
    assert "assistworld/sandbox" not in run.traceback


def test_a_failing_setup_is_reported_without_running_the_candidate() -> None:
    run = EXECUTOR.dry_run(
        dry_run_request("schedule", "def f():\n    pass\n").model_copy(
            update={"setup_program": "def setup_env_x():\n    raise KeyError('gone')\n"}
        )
    )
    assert run.outcome is RunOutcome.not_run
    assert run.exception_type == "KeyError"


def test_exceeding_the_call_budget() -> None:
    executor = InProcessExecutor(Limits(call_budget=10))
    pair = executor.run_task(
        task_request("schedule", "def f():\n    for _ in range(11):\n        now_()\n")
    ).pairs[0]
    assert pair.outcome is PairOutcome.resource_limit
    assert pair.run is not None and pair.run.api_calls == 11
