"""What an author sees for each kind of mistake in a scenario file: every problem of the file
at once, each as ``file:line: path: message``, items counted from 1, with the near miss named."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from assistworld.cli import app
from assistworld.core.suite import SuiteError
from assistworld.paradigms.astra.tasks.files import read_suite
from tests.paradigms.astra.helpers import scenario

WORLD = """\
protagonist: {name: Maya Okafor, phone: "+44 7700 900100", email: maya@example.com}
contacts:
- {id: c-dentist, name: Kirkgate Dental, phone: "+44 113 496 0500"}
calendar:
- {id: ev-dentist, title: Dentist, starts_at: 2025-03-18T08:30, ends_at: 2025-03-18T09:00}
- {id: ev-dinner, title: Dinner with Jess, starts_at: 2025-03-15T19:30, ends_at: 2025-03-15T21:30}
"""

SCENARIO = """\
query_id: push_dentist
protagonist: Maya Okafor
now: 2025-03-14T08:05
world: worlds/maya.yaml
query: Push my dentist appointment back by an hour.
success:
  end_state:
  - table: personal_calendar
    key: ev-dentist
    where: {starts_at: 2025-03-18T09:30}
  - {table: personal_calendar, key: ev-dinner, present: true}
milestones:
- id: found
  constraints:
  - {kind: tool_call, tool: search_calendar_events, arguments: {query: dentist}}
- id: moved
  after: [found]
  constraints:
  - kind: updated
    table: personal_calendar
    rows: [{_key: ev-dentist, starts_at: "2025-03-18T09:30"}]
    measures: {starts_at: numeric}
minefields:
- id: removed
  constraints:
  - {kind: removed, table: personal_calendar, since: message, rows: [{}]}
"""

TABLES = (
    "contacts, emails, personal_calendar, phone_calls, protagonist, sms_conversations, "
    "sms_messages, whatsapp_conversations, whatsapp_messages"
)
EVENT_COLUMNS = "event_id, title, starts_at, ends_at, location, attendees, notes, _key"


def _suite(folder: Path, scenario: str = SCENARIO, world: str = WORLD) -> Path:
    (folder / "worlds").mkdir(parents=True)
    (folder / "worlds" / "maya.yaml").write_text(world, encoding="utf-8")
    path = folder / "push_dentist.yaml"
    path.write_text(scenario, encoding="utf-8")
    return path


def _problems(folder: Path) -> tuple[str, ...]:
    with pytest.raises(SuiteError) as failure:
        read_suite(folder, "authoring")
    return failure.value.problems


def _line(text: str, fragment: str) -> int:
    """The line (from 1) of the first line of ``text`` holding ``fragment``."""
    return next(n for n, line in enumerate(text.splitlines(), 1) if fragment in line)


def _changed(old: str, new: str) -> str:
    assert old in SCENARIO
    return SCENARIO.replace(old, new, 1)


def test_the_sound_scenario_loads(tmp_path: Path) -> None:
    _suite(tmp_path)
    assert [task.query_id for task in read_suite(tmp_path, "authoring").tasks] == ["push_dentist"]


def test_a_milestone_or_minefield_on_an_unknown_table(tmp_path: Path) -> None:
    text = _changed(
        "{kind: removed, table: personal_calendar", "{kind: removed, table: personal_calender"
    )
    path = _suite(tmp_path, text)
    assert _problems(tmp_path) == (
        f"{path}:{_line(text, 'personal_calender')}: minefields[1].constraints[1].table: the "
        "personal apps keep no table 'personal_calender' (did you mean personal_calendar?); "
        f"their tables: {TABLES}",
    )


def test_an_end_state_condition_on_an_unknown_table(tmp_path: Path) -> None:
    text = _changed("  - table: personal_calendar\n", "  - table: calendar\n")
    path = _suite(tmp_path, text)
    assert _problems(tmp_path) == (
        f"{path}:8: success.end_state[1].table: the personal apps keep no table 'calendar' "
        f"(did you mean personal_calendar?); their tables: {TABLES}",
    )


def test_unknown_columns_in_a_condition_a_row_and_a_measure(tmp_path: Path) -> None:
    text = (
        SCENARIO.replace("where: {starts_at:", "where: {start_at:")
        .replace("{_key: ev-dentist, starts_at:", "{_key: ev-dentist, starts:")
        .replace("measures: {starts_at: numeric}", "measures: {begins_at: numeric}")
    )
    path = _suite(tmp_path, text)
    assert _problems(tmp_path) == (
        f"{path}:{_line(text, 'start_at:')}: "
        "success.end_state[1].where.start_at: personal_calendar "
        "has no column "
        f"'start_at' (did you mean starts_at?); its columns: {EVENT_COLUMNS}",
        f"{path}:{_line(text, 'starts:')}: "
        "milestones[2].constraints[1].rows[1].starts: personal_calendar has no "
        f"column 'starts' (did you mean starts_at?); its columns: {EVENT_COLUMNS}",
        f"{path}:{_line(text, 'begins_at')}: "
        "milestones[2].constraints[1].measures.begins_at: personal_calendar has no "
        f"column 'begins_at' (did you mean ends_at?); its columns: {EVENT_COLUMNS}",
    )


def test_record_ids_the_starting_world_must_hold(tmp_path: Path) -> None:
    text = SCENARIO.replace(
        "{table: personal_calendar, key: ev-dinner, present: true}",
        "{table: personal_calendar, key: ev-diner, present: false}",
    ).replace("{_key: ev-dentist,", "{_key: ev-dentst,")
    path = _suite(tmp_path, text)
    assert _problems(tmp_path) == (
        f"{path}:{_line(text, 'ev-diner')}: "
        "success.end_state[2].key: the starting world has no row 'ev-diner' in "
        "personal_calendar (did you mean ev-dinner?), so it is gone before the assistant acts",
        f"{path}:{_line(text, 'ev-dentst')}: "
        "milestones[2].constraints[1].rows[1]._key: the starting world has no row "
        "'ev-dentst' in personal_calendar (did you mean ev-dentist?), so no row of the start "
        "can be updated",
    )


def test_an_unknown_tool_and_an_unknown_argument(tmp_path: Path) -> None:
    text = _changed("arguments: {query: dentist}", "arguments: {qeury: dentist}")
    path = _suite(tmp_path, text)
    first = _problems(tmp_path)
    assert first[0].startswith(
        f"{path}:{_line(text, 'qeury')}: "
        "milestones[1].constraints[1].arguments.qeury: search_calendar_events takes "
        "no argument 'qeury' (did you mean query?); its arguments: query"
    )
    text = _changed("tool: search_calendar_events", "tool: search_calendar")
    _suite(tmp_path / "other", text)
    assert _problems(tmp_path / "other") == (
        f"{tmp_path / 'other' / 'push_dentist.yaml'}:15: milestones[1].constraints[1].tool: the "
        "personal apps have no tool 'search_calendar' (did you mean search_calendar_events?)",
    )


def test_a_misspelt_field_is_placed_as_written_without_the_validators_path(
    tmp_path: Path,
) -> None:
    text = _changed("    measures: {starts_at: numeric}", "    mesures: {starts_at: numeric}")
    path = _suite(tmp_path, text)
    assert _problems(tmp_path) == (
        f"{path}:{_line(text, 'mesures')}: "
        "milestones[2].constraints[1].mesures: 'mesures' is not a field here (did "
        "you mean measures?); the fields here: kind, table, rows, measures, since",
    )


def test_a_value_out_of_a_list_and_an_unknown_constraint_kind(tmp_path: Path) -> None:
    text = _changed("query: Push", "mode: single_trun\nquery: Push").replace(
        "  - kind: updated\n", "  - kind: update\n"
    )
    path = _suite(tmp_path, text)
    assert _problems(tmp_path) == (
        f"{path}:5: mode: 'single_trun' is not allowed (did you mean single_turn?); use one of: "
        "single_turn, multi_turn",
        f"{path}:{_line(text, 'kind: update')}: "
        "milestones[2].constraints[1]: kind 'update' is not known (did you mean "
        "updated?); use one of: snapshot, added, removed, updated, unchanged, tool_call, response",
    )


def test_an_after_edge_to_no_milestone(tmp_path: Path) -> None:
    text = _changed("after: [found]", "after: [fond]")
    path = _suite(tmp_path, text)
    assert _problems(tmp_path) == (
        f"{path}:{_line(text, 'fond')}: "
        "milestones[2].after[1]: 'moved' is after 'fond', which is not one of the "
        "milestones (did you mean found?); the milestones: found, moved",
    )


def test_a_scenario_wide_rule_has_no_validator_prefix(tmp_path: Path) -> None:
    text = _changed("query: Push", "mode: multi_turn\nquery: Push")
    path = _suite(tmp_path, text)
    assert _problems(tmp_path) == (
        f"{path}:1: a multi_turn scenario needs user_goal: what the simulated user wants to "
        "achieve",
    )


def test_a_missing_world_file_is_the_scenarios_problem(tmp_path: Path) -> None:
    text = _changed("world: worlds/maya.yaml", "world: worlds/maia.yaml")
    path = _suite(tmp_path, text)
    assert _problems(tmp_path) == (
        f"{path}:4: world: no file {tmp_path / 'worlds' / 'maia.yaml'}; name a YAML or JSON file "
        "of tables, relative to the scenario's folder, or write the tables here",
    )


def test_a_bad_row_of_a_world_file_is_placed_in_the_world_file(tmp_path: Path) -> None:
    world = WORLD.replace("ends_at: 2025-03-18T09:00", "ends_at: 2025-03-18T08:00").replace(
        "{id: c-dentist, name:", "{id: c-dentist, nmae:"
    )
    _suite(tmp_path, world=world)
    shared = tmp_path / "worlds" / "maya.yaml"
    problems = _problems(tmp_path)
    assert problems == (
        f"{shared}:3: contacts[1].name: this field is required: add it",
        f"{shared}:3: contacts[1].nmae: 'nmae' is not a field here (did you mean name?); the "
        "fields here: id, name, phone, email, relationship, birthday, address, notes",
    )
    (tmp_path / "worlds" / "maya.yaml").write_text(
        WORLD.replace("ends_at: 2025-03-18T09:00", "ends_at: 2025-03-18T08:00"), encoding="utf-8"
    )
    assert _problems(tmp_path) == (
        f"{shared}:5: calendar[1].ends_at: 2025-03-18T08:00:00 is before starts_at "
        "2025-03-18T08:30:00; fix: give an end at or after the start",
    )


def test_a_bad_row_of_a_world_written_in_the_scenario(tmp_path: Path) -> None:
    inline = "world:\n" + "".join(f"  {line}\n" for line in WORLD.splitlines())
    inline = inline.replace("ends_at: 2025-03-18T09:00", "ends_at: 2025-03-18T08:00")
    text = _changed("world: worlds/maya.yaml\n", inline)
    path = _suite(tmp_path, text)
    assert _problems(tmp_path) == (
        f"{path}:9: world.calendar[1].ends_at: 2025-03-18T08:00:00 is before starts_at "
        "2025-03-18T08:30:00; fix: give an end at or after the start",
    )


def test_an_unknown_app_family(tmp_path: Path) -> None:
    text = _changed("query: Push", "apps: persnal\nquery: Push")
    path = _suite(tmp_path, text)
    assert _problems(tmp_path) == (
        f"{path}:5: apps: unknown app family 'persnal' (did you mean personal?); use one of: "
        "workplace, personal",
    )


def test_every_problem_of_a_file_at_once_in_the_order_of_its_lines(tmp_path: Path) -> None:
    text = (
        SCENARIO.replace("protagonist: Maya", "protagonst: Maya")
        .replace("{kind: removed, table: personal_calendar", "{kind: removed, table: calender")
        .replace("    measures: {starts_at: numeric}", "    mesures: {starts_at: numeric}")
        .replace("where: {starts_at:", "where: {start_at:")
    )
    path = _suite(tmp_path, text)
    places = [problem.split(": ")[0:2] for problem in _problems(tmp_path)]
    assert places == [
        [f"{path}:1", "protagonist"],
        [f"{path}:2", "protagonst"],
        [f"{path}:{_line(text, 'start_at')}", "success.end_state[1].where.start_at"],
        [f"{path}:{_line(text, 'mesures')}", "milestones[2].constraints[1].mesures"],
        [f"{path}:{_line(text, 'calender')}", "minefields[1].constraints[1].table"],
    ]


def test_tasks_refuses_a_broken_scenario_as_verify_does(tmp_path: Path) -> None:
    text = _changed("{kind: removed, table: personal_calendar", "{kind: removed, table: calender")
    path = _suite(tmp_path, text)
    listed = CliRunner().invoke(app, ["tasks", "--suite", str(tmp_path)])
    verified = CliRunner().invoke(app, ["verify", "--suite", str(tmp_path)])
    assert listed.exit_code == verified.exit_code == 2
    assert listed.output == verified.output
    assert f"{path}:{_line(text, 'calender')}: minefields[1].constraints[1].table" in " ".join(
        listed.output.split()
    )


def test_a_workplace_world_names_each_bad_table_and_row(tmp_path: Path) -> None:
    data = json.loads(scenario().model_dump_json(exclude={"source", "complexity_labels"}))
    data["world"]["employes"] = {}
    data["world"]["user_calendar"]["ev2"]["starts_at"] = "soon"
    path = tmp_path / "cancel_priya.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    text = path.read_text(encoding="utf-8")
    assert _problems(tmp_path) == (
        f"{path}:{_line(text, 'employes:')}: world.employes: no app of the workplace family keeps "
        "a table named 'employes' (did you mean employees?); its tables: calendar_shared_with, "
        "employee_calendars, employees, room_bookings, rooms, user_calendar, user_metadata, "
        "vacations",
    )
    del data["world"]["employes"]
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    text = path.read_text(encoding="utf-8")
    assert _problems(tmp_path) == (
        f"{path}:{_line(text, 'starts_at: soon')}: world.user_calendar.ev2.starts_at: does not "
        "fit its table: Input should be a valid datetime or date, input is too short",
    )


def test_an_owner_on_a_table_that_has_none(tmp_path: Path) -> None:
    text = _changed("    key: ev-dentist\n", "    key: ev-dentist\n    owner: maya\n")
    path = _suite(tmp_path, text)
    assert _problems(tmp_path) == (
        f"{path}:{_line(text, 'owner: maya')}: success.end_state[1].owner: personal_calendar is "
        "not a nested table: remove owner",
    )


def test_an_owner_the_starting_world_must_hold(tmp_path: Path) -> None:
    data = json.loads(scenario().model_dump_json(exclude={"source", "complexity_labels"}))
    data["success"]["end_state"].append(
        {"table": "employee_calendars", "owner": "e9", "key": "ev1", "present": False}
    )
    path = tmp_path / "cancel_priya.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    text = path.read_text(encoding="utf-8")
    count = len(data["success"]["end_state"])
    assert _problems(tmp_path) == (
        f"{path}:{_line(text, 'owner: e9')}: success.end_state[{count}].owner: the starting "
        "world has no owner 'e9' in employee_calendars, so it is gone before the assistant acts",
        f"{path}:{_line(text, 'owner: e9') + 1}: success.end_state[{count}].key: the starting "
        "world has no row 'ev1' in employee_calendars, so it is gone before the assistant acts",
    )


def test_a_folder_whose_only_scenario_misspells_protagonist_is_still_a_scenario_suite(
    tmp_path: Path,
) -> None:
    text = _changed("protagonist: Maya", "protagonst: Maya")
    path = _suite(tmp_path, text)
    listed = CliRunner().invoke(app, ["tasks", "--suite", str(tmp_path)])
    assert listed.exit_code == 2
    said = " ".join(listed.output.split())
    expected = "protagonst: 'protagonst' is not a field here (did you mean protagonist?)"
    assert f"{path}:2: {expected}" in said
