"""How a pair's verdict class is decided, from exception types and the run record.

These run through ``InProcessExecutor`` (the classification code is the same one the world host
uses) and through ``run_pair`` with made-up run records for the outcomes only a sandbox produces.
"""

from __future__ import annotations

import pytest

from assistworld.apps.workplace.exceptions import RequiresUserInput
from assistworld.paradigms.aspera.tasks.library import ASPERA_LIBRARY
from assistworld.sandbox import (
    CandidateError,
    InProcessExecutor,
    Limits,
    PairOutcome,
    PairResult,
    ProgramRun,
    RunOutcome,
    TaskRequest,
)
from assistworld.sandbox.errors import CandidateRunAborted, candidate_exception
from assistworld.sandbox.pair_runner import run_pair
from assistworld.sandbox.run_record import CandidateOutcome, aborted
from tests.sandbox._tasks import SCHEDULE_EVALUATION, SCHEDULE_SETUP, TASKS, task_request

EXECUTOR = InProcessExecutor(Limits(call_budget=50), library=ASPERA_LIBRARY)
SCHEDULE_PROGRAM = TASKS["schedule"][3]
CALL_AND_CHECK = """
def evaluate_x(query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]):
    setup_function()
    {body}
"""


def evaluation(body: str) -> str:
    return CALL_AND_CHECK.format(body=body)


def run(
    program: str, evaluation_text: str = SCHEDULE_EVALUATION, setup: str = SCHEDULE_SETUP
) -> PairResult:
    request = TaskRequest(
        query_id="q",
        query="q",
        setup_programs=[setup],
        evaluation_programs=[evaluation_text],
        candidate_program=program,
    )
    return EXECUTOR.run_task(request).pairs[0]


@pytest.mark.parametrize(
    ("program", "evaluation_text", "expected", "error_type"),
    [
        (SCHEDULE_PROGRAM, SCHEDULE_EVALUATION, PairOutcome.passed, None),
        (
            "def f():\n    pass\n",
            SCHEDULE_EVALUATION,
            PairOutcome.task_completion_error,
            "SolutionError",
        ),
        (
            "def f():\n    raise ValueError('no')\n",
            SCHEDULE_EVALUATION,
            PairOutcome.execution_error,
            "ValueError",
        ),
        (
            "def f():\n    return lambda: 1\n",
            SCHEDULE_EVALUATION,
            PairOutcome.execution_error,
            "TypeError",
        ),
        (
            "def f():\n    return [1, 2\n",
            SCHEDULE_EVALUATION,
            PairOutcome.execution_error,
            "SyntaxError",
        ),
        ("x = 1\n", SCHEDULE_EVALUATION, PairOutcome.execution_error, "ProgramError"),
        (
            "def f():\n    pass\n\ndef g():\n    pass\n",
            SCHEDULE_EVALUATION,
            PairOutcome.execution_error,
            "ProgramError",
        ),
        (
            "def f():\n    raise RequiresUserInput('who?')\n",
            SCHEDULE_EVALUATION,
            PairOutcome.handback_control_error,
            "RequiresUserInput",
        ),
        (
            "def f():\n    raise RequiresUserInput('who?')\n",
            evaluation("try:\n        executable()\n    except RequiresUserInput:\n        pass"),
            PairOutcome.passed,
            None,
        ),
        (
            "def f():\n    raise RequiresUserInput('who?')\n",
            evaluation(
                "try:\n        executable()\n    except RequiresUserInput:\n"
                "        raise SolutionError('should not ask')"
            ),
            PairOutcome.task_completion_error,
            "SolutionError",
        ),
        (
            "def f():\n    raise ValueError('no')\n",
            evaluation("try:\n        executable()\n    except Exception:\n        pass"),
            PairOutcome.execution_error,
            "ValueError",
        ),
        (
            SCHEDULE_PROGRAM,
            evaluation("executable()\n    assert False, 'nope'"),
            PairOutcome.task_completion_error,
            "AssertionError",
        ),
        (
            SCHEDULE_PROGRAM,
            evaluation("executable()\n    {}['missing']"),
            PairOutcome.task_completion_error,
            "KeyError",
        ),
        (
            SCHEDULE_PROGRAM,
            evaluation("raise SolutionError('too early')"),
            PairOutcome.evaluator_error,
            "SolutionError",
        ),
        (SCHEDULE_PROGRAM, evaluation("pass"), PairOutcome.evaluator_error, "RuntimeError"),
        (
            SCHEDULE_PROGRAM,
            evaluation("executable()\n    executable()"),
            PairOutcome.evaluator_error,
            "ExecutableReused",
        ),
        (SCHEDULE_PROGRAM, "def evaluate_x(:\n", PairOutcome.evaluator_error, "SyntaxError"),
        (SCHEDULE_PROGRAM, "def check():\n    pass\n", PairOutcome.evaluator_error, "ProgramError"),
        (
            "def f():\n    while True:\n        get_current_user()\n",
            SCHEDULE_EVALUATION,
            PairOutcome.resource_limit,
            "call_budget_exceeded",
        ),
        (
            "def f():\n    raise SystemExit(3)\n",
            SCHEDULE_EVALUATION,
            PairOutcome.task_completion_error,
            "SolutionError",
        ),
    ],
)
def test_pair_outcome(
    program: str, evaluation_text: str, expected: PairOutcome, error_type: str | None
) -> None:
    pair = run(program, evaluation_text)
    assert pair.outcome is expected, (pair.error_type, pair.error_message)
    assert pair.passed is (expected is PairOutcome.passed)
    assert pair.error_type == error_type


def test_a_broken_setup_program_is_an_evaluator_error() -> None:
    pair = run(SCHEDULE_PROGRAM, setup="def setup_env_x():\n    find_employee(1, 2, 3)\n")
    assert pair.outcome is PairOutcome.evaluator_error
    assert pair.run is not None and pair.run.outcome is RunOutcome.not_run


@pytest.mark.parametrize(
    ("run_outcome", "expected"),
    [
        (RunOutcome.timeout, PairOutcome.timeout),
        (RunOutcome.cpu_limit, PairOutcome.resource_limit),
        (RunOutcome.memory_limit, PairOutcome.resource_limit),
        (RunOutcome.call_budget_exceeded, PairOutcome.resource_limit),
        (RunOutcome.crashed, PairOutcome.crashed),
        (RunOutcome.protocol_violation, PairOutcome.protocol_violation),
        (RunOutcome.sandbox_setup_failed, PairOutcome.infra_error),
    ],
)
def test_an_aborted_run_decides_the_pair_even_if_the_evaluation_swallows_it(
    run_outcome: RunOutcome, expected: PairOutcome
) -> None:
    """'Correct work, then spin forever': the state may be perfect, the pair still fails."""
    swallowing = evaluation("try:\n        executable()\n    except BaseException:\n        pass")

    def start() -> CandidateOutcome:
        return aborted(ProgramRun(outcome=RunOutcome.not_run), run_outcome, "stopped")

    pair = run_pair(0, SCHEDULE_SETUP, swallowing, "q", None, start, ASPERA_LIBRARY)
    assert pair.outcome is expected
    assert not pair.passed
    assert pair.run is not None and pair.run.outcome is run_outcome


def test_an_aborted_run_raises_a_base_exception_into_the_evaluation() -> None:
    outcome = aborted(ProgramRun(outcome=RunOutcome.not_run), RunOutcome.timeout, "too slow")
    assert isinstance(outcome.error, CandidateRunAborted)
    assert not isinstance(outcome.error, Exception)


def test_candidate_exceptions_are_rebuilt_by_type_name() -> None:
    handback = candidate_exception(
        "RequiresUserInput", "which one?", handback=ASPERA_LIBRARY.handback_type()
    )
    assert type(handback) is RequiresUserInput and str(handback) == "which one?"
    other = candidate_exception("ValueError", "bad date", handback=None)
    assert isinstance(other, CandidateError) and not isinstance(other, ValueError)
    assert type(other).__name__ == "ValueError"
    assert (other.type_name, other.message) == ("ValueError", "bad date")
    odd = candidate_exception("not an identifier!", "x", handback=None)
    assert type(odd).__name__ == "CandidateError"


def test_every_pair_runs_in_a_fresh_world() -> None:
    execution = EXECUTOR.run_task(task_request("manager"))
    assert [p.outcome for p in execution.pairs] == [PairOutcome.passed, PairOutcome.passed]
    leaky = TaskRequest(
        query_id="leak",
        query="q",
        setup_programs=[SCHEDULE_SETUP, SCHEDULE_SETUP],
        evaluation_programs=[SCHEDULE_EVALUATION, SCHEDULE_EVALUATION],
        candidate_program=SCHEDULE_PROGRAM,
    )
    assert EXECUTOR.run_task(leaky).passed
