"""Rendering modules as stub text: the exact text models read, for small known modules."""

from __future__ import annotations

import ast
import inspect
import types

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assistworld.docs import render_library, render_module, render_module_signatures
from tests.docs.conftest import ModuleFactory
from tests.docs.samples import GARDEN

GARDEN_STUB = '''\
"""Garden tools for the renderer's tests.

Everything here is made up.
"""

class Bed(BaseModel):
    """A flower bed."""

    plants: list[Plant] | None = None
    planted_on: datetime.date | None = None
    gardener: str | None = None
    tags: list[str] = []
    """Free labels."""
    priority: Priority = "normal"

    @property
    def size(self) -> int:
        """Number of plants in the bed."""
        ...

class Colour(str, Enum):
    """Flower colours."""

    Red = "red"
    White = "white"

PLOT_COUNT = 12
"""How many plots the garden has."""

class Plant(NamedTuple):
    """A plant in a bed."""

    name: str
    height: float = 1.5
    colour: Colour = Colour.Red

    def taller_than(self, other: Plant) -> bool:
        """True if this plant is taller than ``other``."""
        ...

Priority = Literal["normal", "high"]
"""How urgent a job is."""

def plant_bed(bed: Bed, plant: Plant, *, when: datetime.datetime | None = None, \
priority: Priority = "high") -> Bed:
    """Put ``plant`` in ``bed``.

    The bed is changed in place and returned.
    """
    ...

def water(*beds: Bed, litres: int = 2, **options: str) -> None:
    """Water ``beds``."""
    ...
'''

GARDEN_SIGNATURES = """\
# Garden tools for the renderer's tests.

class Bed(BaseModel):  # A flower bed.
    plants: list[Plant] | None = None
    planted_on: datetime.date | None = None
    gardener: str | None = None
    tags: list[str] = []  # Free labels.
    priority: Priority = "normal"
    @property
    def size(self) -> int: ...  # Number of plants in the bed.

class Colour(str, Enum):  # Flower colours.
    Red = "red"
    White = "white"

PLOT_COUNT = 12  # How many plots the garden has.

class Plant(NamedTuple):  # A plant in a bed.
    name: str
    height: float = 1.5
    colour: Colour = Colour.Red
    def taller_than(self, other: Plant) -> bool: ...  # True if this plant is taller than ``other``.

Priority = Literal["normal", "high"]  # How urgent a job is.
def plant_bed(bed: Bed, plant: Plant, *, when: datetime.datetime | None = None, \
priority: Priority = "high") -> Bed: ...  # Put ``plant`` in ``bed``.
def water(*beds: Bed, litres: int = 2, **options: str) -> None: ...  # Water ``beds``.
"""


def test_full_stub_of_a_module_is_its_docstrings_signatures_and_fields(
    make_module: ModuleFactory,
) -> None:
    assert render_module(make_module(GARDEN)) == GARDEN_STUB


def test_signatures_listing_keeps_one_line_per_api_with_its_summary(
    make_module: ModuleFactory,
) -> None:
    assert render_module_signatures(make_module(GARDEN)) == GARDEN_SIGNATURES


@pytest.mark.parametrize("render", [render_module, render_module_signatures])
def test_output_is_python_without_private_names_or_pydantic_machinery(
    make_module: ModuleFactory, render: object
) -> None:
    text = render(make_module(GARDEN))  # type: ignore[operator]
    ast.parse(text)
    for hidden in ("_helper", "_secret", "model_config", "check_tags", "model_summary", "__eq__"):
        assert hidden not in text
    for artefact in ("<class", "typing.", "Optional", "NoneType"):
        assert artefact not in text


def test_only_restricts_names_and_keeps_all_order(make_module: ModuleFactory) -> None:
    text = render_module(make_module(GARDEN), only=["water", "Colour"])
    tree = ast.parse(text)
    shown = [node.name for node in tree.body if isinstance(node, ast.ClassDef | ast.FunctionDef)]
    assert shown == ["Colour", "water"]


def test_only_with_an_unknown_name_says_which_names_exist(make_module: ModuleFactory) -> None:
    with pytest.raises(ValueError, match=r"Pot not among the public names.*choose from: Bed"):
        render_module(make_module(GARDEN), only=["Pot"])


def test_module_without_all_is_refused_with_the_fix(make_module: ModuleFactory) -> None:
    module = make_module('"""No exports."""\n\ndef f() -> None: ...\n')
    with pytest.raises(ValueError, match="has no __all__: list its public names"):
        render_module(module)


PLAIN_CLASSES = '''
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, ClassVar

if TYPE_CHECKING:
    from decimal import Decimal

__all__ = ["Empty", "Failure", "Point", "Sentinel", "Tool", "price"]

Sentinel = object()


class Empty:
    pass


class _Base:
    def inherited(self) -> None: ...


class Failure(Exception):
    """Raised when a job fails."""

    def __init__(self, message: str = "It failed") -> None:
        super().__init__(message)


@dataclasses.dataclass(frozen=True)
class Point:
    x: int
    y: int = 0
    tags: list[str] = dataclasses.field(default_factory=list)
    """Labels of the point."""


class Tool(_Base):
    """A tool."""

    LIMIT: ClassVar[int] = 3

    @staticmethod
    def make(name: str, /, size: int) -> Tool:
        """Build one."""
        return Tool()

    @classmethod
    def default(cls) -> Tool:
        return cls()


def price(amount: Decimal, rate=0.5, *rest: int) -> Decimal:
    """Annotations that only exist for type checkers stay as written."""
    return amount
'''

PLAIN_STUB = '''\
class Empty:
    ...

class Failure(Exception):
    """Raised when a job fails."""

@dataclass(frozen=True)
class Point:
    x: int
    y: int = 0
    tags: list[str] = []
    """Labels of the point."""

Sentinel: object

class Tool:
    """A tool."""

    LIMIT: ClassVar[int] = 3

    @staticmethod
    def make(name: str, /, size: int) -> Tool:
        """Build one."""
        ...

    @classmethod
    def default(cls) -> Tool: ...

def price(amount: Decimal, rate=0.5, *rest: int) -> Decimal:
    """Annotations that only exist for type checkers stay as written."""
    ...
'''


def test_plain_classes_dataclasses_and_unresolvable_annotations(
    make_module: ModuleFactory,
) -> None:
    text = render_module(make_module(PLAIN_CLASSES))
    assert text == PLAIN_STUB
    ast.parse(text)


def test_alias_used_in_another_module_prints_by_name(make_module: ModuleFactory) -> None:
    base = make_module(GARDEN, name="docs_garden_base")
    user = make_module(
        """
        from docs_garden_base import Priority

        __all__ = ["urgent"]

        def urgent(level: Priority) -> bool:
            return level == "high"
        """
    )
    assert "def urgent(level: Priority) -> bool: ..." in render_module(user, context=[base])
    assert 'level: Literal["normal", "high"]' in render_module(user, context=[])


def test_library_text_has_one_header_per_module_in_order(make_module: ModuleFactory) -> None:
    first = make_module('"""First."""\n__all__ = ["A"]\nA = 1\n', name="docs_first")
    second = make_module('"""Second."""\n__all__ = ["B"]\nB = 2\n', name="docs_second")
    text = render_library([second, first])
    assert text == (
        '# module: docs_second\n"""Second."""\n\nB = 2\n\n\n'
        '# module: docs_first\n"""First."""\n\nA = 1\n'
    )


docstring_text = st.text(
    alphabet=st.characters(exclude_categories=["Cs"]), min_size=1, max_size=80
).filter(lambda text: bool(text.strip()))


@given(docstring_text)
def test_any_docstring_survives_rendering_exactly(doc: str) -> None:
    """Quotes, backslashes and control characters cannot break the stub or change the text."""

    def documented() -> None: ...

    documented.__doc__ = doc
    module = types.ModuleType("docs_generated", doc)
    module.__all__ = ["documented"]  # type: ignore[attr-defined]
    module.documented = documented  # type: ignore[attr-defined]
    tree = ast.parse(render_module(module, context=[]))
    function = tree.body[1]
    assert isinstance(function, ast.FunctionDef)
    expected = [line.rstrip() for line in inspect.cleandoc(doc).split("\n")]
    for rendered in (ast.get_docstring(tree), ast.get_docstring(function)):
        assert rendered is not None
        assert [line.rstrip() for line in rendered.split("\n")] == expected
