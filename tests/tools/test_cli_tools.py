"""``assistworld tools``: a suite's own tools with app, effect and schema, as a table or JSON."""

from __future__ import annotations

import json

import jsonschema
import pytest
from typer.testing import CliRunner

from assistworld.apps import services
from assistworld.cli import app


def test_tools_json_is_a_valid_list_of_openai_tools() -> None:
    result = CliRunner().invoke(app, ["tools", "--json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    assert len(rows) == 44
    assert {row["effect"] for row in rows} == {"read", "write", "pure"}
    for row in rows:
        assert set(row) == {"name", "app", "effect", "definition"}
        assert row["definition"]["type"] == "function"
        assert row["definition"]["function"]["name"] == row["name"]
        jsonschema.Draft202012Validator.check_schema(row["definition"]["function"]["parameters"])
    add_event = next(row for row in rows if row["name"] == "add_event")
    assert (add_event["app"], add_event["effect"]) == ("work_calendar", "write")


def test_tools_table_names_every_tool_and_accepts_a_suite() -> None:
    result = CliRunner().invoke(app, ["tools", "--suite", "workplace"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "workplace: 44 tools" in result.stdout
    for name in ("add_event", "find_employee", "now_", "summarise_availability"):
        assert name in result.stdout


@pytest.mark.parametrize(
    ("suite", "count", "apps"),
    [
        ("workplace", 44, {"time_utils", "work_calendar", "company_directory", "room_booking"}),
        ("personal_demo", 27, {"contacts", "calendar", "email", "messages", "whatsapp", "phone"}),
        ("lifelines", 27, {"contacts", "calendar", "email", "messages", "whatsapp", "phone"}),
        ("travelplans", 33, set(services.APP_NAMES)),
    ],
)
def test_each_suite_lists_its_own_tools(suite: str, count: int, apps: set[str]) -> None:
    result = CliRunner().invoke(app, ["tools", "--suite", suite, "--json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    assert len(rows) == count
    assert {row["app"] for row in rows} == apps
    assert all(row["definition"]["function"]["name"] == row["name"] for row in rows)
    table = CliRunner().invoke(app, ["tools", "--suite", suite], env={"COLUMNS": "200"})
    assert f"{suite}: {count} tools" in table.stdout


def test_a_personal_suite_lists_the_personal_tools_not_the_workplace() -> None:
    result = CliRunner().invoke(app, ["tools", "--suite", "personal_demo"], env={"COLUMNS": "200"})
    assert "send_message" in result.stdout and "find_employee" not in result.stdout


def test_an_unknown_suite_is_refused_by_name() -> None:
    result = CliRunner().invoke(app, ["tools", "--suite", "no_such_suite"])
    assert result.exit_code != 0
    assert "no_such_suite" in result.output
