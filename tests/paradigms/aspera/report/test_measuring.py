"""Measuring each distinct program text once per report build."""

from __future__ import annotations

from assistworld.paradigms.aspera.report.measuring import ProgramMeasurer

PROGRAM = "def f():\n    if find_events():\n        return 1\n    return 0\n"


def test_a_candidate_equal_to_its_reference_gets_the_same_measures() -> None:
    measurer = ProgramMeasurer()
    reference = measurer.reference(PROGRAM)
    candidate = measurer.candidate("from work_calendar import find_events\n" + PROGRAM)
    assert reference is not None and candidate is not None
    assert reference.cyclomatic_complexity == candidate.cyclomatic_complexity == 2
    assert candidate.primitives == ["find_events"]


def test_names_outside_the_given_library_are_not_primitives() -> None:
    measured = ProgramMeasurer(library_names={"add_event"}).reference(PROGRAM)
    assert measured is not None and measured.primitives == []


def test_library_imports_do_not_count_as_lines() -> None:
    with_import = "from work_calendar import find_events\n\ndef f():\n    return find_events()\n"
    without = "def f():\n    return find_events()\n"
    measurer = ProgramMeasurer()
    measured, plain = measurer.candidate(with_import), measurer.candidate(without)
    assert measured is not None and plain is not None
    assert measured.lines == plain.lines == 2


def test_a_program_that_does_not_parse_is_not_measured() -> None:
    measurer = ProgramMeasurer()
    assert measurer.candidate("def f(:\n") is None
    assert measurer.candidate(None) is None
    assert measurer.reference("def f(:\n") is None
