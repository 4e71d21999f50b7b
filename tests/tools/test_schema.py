"""The generated tool definitions: OpenAI format, valid JSON Schema, parameter descriptions."""

from __future__ import annotations

import json

import jsonschema
import pytest

from assistworld.llm.chat import ChatRequest, user_message
from assistworld.tools.events import to_json
from tests.tools._world import CASES, small_world, workplace


def _definitions() -> list[dict[str, object]]:
    return workplace().definitions()


def test_there_is_one_definition_per_tool_in_openai_format() -> None:
    definitions = _definitions()
    assert len(definitions) == len(workplace()) == 44
    for definition in definitions:
        assert set(definition) == {"type", "function"} and definition["type"] == "function"
        function = definition["function"]
        assert isinstance(function, dict)
        assert set(function) == {"name", "description", "parameters"}
        assert isinstance(function["name"], str) and function["name"]
        assert isinstance(function["description"], str) and function["description"]
        assert function["parameters"]["type"] == "object"
    ChatRequest(messages=(user_message("hi"),), tools=tuple(definitions))  # accepted as tools
    assert json.loads(json.dumps(definitions)) == definitions


@pytest.mark.parametrize("name", sorted(CASES))
def test_each_schema_is_valid_json_schema_and_accepts_a_real_call(name: str) -> None:
    tool = workplace().tool(name)
    schema = tool.schema.parameters()
    jsonschema.Draft202012Validator.check_schema(schema)
    arguments = to_json(CASES[name](small_world()))
    jsonschema.validate(arguments, schema, cls=jsonschema.Draft202012Validator)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({**arguments, "no_such_argument": 1}, schema)


def test_parameter_descriptions_come_from_the_docstring() -> None:
    properties = workplace().tool("find_events").schema.parameters()["properties"]
    assert "exactly these people" in properties["attendees"]["description"]
    assert "approximately" in properties["subject"]["description"]
    slots = workplace().tool("find_available_time_slots").schema.parameters()["properties"]
    assert "case-insensitively" in slots["room_name"]["description"]


def test_required_parameters_are_those_without_defaults() -> None:
    parameters = workplace().tool("modify").schema.parameters()
    assert sorted(parameters["required"]) == ["datetime_to_change", "duration", "operator"]
    assert "required" not in workplace().tool("find_events").schema.parameters()
