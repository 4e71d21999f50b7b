"""Annotations and defaults print as the source a programmer would write."""

from __future__ import annotations

import collections.abc
import datetime
import enum
import typing
from typing import Annotated, Any, Literal, NamedTuple

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import BaseModel

from assistworld.docs.source_text import format_annotation, format_value, iter_mentioned


class Shade(str, enum.Enum):
    Light = "light"
    Dark = "dark"


class Level(enum.IntEnum):
    Low = 1


class Pair(NamedTuple):
    left: int
    right: Shade = Shade.Light


class Box(BaseModel):
    width: int = 1
    shade: Shade = Shade.Dark


T = typing.TypeVar("T")


@pytest.mark.parametrize(
    ("annotation", "expected"),
    [
        (int, "int"),
        (None, "None"),
        (type(None), "None"),
        (Any, "Any"),
        (list[int] | None, "list[int] | None"),
        (typing.Optional[int], "int | None"),  # noqa: UP045 - the point is to normalise it
        (typing.Union[int, str], "int | str"),  # noqa: UP007
        (typing.List[typing.Dict[str, int]], "list[dict[str, int]]"),  # noqa: UP006
        (datetime.datetime, "datetime.datetime"),
        (list[datetime.date] | list[Pair], "list[datetime.date] | list[Pair]"),
        (Literal["normal", "high"], 'Literal["normal", "high"]'),
        (Literal[Shade.Dark, 3, None], "Literal[Shade.Dark, 3, None]"),
        (collections.abc.Callable[[int, str], bool], "Callable[[int, str], bool]"),
        (collections.abc.Callable[..., Any], "Callable[..., Any]"),
        (typing.Callable[[], None], "Callable[[], None]"),
        (tuple[int, ...], "tuple[int, ...]"),
        (dict[Shade, list[Box]], "dict[Shade, list[Box]]"),
        (collections.abc.Iterable[str], "Iterable[str]"),
        (Annotated[int, "validator metadata"], "int"),
        (typing.ClassVar[int], "ClassVar[int]"),
        (T, "T"),
        ("Employee | None", "Employee | None"),
        (typing.ForwardRef("Event"), "Event"),
        (enum.Enum, "Enum"),
        (collections.OrderedDict, "collections.OrderedDict"),
        (BaseModel, "BaseModel"),
    ],
)
def test_annotation_prints_as_source(annotation: object, expected: str) -> None:
    assert format_annotation(annotation) == expected


def test_annotation_identical_to_a_known_alias_prints_the_alias_name() -> None:
    weekdays = Literal["Monday", "Tuesday"]
    aliases = [(weekdays, "weekdays")]
    assert format_annotation(list[weekdays] | None, aliases) == "list[weekdays] | None"
    assert format_annotation(Literal["Friday"], aliases) == 'Literal["Friday"]'


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (None, "None"),
        (True, "True"),
        (16, "16"),
        (1.5, "1.5"),
        (float("inf"), 'float("inf")'),
        ("normal", '"normal"'),
        ("it's", '"it\'s"'),
        ('say "hi"', "'say \"hi\"'"),
        (Shade.Dark, "Shade.Dark"),
        (Level.Low, "Level.Low"),
        (datetime.date(2024, 6, 25), "datetime.date(2024, 6, 25)"),
        (datetime.time(9, 6), "datetime.time(9, 6)"),
        (Pair(1), "Pair(1, Shade.Light)"),
        (Box(width=3), "Box(width=3)"),
        ([1, "a"], '[1, "a"]'),
        ((1,), "(1,)"),
        ((), "()"),
        (set(), "set()"),
        ({2}, "{2}"),
        (frozenset(), "frozenset()"),
        ({"k": [Shade.Light]}, '{"k": [Shade.Light]}'),
        (int, "int"),
    ],
)
def test_value_prints_as_a_literal(value: object, expected: str) -> None:
    assert format_value(value) == expected


@pytest.mark.parametrize("value", [object(), [object()], {"k": object()}, Pair(object())])  # type: ignore[arg-type]
def test_value_without_a_short_literal_is_reported_as_none(value: object) -> None:
    assert format_value(value) is None


namespace: dict[str, object] = {"Shade": Shade, "Pair": Pair, "datetime": datetime}


@given(
    st.recursive(
        st.none()
        | st.booleans()
        | st.integers()
        | st.floats(allow_nan=False)
        | st.text()
        | st.sampled_from(list(Shade))
        | st.dates(),
        lambda inner: st.lists(inner, max_size=3) | st.tuples(inner, inner),
        max_leaves=8,
    )
)
def test_value_text_evaluates_back_to_the_value(value: object) -> None:
    text = format_value(value)
    assert text is not None
    assert eval(text, dict(namespace)) == value


def test_mentioned_objects_reach_inside_unions_containers_and_literals() -> None:
    mentioned = list(iter_mentioned(dict[str, list[Pair]] | Literal[Shade.Dark] | None))
    assert Pair in mentioned
    assert Shade in mentioned
    assert str in mentioned
