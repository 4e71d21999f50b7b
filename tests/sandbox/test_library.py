"""A program library is handed to the executors whole: its modules, the globals its tasks' setup
and evaluation programs find, and the class a program's hand-back is rebuilt as."""

from __future__ import annotations

import pytest

from assistworld.apps import personal, workplace
from assistworld.apps.personal.errors import RequiresUserInput as PersonalHandBack
from assistworld.apps.workplace.exceptions import RequiresUserInput as WorkplaceHandBack
from assistworld.sandbox import (
    InProcessExecutor,
    LibraryError,
    Limits,
    PairOutcome,
    ProgramLibrary,
    TaskRequest,
)
from assistworld.tools.handback import HandBack
from assistworld.tools.toolset import Toolset

PERSONAL = ProgramLibrary.of(personal.toolset())
WORKPLACE = ProgramLibrary.of(workplace.toolset())
SETUP = "def setup_env_nothing():\n    pass\n"
ASKS = (
    "def ask():\n"
    "    raise RequiresUserInput(f'{len(search_contacts(query=\"Priya\"))} Priyas; which one?')\n"
)
EXPECTS_THE_QUESTION = """
def evaluate_asks(query, executable, setup_function):
    setup_function()
    try:
        executable()
    except RequiresUserInput as question:
        if "which one?" not in str(question):
            raise AssertionError(str(question))
        return
    raise AssertionError("the program did not ask")
"""


def _one_pair(program: str, evaluation: str) -> TaskRequest:
    return TaskRequest(
        query_id="q",
        query="Call Priya",
        setup_programs=[SETUP],
        evaluation_programs=[evaluation],
        candidate_program=program,
    )


def test_each_library_rebuilds_a_hand_back_as_its_own_class() -> None:
    assert WORKPLACE.handback_type() is WorkplaceHandBack
    assert PERSONAL.handback_type() is PersonalHandBack
    assert issubclass(WorkplaceHandBack, HandBack) and issubclass(PersonalHandBack, HandBack)
    assert not issubclass(PersonalHandBack, WorkplaceHandBack)  # the families stand alone


def test_a_personal_programs_question_reaches_the_evaluation_as_a_hand_back() -> None:
    """With no setup or evaluation tools named, a task's own programs find the candidate's
    names; the hand-back arrives as the personal ``RequiresUserInput`` and the pair passes."""
    executor = InProcessExecutor(Limits(call_budget=10), library=PERSONAL)
    execution = executor.run_task(_one_pair(ASKS, EXPECTS_THE_QUESTION))
    (pair,) = execution.pairs
    assert pair.outcome is PairOutcome.passed, pair.error_message
    assert pair.run is not None and pair.run.exception_type == "RequiresUserInput"


def test_an_exception_that_is_no_hand_back_is_an_execution_error() -> None:
    executor = InProcessExecutor(Limits(call_budget=10), library=PERSONAL)
    program = "def ask():\n    raise PersonalAppError('no')\n"
    (pair,) = executor.run_task(_one_pair(program, EXPECTS_THE_QUESTION)).pairs
    assert pair.outcome is PairOutcome.execution_error


def test_the_namespaces_of_a_tasks_programs_are_named_by_function() -> None:
    library = ProgramLibrary.of(
        personal.toolset(),
        setup_namespace="assistworld.apps.personal:namespace",
        evaluation_namespace="assistworld.apps.workplace:namespace",
    )
    assert library.setup_globals().keys() == personal.namespace().keys()
    assert "find_employee" in library.evaluation_globals()
    assert ProgramLibrary.model_validate_json(library.model_dump_json()) == library
    library.load()


def test_a_library_without_them_gives_its_tasks_programs_the_candidates_names() -> None:
    names = PERSONAL.setup_globals()
    assert names.keys() == PERSONAL.evaluation_globals().keys() == personal.namespace().keys()
    names["search_contacts"] = None
    assert PERSONAL.setup_globals()["search_contacts"] is not None  # a fresh dict each time


def test_a_bad_reference_is_refused_with_the_form_to_write() -> None:
    with pytest.raises(ValueError, match=r"write it as 'package\.module:function'"):
        ProgramLibrary(modules=("assistworld.apps.personal.contacts",), setup_namespace="nowhere")
    missing = ProgramLibrary(
        modules=("assistworld.apps.personal.contacts",),
        evaluation_namespace="assistworld.apps.personal:no_such_function",
    )
    with pytest.raises(LibraryError, match="has no function 'no_such_function'"):
        missing.evaluation_globals()
    with pytest.raises(LibraryError, match="has no function"):
        missing.load()
    not_a_dict = ProgramLibrary(
        modules=("assistworld.apps.personal.contacts",),
        setup_namespace="assistworld.apps.personal:library_modules",
    )
    with pytest.raises(LibraryError, match="returned tuple, not a dict of names"):
        not_a_dict.setup_globals()


def test_a_library_may_export_one_hand_back_only() -> None:
    both = ProgramLibrary.of(Toolset([personal.errors, workplace.exceptions]))
    with pytest.raises(LibraryError, match="exports 2 hand-back exceptions"):
        both.handback_type()
    assert ProgramLibrary.of(Toolset([personal.contacts])).handback_type() is HandBack
