"""Markdown for what is declared in code: helper signatures and table columns.

Everything here is read from the objects themselves (signatures, docstrings, pydantic fields,
table declarations), so the page says what the code does, and changes when the code does.
"""

from __future__ import annotations

import enum
import inspect
import types
import typing
from collections.abc import Iterable
from typing import Any

from pydantic import BaseModel

from assistworld.world.tables import Shape, Table


class _Shown:
    """An annotation or default as the source writes it (``inspect`` quotes plain text)."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return self.text


def _default(value: Any) -> Any:
    if isinstance(value, enum.Enum):
        return _Shown(f"{type(value).__name__}.{value.name}")
    return value


def signature_text(function: Any) -> str:
    """``name(parameter: type = default, ...) -> type`` as the declaration writes it."""
    signature = inspect.signature(function)
    parameters = [
        parameter.replace(
            annotation=(
                _Shown(parameter.annotation)
                if isinstance(parameter.annotation, str)
                else parameter.annotation
            ),
            default=_default(parameter.default),
        )
        for parameter in signature.parameters.values()
    ]
    returns = signature.return_annotation
    shown = signature.replace(
        parameters=parameters,
        return_annotation=_Shown(returns) if isinstance(returns, str) else returns,
    )
    return f"{function.__name__}{shown}"


def first_paragraph(thing: Any, *, whole: bool = False) -> str:
    """The first paragraph (``whole``: every paragraph) of ``thing``'s own docstring, on one
    line; empty when it has none (a class does not show the docstring of its base)."""
    own = thing.__dict__.get("__doc__") if inspect.isclass(thing) else inspect.getdoc(thing)
    doc = inspect.cleandoc(own) if isinstance(own, str) else ""
    paragraphs = doc.split("\n\n") if whole else doc.split("\n\n")[:1]
    return " ".join(" ".join(paragraphs).split())


def helper_entry(name: str, thing: Any) -> str:
    """One helper as a list item: its signature (or kind) and what it is for."""
    if inspect.isclass(thing):
        bases = ", ".join(base.__name__ for base in thing.__bases__)
        head = f"class {name}({bases})"
    elif callable(thing) and not typing.get_origin(thing):
        head = signature_text(thing)
    else:
        head = f"{name} = {type_text(thing)}"
    about = first_paragraph(thing) if inspect.isclass(thing) or inspect.isfunction(thing) else ""
    return f"- `{head}`" + (f": {about}" if about else "")


def type_text(kind: Any) -> str:
    """A type as one would write it: ``str | None``, ``list[str]``, ``'inbox' | 'sent'``."""
    if kind is type(None):
        return "None"
    origin = typing.get_origin(kind)
    arguments = typing.get_args(kind)
    if origin is typing.Literal:
        return " | ".join(repr(argument) for argument in arguments)
    if origin in (typing.Union, types.UnionType):
        return " | ".join(type_text(argument) for argument in arguments)
    if origin is typing.Annotated:
        return type_text(arguments[0])
    if origin is not None:
        name = getattr(origin, "__name__", str(origin))
        return f"{name}[{', '.join(type_text(argument) for argument in arguments)}]"
    if isinstance(kind, type):
        return kind.__name__
    return str(kind).replace("typing.", "")


_KEYS = {
    Shape.KEYED: "one row per key",
    Shape.KEYED_LISTS: "a list of rows per key",
    Shape.NESTED: "one row per key, per owner (conditions may name the owner)",
    Shape.MEMBERS: "a list of values",
}


def _cell(text: str) -> str:
    """``text`` fit for a Markdown table cell (a ``|`` would end the cell, even in code)."""
    return text.replace("|", "\\|")


def model_columns(model: type[BaseModel], skip: Iterable[str] = ()) -> list[str]:
    """Table rows, ``| column | type | default |`` (and ``about`` when a field has a
    description), one per field of ``model`` but those in ``skip``; a field without a default
    is ``required``."""
    left_out = set(skip)
    fields = {name: field for name, field in model.model_fields.items() if name not in left_out}
    described = any(field.description for field in fields.values())
    heads = ["column", "type", "default", *(["about"] if described else [])]
    lines = ["| " + " | ".join(heads) + " |", "|" + " --- |" * len(heads)]
    for name, field in fields.items():
        cells = [f"`{name}`", f"`{_cell(type_text(field.annotation))}`", _default_text(field)]
        if described:
            cells.append(_cell(" ".join((field.description or "").split())))
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def _default_text(field: Any) -> str:
    if field.is_required():
        return "required"
    if field.default_factory is not None:
        return f"`{_cell(repr(field.default_factory()))}`"
    return f"`{_cell(repr(_default(field.default)))}`"


def models_in(kind: Any) -> list[type[BaseModel]]:
    """The pydantic models ``kind`` is made of (``list[EventData]``: ``[EventData]``)."""
    if isinstance(kind, type) and issubclass(kind, BaseModel):
        return [kind]
    return [model for argument in typing.get_args(kind) for model in models_in(argument)]


def table_section(table: Table[Any], level: str = "####") -> list[str]:
    """One declared table: its name, what its keys hold, its row type's purpose and columns."""
    lines = [f"{level} `{table.name}`", ""]
    row = table.row
    what = table.doc.strip() or f"{_KEYS[table.shape]}."
    lines.append(f"{what} ({_KEYS[table.shape]})")
    if isinstance(row, type) and issubclass(row, BaseModel):
        about = first_paragraph(row)
        if about:
            lines += ["", f"{row.__name__}: {about}"]
        lines += ["", *model_columns(row)]
    elif getattr(row, "_fields", None):
        fields = typing.get_type_hints(row)
        lines += ["", "| column | type |", "| --- | --- |"]
        lines += [f"| `{name}` | `{_cell(type_text(kind))}` |" for name, kind in fields.items()]
    else:
        lines += ["", f"Each value: `{type_text(row)}`."]
    return [*lines, ""]


def tables_text(tables: Iterable[Table[Any]], level: str = "####") -> list[str]:
    """:func:`table_section` of each table, in declaration order."""
    return [line for table in tables for line in table_section(table, level)]


__all__ = [
    "first_paragraph",
    "helper_entry",
    "model_columns",
    "models_in",
    "signature_text",
    "table_section",
    "tables_text",
    "type_text",
]
