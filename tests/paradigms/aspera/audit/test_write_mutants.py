"""Mutants that drop or destroy the work: which calls are writes comes from the library's
declarations, a write becomes its deletion or lands on another record of the same search, and
every description names a line of the task's file."""

from __future__ import annotations

import ast
from pathlib import Path

from assistworld.apps import workplace
from assistworld.paradigms.aspera.audit.mutation import generate_mutants
from assistworld.paradigms.aspera.audit.mutation_audit import program_first_line
from assistworld.paradigms.aspera.audit.write_mutants import write_tools
from assistworld.paradigms.aspera.tasks.taskfile import load_task_file
from assistworld.tools.declaration import spec_of

WORKPLACE = Path(__file__).resolve().parents[4] / "src" / "assistworld_suites" / "workplace"

MOVE = '''def move_standups():
    """Move every standup tomorrow an hour later."""
    standups = find_events(subject="standup")
    for event in standups:
        event.starts_at = event.starts_at + datetime.timedelta(hours=1)
        add_event(event)
    cancelled = next(e for e in standups if e.subject == "Old standup")
    delete_event(cancelled)
    share_calendar([find_employee("Bob")[0]])
'''


def _mutants(operator: str, program: str = MOVE, first_line: int = 1) -> dict[str, str]:
    return {
        m.description: m.program
        for m in generate_mutants(program, first_line=first_line, limit_per_operator=20)
        if m.operator == operator
    }


def test_write_tools_are_read_from_the_declarations_with_their_matching_deletion() -> None:
    tools = write_tools(workplace.toolset())
    declared = {
        name
        for name, value in workplace.namespace().items()
        if (spec := spec_of(value)) is not None and spec.effect == "write"
    }
    assert set(tools) == declared == {"add_event", "delete_event", "share_calendar"}
    assert tools["add_event"].deletion == "delete_event"
    assert tools["add_event"].id_field == "event_id"
    assert tools["delete_event"].deletion is None  # a deletion has nothing to turn into
    assert tools["share_calendar"].deletion is None  # no deletion takes a list of people


def test_every_write_call_can_be_left_out() -> None:
    removed = _mutants("remove-call")
    assert set(removed) == {
        "line 6: removed a add_event call",
        "line 8: removed a delete_event call",
        "line 9: removed a share_calendar call",
    }
    assert "add_event" not in removed["line 6: removed a add_event call"]


def test_a_write_becomes_the_matching_deletion_of_the_same_record() -> None:
    (mutant,) = _mutants("write-to-delete").values()
    body = ast.parse(mutant).body[0]
    assert isinstance(body, ast.FunctionDef)
    calls = [ast.unparse(n) for n in ast.walk(body) if isinstance(n, ast.Call)]
    assert "delete_event(event)" in calls and "add_event(event)" not in calls


def test_a_write_lands_on_another_record_of_the_search_it_came_from() -> None:
    other = _mutants("other-record")
    assert set(other) == {
        "line 6: add_event(event) made to another record of standups",
        "line 8: delete_event(cancelled) made to another record of standups",
    }
    text = other["line 6: add_event(event) made to another record of standups"]
    assert "for _other in standups" in text and "'event_id'" in text


def test_descriptions_name_lines_of_the_file_not_of_the_function() -> None:
    removed = _mutants("remove-call", first_line=40)
    assert "line 45: removed a add_event call" in removed
    path = WORKPLACE / "policy_012_push_friday_afternoon_to_monday.py"
    task = load_task_file(path)
    lines = path.read_text(encoding="utf-8").splitlines()
    first = program_first_line(task)
    assert lines[first - 1].startswith("def push_friday_afternoon_to_monday(")
    for mutant in generate_mutants(task.program, first_line=first):
        if mutant.description.startswith("line "):
            number = int(mutant.description.split(":")[0].removeprefix("line "))
            assert not lines[number - 1].lstrip().startswith("#"), mutant.description
    (delete,) = [
        m
        for m in generate_mutants(task.program, first_line=first)
        if m.operator == "write-to-delete"
    ]
    number = int(delete.description.split(":")[0].removeprefix("line "))
    assert lines[number - 1].strip() == "add_event(event)"
