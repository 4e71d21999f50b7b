"""The per-task outcome rule does not flag what the user could not tell apart, nor a choice the
task leaves open when the evaluation checks that field; it flags a field nobody checks."""

from __future__ import annotations

from pathlib import Path

from assistworld.paradigms.aspera.audit.field_probe import probe_program
from assistworld.paradigms.aspera.audit.mutation_audit import (
    TaskMutationAudit,
    audit_mutants,
)
from assistworld.paradigms.aspera.tasks.library import ASPERA_LIBRARY
from assistworld.paradigms.aspera.tasks.taskfile import load_task_file, parse_task_source
from assistworld.sandbox import InProcessExecutor

WORKPLACE = Path(__file__).resolve().parents[4] / "src" / "assistworld_suites" / "workplace"


def _audit(name: str) -> TaskMutationAudit:
    task = load_task_file(WORKPLACE / f"{name}.py")
    (audit,) = audit_mutants([task], InProcessExecutor(library=ASPERA_LIBRARY), workers=1).tasks
    return audit


def _verdict(audit: TaskMutationAudit, operator: str) -> tuple[bool, bool, str]:
    (found,) = [v for v in audit.verdicts if v.mutant.operator == operator and not v.killed]
    return found.equivalent, found.changes_outcome, found.effect


def test_a_series_written_another_way_with_the_same_occurrences_is_equivalent() -> None:
    # daily on weekdays or weekly on five days: the same ten lunch blocks
    audit = _audit("recurring_015_lunch_block_ten_working_days")
    assert _verdict(audit, "swap-enum") == (True, False, "")
    assert audit.survivors == []


def test_a_duration_in_another_unit_is_the_same_answer() -> None:
    audit = _audit("mixed_027_birch_overrun_headroom")
    assert any(
        v.equivalent and "TimeUnits.Minutes -> Days" in v.mutant.description for v in audit.verdicts
    )
    assert audit.outcome_survivors == []


def test_another_free_room_is_excused_where_the_evaluation_checks_rooms() -> None:
    audit = _audit("mixed_026_auditors_room_three_days")
    equivalent, flagged, effect = _verdict(audit, "change-index")
    assert (equivalent, flagged, effect) == (False, False, "changes location")


def test_the_same_choice_is_flagged_once_no_pair_checks_the_room() -> None:
    first_pair = (
        '    if any((e.location or "").strip().casefold() != "belvedere" for e in held):\n'
        '        raise SolutionError("Incorrect solution")\n',
        "",
    )
    second_pair = (
        '        if (event.location or "").strip().casefold() not in rooms:\n'
        '            raise SolutionError("Incorrect solution")\n',
        "        pass\n",
    )
    path = WORKPLACE / "mixed_026_auditors_room_three_days.py"
    text = path.read_text(encoding="utf-8")
    assert first_pair[0] in text and second_pair[0] in text
    task = parse_task_source(text.replace(*first_pair).replace(*second_pair), str(path)).task
    (audit,) = audit_mutants([task], InProcessExecutor(library=ASPERA_LIBRARY), workers=1).tasks
    assert [v.effect for v in audit.outcome_survivors] == ["changes location"]
    assert audit.kill_rate >= 0.9  # the averaged rules alone would let it through


def test_a_field_probe_runs_the_reference_and_changes_one_field_of_what_it_wrote() -> None:
    reference = 'def book():\n    """Book it."""\n    add_event(Event(subject="A", starts_at=x))\n'
    probe = probe_program(reference, "location")
    assert "def field_probe():" in probe and "    def book():" in probe
    assert "setattr(_row, 'location', _changed(getattr(_row, 'location')))" in probe
