from __future__ import annotations

import ast

from assistworld.paradigms.aspera.audit.mutation import generate_mutants

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


STDLIB_PROGRAM = '''def book_review():
    """Book a review on Friday at 15:00 for 30 minutes, and a reminder the day before."""
    day = get_next_dow("Friday")
    start = datetime.datetime.combine(day, datetime.time(15, 0))
    end = start + datetime.timedelta(minutes=30)
    reminder = start.replace(hour=23, minute=59) - timedelta(days=1)
    label = "review".replace("r", "R")
    last = datetime.datetime(2024, 12, 31, 9, 0)
    add_event(Event(subject=label, starts_at=start, ends_at=end))
    return reminder, last
'''


def _stdlib_mutants(operator: str) -> dict[str, str]:
    mutants = generate_mutants(STDLIB_PROGRAM, limit_per_operator=20)
    return {m.description: m.program for m in mutants if m.operator == operator}


def test_stdlib_time_constructors_get_their_fields_shifted_within_range() -> None:
    mutants = _stdlib_mutants("shift-datetime")
    assert "datetime.time(16, 0)" in mutants["line 4: hour 15 -> 16 in time()"]
    assert "datetime.time(15, 1)" in mutants["line 4: minute 0 -> 1 in time()"]
    # where one later is not a valid value, one earlier is used
    assert "start.replace(hour=22, minute=59)" in mutants["line 6: hour 23 -> 22 in replace()"]
    assert "replace(hour=23, minute=58)" in mutants["line 6: minute 59 -> 58 in replace()"]
    assert "datetime.datetime(2024, 12, 30, 9, 0)" in mutants["line 8: day 31 -> 30 in datetime()"]
    assert "datetime.datetime(2024, 11, 31, 9, 0)" not in "".join(mutants.values())
    # a string's replace() is not a date
    assert not any("in replace()" in d and "line 7" in d for d in mutants)
    for program in mutants.values():
        ast.parse(program)


def test_timedeltas_get_longer_and_date_arithmetic_goes_the_other_way() -> None:
    lengths = _stdlib_mutants("shift-timedelta")
    assert "datetime.timedelta(minutes=31)" in lengths["line 5: timedelta 30 -> 31"]
    assert "timedelta(days=2)" in lengths["line 6: timedelta 1 -> 2"]
    directions = _stdlib_mutants("swap-time-direction")
    assert (
        "start - datetime.timedelta(minutes=30)"
        in (directions["line 5: + timedelta -> - timedelta"])
    )
    assert "+ timedelta(days=1)" in directions["line 6: - timedelta -> + timedelta"]
