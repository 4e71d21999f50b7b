"""The scalar values inside JSON data, at any depth: what several checks read out of records."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any


def json_leaves(value: Any) -> Iterator[Any]:
    """Every value that is not an object or an array, depth first, ``None`` left out."""
    if isinstance(value, Mapping):
        for item in value.values():
            yield from json_leaves(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from json_leaves(item)
    elif value is not None:
        yield value


def json_texts(value: Any) -> Iterator[str]:
    """The text values inside ``value`` (see :func:`json_leaves`)."""
    return (leaf for leaf in json_leaves(value) if isinstance(leaf, str))


__all__ = ["json_leaves", "json_texts"]
