"""``assistworld tools``: every tool with app, effect and schema, as a table or as JSON."""

from __future__ import annotations

import json

import jsonschema
from typer.testing import CliRunner

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
