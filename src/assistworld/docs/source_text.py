"""Turn type annotations and default values into the Python source a reader would have written.

``repr`` of typing objects is made for debugging (``typing.Optional[...]``, ``<class 'int'>``); the
documentation needs what a programmer types: ``list[Employee] | None``, ``datetime.datetime``,
``Literal["normal", "high"]``, ``ShowAsStatus.Busy``.
"""

from __future__ import annotations

import collections.abc
import dataclasses
import datetime
import enum
import math
import sys
import types
import typing
from collections.abc import Iterator, Sequence

from pydantic import BaseModel

__all__ = [
    "AliasNames",
    "format_annotation",
    "format_value",
    "is_type_alias",
    "iter_mentioned",
]

AliasNames = Sequence[tuple[object, str]]
"""Pairs (alias object, public name): annotations identical to the object print as the name."""

_BARE_NAME_MODULES = frozenset(
    {"builtins", "typing", "typing_extensions", "collections.abc", "enum", "abc"}
)
"""Modules whose classes read best unqualified (``int``, ``Enum``, ``Iterable``)."""

_UNION_ORIGINS = (typing.Union, types.UnionType)


def is_type_alias(value: object) -> bool:
    """True for a subscripted type or union stored under a name (``weekdays = Literal[...]``)."""
    if isinstance(value, typing.TypeVar):
        return False
    return typing.get_origin(value) is not None


def format_class(cls: type) -> str:
    """A class as code refers to it: builtins and library classes bare, the stdlib qualified.

    The programs reading the documentation have the ``datetime`` module, not its classes, so a
    standard-library class prints with its module (``datetime.date``). Classes from anywhere else
    (the library itself, pydantic) print by name.
    """
    if cls is type(None):
        return "None"
    module = cls.__module__
    if module in _BARE_NAME_MODULES:
        return cls.__qualname__
    if module.split(".")[0] in sys.stdlib_module_names:
        return f"{module}.{cls.__qualname__}"
    return cls.__qualname__


def format_annotation(annotation: object, aliases: AliasNames = ()) -> str:
    """Source text for a resolved (or still textual) annotation."""
    for alias, name in aliases:
        if annotation is alias:
            return name
    if annotation is None or annotation is type(None):
        return "None"
    if annotation is Ellipsis:
        return "..."
    if isinstance(annotation, str):
        return annotation
    if isinstance(annotation, typing.ForwardRef):
        return annotation.__forward_arg__
    if annotation is typing.Any:
        return "Any"
    if isinstance(annotation, typing.TypeVar):
        return annotation.__name__
    if isinstance(annotation, list):
        # The parameter list of ``Callable[[int, str], bool]``.
        return "[" + ", ".join(format_annotation(a, aliases) for a in annotation) + "]"
    origin = typing.get_origin(annotation)
    if origin is not None:
        return _format_subscripted(annotation, origin, aliases)
    if isinstance(annotation, type):
        return format_class(annotation)
    label = getattr(annotation, "__name__", None)
    return label if isinstance(label, str) else repr(annotation)


def _format_subscripted(annotation: object, origin: object, aliases: AliasNames) -> str:
    args = typing.get_args(annotation)
    if origin in _UNION_ORIGINS:
        return " | ".join(format_annotation(a, aliases) for a in args)
    if origin is typing.Literal:
        return "Literal[" + ", ".join(format_value(a) or "..." for a in args) + "]"
    if origin is typing.Annotated:
        # The metadata is for validators, not for readers.
        return format_annotation(args[0], aliases)
    if origin is collections.abc.Callable and len(args) == 2:
        # ``typing.get_args`` gives ``([int, str], bool)`` or ``(Ellipsis, bool)``.
        params, result = args
        return (
            f"Callable[{format_annotation(params, aliases)}, {format_annotation(result, aliases)}]"
        )
    if origin is typing.ClassVar:
        return "ClassVar[" + format_annotation(args[0], aliases) + "]" if args else "ClassVar"
    head = format_class(origin) if isinstance(origin, type) else format_annotation(origin, aliases)
    if not args:
        return head
    return head + "[" + ", ".join(format_annotation(a, aliases) for a in args) + "]"


def format_value(value: object) -> str | None:
    """Source text that evaluates to ``value``, or ``None`` when no short literal form exists."""
    if isinstance(value, enum.Enum):
        # Before the int and str cases: an IntEnum or str-enum member prints by its name.
        if value.name is None:
            return None
        return f"{type(value).__qualname__}.{value.name}"
    if value is None or isinstance(value, bool | int | bytes):
        return repr(value)
    if isinstance(value, float):
        return repr(value) if math.isfinite(value) else f'float("{value}")'
    if isinstance(value, str):
        return _string_literal(value)
    if isinstance(value, datetime.date | datetime.time | datetime.timedelta):
        return repr(value)
    if isinstance(value, type):
        return format_annotation(value)
    if isinstance(value, tuple) and hasattr(type(value), "_fields"):
        return _call(type(value).__qualname__, [format_value(v) for v in value])
    if isinstance(value, BaseModel):
        fields = sorted(value.model_fields_set, key=list(type(value).model_fields).index)
        return _call(type(value).__qualname__, [_keyword(n, getattr(value, n)) for n in fields])
    if dataclasses.is_dataclass(value):
        return _call(
            type(value).__qualname__,
            [_keyword(f.name, getattr(value, f.name)) for f in dataclasses.fields(value)],
        )
    return _format_container(value)


def _format_container(value: object) -> str | None:
    if isinstance(value, list | tuple | set | frozenset):
        items = [format_value(v) for v in value]
        if any(item is None for item in items):
            return None
        body = ", ".join(typing.cast(list[str], items))
        if isinstance(value, list):
            return f"[{body}]"
        if isinstance(value, tuple):
            return f"({body},)" if len(items) == 1 else f"({body})"
        inner = f"{{{body}}}" if items else ""
        return f"frozenset({inner})" if isinstance(value, frozenset) else inner or "set()"
    if isinstance(value, dict):
        pairs = [(format_value(k), format_value(v)) for k, v in value.items()]
        if any(k is None or v is None for k, v in pairs):
            return None
        return "{" + ", ".join(f"{k}: {v}" for k, v in pairs) + "}"
    return None


def _keyword(name: str, value: object) -> str | None:
    text = format_value(value)
    return None if text is None else f"{name}={text}"


def _call(name: str, arguments: list[str | None]) -> str | None:
    if any(a is None for a in arguments):
        return None
    return f"{name}({', '.join(typing.cast(list[str], arguments))})"


def _string_literal(text: str) -> str:
    """Like ``repr`` but preferring double quotes, as the library's own source does."""
    literal = repr(text)
    if literal.startswith("'") and '"' not in text:
        return '"' + literal[1:-1] + '"'
    return literal


def iter_mentioned(annotation: object) -> Iterator[object]:
    """Every class, alias candidate and enum class an annotation mentions, outermost first."""
    if isinstance(annotation, str | typing.ForwardRef) or annotation is None:
        return
    yield annotation
    if isinstance(annotation, list):
        for item in annotation:
            yield from iter_mentioned(item)
        return
    if typing.get_origin(annotation) is typing.Literal:
        for arg in typing.get_args(annotation):
            if isinstance(arg, enum.Enum):
                yield type(arg)
        return
    for arg in typing.get_args(annotation):
        yield from iter_mentioned(arg)
