"""Every parameter of every declared tool, in all three families of apps, is described in its
JSON schema: a tool-calling model sees what each argument means, not only its type."""

from __future__ import annotations

import types

import pytest

from assistworld.apps import personal, services, workplace
from assistworld.tools.declaration import tool
from assistworld.tools.toolset import Toolset

FAMILIES = {
    "workplace": lambda: [workplace.toolset()],
    "personal": lambda: [personal.toolset()],
    "services": lambda: [services.toolset(app) for app in services.APP_NAMES],
}


@pytest.mark.parametrize("family", FAMILIES)
def test_no_tool_has_an_undocumented_parameter(family: str) -> None:
    toolsets = FAMILIES[family]()
    missing = [name for toolset in toolsets for name in toolset.undescribed_parameters()]
    assert missing == [], (
        f"{family} tools with parameters the JSON schema does not describe: {missing}. Give each "
        "a block in the docstring or a line in @tool(parameters=...)."
    )
    descriptions = [
        schema["description"]
        for toolset in toolsets
        for definition in toolset.definitions()
        for schema in definition["function"]["parameters"].get("properties", {}).values()
    ]
    assert descriptions and all("\n" not in text and text.strip() for text in descriptions)


def test_a_tool_that_gains_an_undocumented_parameter_is_reported() -> None:
    def book(room: str, seats: int = 2) -> str:
        """Book a room.

        room
            The room's name.
        """
        return f"{room} {seats}"

    module = types.ModuleType("rooms")
    module.book = tool(app="rooms", effect="pure")(book)  # type: ignore[attr-defined]
    module.__all__ = ["book"]  # type: ignore[attr-defined]
    assert Toolset([module]).undescribed_parameters() == ["book.seats"]
    module.book = tool(app="rooms", effect="pure", parameters={"seats": "How many seats."})(book)  # type: ignore[attr-defined]
    assert Toolset([module]).undescribed_parameters() == []


def test_the_workplace_schemas_describe_what_their_docstrings_leave_to_prose() -> None:
    combine = workplace.toolset().tool("combine").schema.parameters()["properties"]
    assert combine["date"]["description"] == "The day (a datetime.date)."
    assert "time of day" in combine["time"]["description"]
    event = workplace.toolset().tool("add_event").schema.parameters()["properties"]["event"]
    assert "$ref" in event and "replaces" in event["description"]
