"""The audit gate refuses unsound tasks and says why, with the surviving mutants."""

from __future__ import annotations

import pytest

from assistworld.paradigms.aspera.authoring.gate import (
    audit_candidate,
    automatic_refusals,
    evidence_text,
)
from assistworld.paradigms.aspera.tasks.library import ASPERA_LIBRARY
from assistworld.paradigms.aspera.tasks.model import Task
from assistworld.sandbox import InProcessExecutor
from tests.paradigms.aspera.authoring._scripted import (
    LAX_EVALUATION,
    LOOSE_EVALUATION,
    LUNCH_PLAN,
    LUNCH_PROGRAM,
    LUNCH_QUERY,
    LUNCH_SETUP,
    STRICT_EVALUATION,
)


def _task(evaluation: str, program: str = LUNCH_PROGRAM) -> Task:
    return Task.model_validate(
        {
            "query_id": "t",
            "query": LUNCH_QUERY,
            "program": program,
            "state_generation_programs": [LUNCH_SETUP],
            "evaluation_programs": [evaluation],
        }
    )


def test_a_strict_evaluation_passes_the_gate() -> None:
    verdict = audit_candidate(_task(STRICT_EVALUATION), InProcessExecutor(library=ASPERA_LIBRARY))
    assert verdict.problems == [] and verdict.doubts == []
    assert verdict.kill_rate == 1.0 and verdict.survivors == []
    assert automatic_refusals(verdict) == []


def test_an_evaluation_that_checks_nothing_is_refused_with_every_survivor() -> None:
    verdict = audit_candidate(_task(LAX_EVALUATION), InProcessExecutor(library=ASPERA_LIBRARY))
    assert verdict.problems[0] == "a do-nothing program passes"
    # only the write turned into a deletion is rejected (an event never created cannot be
    # deleted); the nine others all get the outcome wrong
    assert verdict.problems[1].startswith("the evaluation kills 10% of the mutants (1/10)")
    assert verdict.problems[2].startswith(
        "the evaluation accepts 9 mutant(s) that change the task's outcome"
    )
    assert verdict.null_passed and verdict.killed == 1
    text = evidence_text(verdict)
    assert "- swap-weekday: line 6: Thursday -> Friday" in text
    assert '-- in: thursday = get_next_dow("Thursday")' in text


def test_a_loose_evaluation_is_refused_for_its_kill_rate() -> None:
    verdict = audit_candidate(_task(LOOSE_EVALUATION), InProcessExecutor(library=ASPERA_LIBRARY))
    assert not verdict.null_passed
    assert verdict.problems[0] == (
        "the evaluation kills 30% of the mutants (3/10), below the required 60%: it accepts "
        "wrong programs"
    )
    outcome = "the evaluation accepts 7 mutant(s) that change the task's outcome"
    assert len(verdict.problems) == 2 and verdict.problems[1].startswith(outcome)
    # a lower bar lets the kill rate pass, but not survivors that get the task's outcome wrong
    relaxed = audit_candidate(
        _task(LOOSE_EVALUATION), InProcessExecutor(library=ASPERA_LIBRARY), min_kill_rate=0.2
    )
    assert len(relaxed.problems) == 1 and relaxed.problems[0].startswith(outcome)
    assert relaxed.doubts == ["7 mutant(s) survive: the evaluation accepts them"]


def test_a_reference_that_fails_its_own_evaluation_is_refused() -> None:
    wrong = LUNCH_PROGRAM.replace("time_by_hm(12, 30", "time_by_hm(11, 30")
    verdict = audit_candidate(
        _task(STRICT_EVALUATION, wrong), InProcessExecutor(library=ASPERA_LIBRARY)
    )
    assert verdict.problems[0].startswith(
        "reference program fails (task_completion_error: pair 0: SolutionError"
    )


@pytest.mark.parametrize(("returns", "doubt"), [("None", True), ("'Monday'", False)])
def test_a_question_a_do_nothing_program_answers_is_only_a_doubt(returns: str, doubt: bool) -> None:
    program = f'def {LUNCH_PLAN}() -> str:\n    """Which day?"""\n    return {returns}'
    evaluation = (
        f"def evaluate_{LUNCH_PLAN}(query, executable, setup_function):\n"
        "    setup_function()\n"
        "    before = snapshot_world()\n"
        f"    if executable() != {returns}:\n"
        '        raise SolutionError("Incorrect solution")\n'
        "    assert_no_changes_since(before)"
    )
    verdict = audit_candidate(_task(evaluation, program), InProcessExecutor(library=ASPERA_LIBRARY))
    assert verdict.problems == []
    assert verdict.null_passed is doubt
    assert any("do-nothing" in d for d in verdict.doubts) is doubt
    assert ("a do-nothing program passes" in automatic_refusals(verdict)) is doubt
