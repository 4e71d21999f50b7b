"""Reading a module's public names, their kinds, fields, members and docstrings."""

from __future__ import annotations

import pytest

from assistworld.docs.members import (
    NO_DEFAULT,
    Kind,
    MemberKind,
    attribute_docstrings,
    class_fields,
    class_members,
    classify,
    docstring_of,
    public_names,
)
from tests.docs.conftest import ModuleFactory
from tests.docs.samples import GARDEN


def test_public_names_follow_all_and_skip_private_entries(make_module: ModuleFactory) -> None:
    module = make_module('__all__ = ["b", "_c", "a"]\na = b = _c = 1\n')
    assert public_names(module) == ("b", "a")


def test_a_name_missing_from_the_module_is_named_in_the_error(make_module: ModuleFactory) -> None:
    module = make_module('__all__ = ["present", "absent"]\npresent = 1\n')
    with pytest.raises(ValueError, match="lists absent in __all__ but does not define"):
        public_names(module)


@pytest.mark.parametrize(
    ("name", "kind"),
    [
        ("Bed", Kind.PYDANTIC),
        ("Colour", Kind.ENUM),
        ("PLOT_COUNT", Kind.CONSTANT),
        ("Plant", Kind.NAMED_TUPLE),
        ("Priority", Kind.ALIAS),
        ("plant_bed", Kind.FUNCTION),
    ],
)
def test_each_public_name_is_classified(make_module: ModuleFactory, name: str, kind: Kind) -> None:
    assert classify(getattr(make_module(GARDEN), name)) is kind


def test_pydantic_fields_keep_order_annotations_and_defaults(make_module: ModuleFactory) -> None:
    garden = make_module(GARDEN)
    fields = class_fields(garden.Bed)
    assert [f.name for f in fields] == ["plants", "planted_on", "gardener", "tags", "priority"]
    assert fields[0].annotation == list[garden.Plant] | None  # type: ignore[name-defined]
    assert fields[3].default == [] and fields[3].doc == "Free labels."
    assert fields[4].annotation is garden.Priority


def test_named_tuple_fields_carry_their_defaults(make_module: ModuleFactory) -> None:
    garden = make_module(GARDEN)
    defaults = {f.name: f.default for f in class_fields(garden.Plant)}
    assert defaults == {"name": NO_DEFAULT, "height": 1.5, "colour": garden.Colour.Red}


def test_class_members_are_the_public_api_only(make_module: ModuleFactory) -> None:
    garden = make_module(GARDEN)
    assert [(m.name, m.kind) for m in class_members(garden.Bed)] == [("size", MemberKind.PROPERTY)]
    assert [m.name for m in class_members(garden.Plant)] == ["taller_than"]


def test_generated_docstrings_are_not_documentation(make_module: ModuleFactory) -> None:
    module = make_module(
        """
        import dataclasses
        from enum import Enum
        from typing import NamedTuple
        from pydantic import BaseModel

        class Tuple(NamedTuple):
            a: int

        @dataclasses.dataclass
        class Data:
            a: int

        class Model(BaseModel):
            a: int

        class Colour(Enum):
            RED = 1
        """
    )
    for name in ("Tuple", "Data", "Model", "Colour"):
        assert docstring_of(getattr(module, name)) is None, name


def test_attribute_docstrings_are_read_from_source(make_module: ModuleFactory) -> None:
    docs = attribute_docstrings(make_module(GARDEN))
    assert docs["Priority"] == "How urgent a job is."
    assert docs["PLOT_COUNT"] == "How many plots the garden has."
