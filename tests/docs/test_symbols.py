"""Documentation for chosen names, closed over the library types their signatures need."""

from __future__ import annotations

import ast
import types

import pytest

from assistworld.apps.workplace import library_modules, work_calendar
from assistworld.docs import UnknownSymbolError, render_symbols, symbol_closure
from assistworld.docs.symbols import mentioned_objects
from tests.docs.conftest import ModuleFactory
from tests.docs.samples import GARDEN

Garden = tuple[types.ModuleType, types.ModuleType]
"""The sample garden module and a tools module that imports from it."""

TOOLS = """
'''Tools that use the garden's types.'''

from docs_symbols_garden import Bed, Colour

__all__ = ["Pot", "inspect_bed", "paint"]


class Pot:
    '''A pot.'''


def inspect_bed(bed: Bed) -> str:
    '''Describe a bed.'''
    return ""


def paint(colour: Colour = Colour.White) -> None:
    '''Paint the fence.'''
"""


@pytest.fixture
def garden_modules(make_module: ModuleFactory) -> Garden:
    garden = make_module(GARDEN, name="docs_symbols_garden")
    tools = make_module(TOOLS, name="docs_symbols_tools")
    return garden, tools


def test_closure_follows_fields_into_other_modules(garden_modules: Garden) -> None:
    garden, tools = garden_modules
    grouped = symbol_closure(["inspect_bed"], [garden, tools])
    # Bed -> Plant (field) -> Colour (field default); Bed -> Priority (field).
    assert grouped == {garden: ["Bed", "Colour", "Plant", "Priority"], tools: ["inspect_bed"]}


def test_default_values_pull_in_their_enum(garden_modules: Garden) -> None:
    garden, tools = garden_modules
    assert symbol_closure(["paint"], [garden, tools]) == {garden: ["Colour"], tools: ["paint"]}


def test_rendered_selection_is_grouped_by_module_in_library_order(
    garden_modules: Garden,
) -> None:
    garden, tools = garden_modules
    text = render_symbols(["paint", "Pot"], [garden, tools])
    ast.parse(text)
    assert text.index("# module: docs_symbols_garden") < text.index("class Colour")
    assert text.index("class Colour") < text.index("# module: docs_symbols_tools")
    assert "def paint(colour: Colour = Colour.White) -> None:" in text
    assert "class Bed" not in text and "def inspect_bed" not in text
    assert '"""Tools that use the garden\'s types."""' in text


def test_unknown_names_are_refused_with_suggestions(garden_modules: Garden) -> None:
    with pytest.raises(UnknownSymbolError, match=r"'paitn' \(did you mean paint\?\)"):
        render_symbols(["paint", "paitn"], list(garden_modules))


def test_nothing_selected_renders_nothing(garden_modules: Garden) -> None:
    assert render_symbols([], list(garden_modules)) == ""


def test_library_event_brings_every_type_its_fields_need() -> None:
    grouped = {
        module.__name__.rpartition(".")[2]: names
        for module, names in symbol_closure(["Event"], library_modules()).items()
    }
    assert set(grouped["work_calendar"]) == {"Event", "ShowAsStatus"}
    assert {"Duration", "EventFrequency", "RepetitionSpec", "TimeUnits"} <= set(
        grouped["time_utils"]
    )
    assert grouped["company_directory"] == ["Employee"]
    assert list(grouped) == ["time_utils", "work_calendar", "company_directory"]


def test_library_add_event_brings_event_and_its_types() -> None:
    if not hasattr(work_calendar, "add_event"):
        pytest.skip("work_calendar.add_event is not implemented yet")
    text = render_symbols(["add_event"], library_modules())
    ast.parse(text)
    for needed in ("def add_event", "class Event", "class Employee", "class RepetitionSpec"):
        assert needed in text
    assert "def find_events" not in text


def test_function_mentions_its_parameter_return_and_default_types(
    make_module: ModuleFactory,
) -> None:
    garden = make_module(GARDEN)
    mentioned = list(mentioned_objects(garden.plant_bed))
    for expected in (garden.Bed, garden.Plant, garden.Priority):
        assert any(item is expected for item in mentioned)


def test_class_mentions_field_types_and_enum_of_defaults(make_module: ModuleFactory) -> None:
    garden = make_module(GARDEN)
    mentioned = list(mentioned_objects(garden.Plant))
    assert garden.Colour in mentioned
    assert garden.Plant in mentioned  # through taller_than(other: Plant)
