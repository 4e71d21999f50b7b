"""Documentation for a chosen set of library names, plus every library type they need.

The primitive-selection agent imports a few names per module; its program-writing prompt then
shows only those. A signature that mentions ``Event`` is unusable without ``Event``, and ``Event``
without ``Employee`` or ``RepetitionSpec``, so the selection is closed over what the shown
signatures, fields and defaults mention before rendering.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from pydantic import BaseModel

from assistworld.core.suggest import close_names
from assistworld.docs.members import (
    Kind,
    class_constants,
    class_fields,
    class_members,
    classify,
    public_names,
    resolved_signature,
)
from assistworld.docs.source_text import iter_mentioned
from assistworld.docs.stubs import module_header, render_module

__all__ = ["UnknownSymbolError", "mentioned_objects", "render_symbols", "symbol_closure"]


class UnknownSymbolError(LookupError):
    """A requested name is not a public name of any of the documented modules."""


def symbol_closure(
    names: Iterable[str], modules: Sequence[types.ModuleType]
) -> dict[types.ModuleType, list[str]]:
    """The requested names and every documented name they mention, transitively.

    Returns, for each module that contributes (in the given order), its chosen names in
    ``__all__`` order. A name exported by several modules belongs to the first of them.
    """
    chosen_modules = tuple(modules)
    by_name: dict[str, tuple[int, object]] = {}
    by_identity: dict[int, str] = {}
    for index, module in enumerate(chosen_modules):
        for name in public_names(module):
            value = getattr(module, name)
            by_name.setdefault(name, (index, value))
            by_identity.setdefault(id(value), name)
    requested = list(dict.fromkeys(names))
    _check_known(requested, by_name)
    selected: set[str] = set()
    pending = requested
    while pending:
        name = pending.pop()
        if name in selected:
            continue
        selected.add(name)
        for mentioned in mentioned_objects(by_name[name][1]):
            other = by_identity.get(id(mentioned))
            # The identity check guards against an id reused by a short-lived object.
            if other is not None and other not in selected and by_name[other][1] is mentioned:
                pending.append(other)
    grouped: dict[types.ModuleType, list[str]] = {}
    for index, module in enumerate(chosen_modules):
        mine = [n for n in public_names(module) if n in selected and by_name[n][0] == index]
        if mine:
            grouped[module] = mine
    return grouped


def _check_known(requested: list[str], by_name: dict[str, tuple[int, object]]) -> None:
    unknown = [name for name in requested if name not in by_name]
    if not unknown:
        return
    hints = []
    for name in unknown:
        close = close_names(name, by_name, count=3)
        hints.append(f"{name!r} (did you mean {', '.join(close)}?)" if close else repr(name))
    raise UnknownSymbolError(
        f"Not a public name of the documented modules: {'; '.join(hints)}. "
        "Ask for names listed in the modules' __all__."
    )


def render_symbols(names: Iterable[str], modules: Sequence[types.ModuleType]) -> str:
    """Stub text for ``names`` and the types they need, grouped by module in library order.

    Each contributing module starts with its ``# module: <name>`` header and its docstring.
    An empty selection gives an empty string.
    """
    chosen_modules = tuple(modules)
    grouped = symbol_closure(names, chosen_modules)
    return "\n\n".join(
        module_header(module) + "\n" + render_module(module, only=chosen, context=chosen_modules)
        for module, chosen in grouped.items()
    )


def mentioned_objects(value: object) -> Iterator[object]:
    """Every type, alias and enum the documentation of ``value`` mentions (may repeat)."""
    kind = classify(value)
    if kind is Kind.ALIAS:
        yield from iter_mentioned(value)
    elif kind is Kind.FUNCTION:
        yield from _signature_mentions(typing.cast(Callable[..., Any], value))
    elif kind is Kind.CONSTANT:
        yield from _value_mentions(value)
    else:
        cls = typing.cast(type, value)
        yield from cls.__bases__
        for field in class_fields(cls):
            yield from iter_mentioned(field.annotation)
            yield from _value_mentions(field.default)
        for _, constant in class_constants(cls):
            yield from _value_mentions(constant)
        for member in class_members(cls):
            yield from _signature_mentions(member.function)


def _signature_mentions(function: Callable[..., Any]) -> Iterator[object]:
    try:
        signature = resolved_signature(function)
    except (TypeError, ValueError):
        return
    for parameter in signature.parameters.values():
        yield from iter_mentioned(parameter.annotation)
        yield from _value_mentions(parameter.default)
    yield from iter_mentioned(signature.return_annotation)


def _value_mentions(value: object) -> Iterator[object]:
    if isinstance(value, type):
        yield value
        return
    yield type(value)
    if isinstance(value, BaseModel):
        for name in value.model_fields_set:
            yield from _value_mentions(getattr(value, name))
    elif isinstance(value, list | tuple | set | frozenset):
        for item in value:
            yield from _value_mentions(item)
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _value_mentions(key)
            yield from _value_mentions(item)
