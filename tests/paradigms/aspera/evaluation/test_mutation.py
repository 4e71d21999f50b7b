from __future__ import annotations

import ast

from assistworld.paradigms.aspera.evaluation.mutation import generate_mutants

PROGRAM = '''def schedule_sync() -> bool:
    """Schedule a sync with Bob next Friday at 10:30 am unless he is away."""
    bob = find_employee("Bob")[0]
    start = combine(get_next_dow("Friday"), time_by_hm(10, 30, "am"))
    event = Event(attendees=[bob], starts_at=start)
    if get_vacation_schedule(bob) is None:
        add_event(event)
        return True
    return False
'''


def _by_operator(operator: str) -> list[str]:
    return [m.program for m in generate_mutants(PROGRAM) if m.operator == operator]


def test_every_operator_that_applies_makes_a_parsable_distinct_mutant() -> None:
    mutants = generate_mutants(PROGRAM)
    operators = {m.operator for m in mutants}
    assert {
        "shift-time",
        "swap-weekday",
        "remove-call",
        "drop-attendee",
        "extra-event",
        "change-return",
        "flip-condition",
        "swap-comparison",
    } <= operators
    texts = [m.program for m in mutants]
    assert len(texts) == len(set(texts))
    original = ast.unparse(ast.parse(PROGRAM))
    for text in texts:
        ast.parse(text)
        assert text != original


def test_time_shift_changes_the_hour_passed_to_time_by_hm() -> None:
    assert any("time_by_hm(11, 30, 'am')" in p for p in _by_operator("shift-time"))


def test_remove_call_drops_the_add_event_statement() -> None:
    (mutant,) = _by_operator("remove-call")
    assert "add_event" not in mutant


def test_drop_attendee_slices_the_list() -> None:
    (mutant,) = _by_operator("drop-attendee")
    assert "attendees=[bob][:-1]" in mutant


def test_extra_event_adds_a_second_add_event_after_the_docstring() -> None:
    (mutant,) = _by_operator("extra-event")
    body = ast.parse(mutant).body[0]
    assert isinstance(body, ast.FunctionDef)
    assert "Unrequested" in ast.unparse(body.body[1])


def test_flip_condition_negates_the_if() -> None:
    (mutant,) = _by_operator("flip-condition")
    assert "if not get_vacation_schedule(bob) is None" in mutant


def test_return_mutants_return_none_or_a_different_value() -> None:
    returns = _by_operator("change-return")
    assert any("return None" in p for p in returns)
    assert any("isinstance" in p for p in returns)
