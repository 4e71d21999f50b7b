"""``InProcessExecutor``: the unsafe path keeps the API, the codec round-trip and the verdicts."""

from __future__ import annotations

from assistworld.apps.workplace.work_calendar import Event
from assistworld.paradigms.aspera.tasks.library import ASPERA_LIBRARY
from assistworld.sandbox import InProcessExecutor, Limits, PairOutcome, PairResult, RunOutcome
from tests.sandbox._attacks import returned
from tests.sandbox._tasks import TASKS, dry_run_request, task_request

EXECUTOR = InProcessExecutor(Limits(output_bytes_kept=20), library=ASPERA_LIBRARY)


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
    assert (run.api_calls, run.local_calls) == (1, 1)  # now_() is clock-only, as in the sandbox


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


def first_pair_with_budget_10(program: str) -> PairResult:
    """The first pair of the schedule task with ``program`` as the candidate, budget 10."""
    return (
        InProcessExecutor(Limits(call_budget=10), library=ASPERA_LIBRARY)
        .run_task(task_request("schedule", program))
        .pairs[0]
    )


def test_exceeding_the_call_budget() -> None:
    pair = first_pair_with_budget_10(
        "def f():\n    for _ in range(11):\n        get_current_user()\n"
    )
    assert pair.outcome is PairOutcome.resource_limit
    assert pair.run is not None and pair.run.api_calls == 11


def test_clock_only_calls_are_counted_apart_and_outside_the_budget() -> None:
    pair = first_pair_with_budget_10("def f():\n    for _ in range(50):\n        now_()\n")
    assert pair.run is not None
    assert (pair.run.outcome, pair.run.api_calls, pair.run.local_calls) == (
        RunOutcome.completed,
        0,
        50,
    )


def test_an_endless_loop_of_clock_only_calls_still_ends_here() -> None:
    """In-process there is no CPU limit: a loose cap of its own stops such a loop."""
    pair = first_pair_with_budget_10("def f():\n    while True:\n        now_()\n")
    assert pair.outcome is PairOutcome.resource_limit
    assert pair.run is not None and pair.run.outcome is RunOutcome.call_budget_exceeded
    assert pair.run.local_calls == 1001
    assert pair.error_message == "more than 1000 time-utility calls"
