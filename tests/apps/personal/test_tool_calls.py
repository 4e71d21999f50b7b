"""Every personal tool, called through its JSON schema and directly, gives the same result."""

from __future__ import annotations

import json

import jsonschema
import pytest

from assistworld.apps.personal import toolset
from assistworld.tools.events import to_json
from tests.apps.personal._cases import CASES, EXPECTED, PAPER_TOOLS
from tests.apps.personal._world import maya_world


def test_the_toolset_holds_exactly_the_papers_27_tools() -> None:
    tools = toolset()
    assert sorted(tool.name for tool in tools) == sorted(PAPER_TOOLS)
    assert len(tools) == 27
    assert sorted(CASES) == sorted(PAPER_TOOLS)


@pytest.mark.parametrize("name", PAPER_TOOLS)
def test_each_tool_through_json_matches_the_direct_call(name: str) -> None:
    tools = toolset()
    tool = tools.tool(name)
    direct_world, json_world = maya_world(), maya_world()
    text = json.dumps(to_json(CASES[name]))
    with direct_world.active():
        expected = tool.function(**CASES[name])
    with json_world.active():
        event = tools.call_json(name, text)
    assert event.error is None, event.error
    assert event.result == to_json(expected)
    assert (event.tool, event.app, event.effect) == (name, tool.app, tool.effect)
    assert json_world == direct_world
    assert event.world_version == json_world.version == direct_world.version
    assert json_world.version == (1 if tool.effect == "write" else 0)
    check = EXPECTED.get(name)
    assert check is None or check(event.result), event.result


@pytest.mark.parametrize("name", PAPER_TOOLS)
def test_each_schema_is_valid_and_accepts_its_case(name: str) -> None:
    tool = toolset().tool(name)
    definition = tool.schema.definition()
    parameters = definition["function"]["parameters"]
    jsonschema.Draft202012Validator.check_schema(parameters)
    jsonschema.validate(to_json(CASES[name]), parameters)
    assert definition["function"]["description"].strip()
    assert tool.effect in ("read", "write")


def test_read_tools_change_nothing_and_write_tools_change_the_world() -> None:
    tools = toolset()
    for name in PAPER_TOOLS:
        world = maya_world()
        before = world.snapshot()
        with world.active():
            event = tools.call_json(name, to_json(CASES[name]))
        assert event.ok, (name, event.error)
        changed = world.snapshot() != before
        assert changed == (tools.tool(name).effect == "write"), name


def test_schemas_describe_parameters_and_bounds() -> None:
    parameters = toolset().tool("send_message").schema.parameters()
    text = parameters["properties"]["text"]
    assert text["maxLength"] == 20_000
    assert "message" in text["description"]
    assert parameters["required"] == ["text"]
    period = toolset().tool("search_emails").schema.parameters()["properties"]["period"]
    assert "last_night" in json.dumps(period)
