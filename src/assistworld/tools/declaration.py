"""The tool declaration: which app a library function belongs to and what it does to the world.

``@tool(app=..., effect=...)`` records a frozen :class:`ToolSpec` on the function itself (as
``__tool__``); there is no registry. A toolset is built later from the functions a module exports.

The effect says what a call may touch:

``pure``
    reads nothing of the world but its clock (or nothing at all), so an untrusted program's own
    process may run it against a world holding only the clock;
``read``
    reads tables, changes none;
``write``
    may change a table. The decorator wraps these so that every successful call, whatever called
    it (an RPC from the sandbox, a setup program, a tool-calling agent), counts one write on the
    active world (``World.record_write``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal, TypeVar, get_args

from assistworld.world.context import current_world

Effect = Literal["read", "write", "pure"]
EFFECTS: tuple[Effect, ...] = get_args(Effect)

SPEC_ATTRIBUTE = "__tool__"

_F = TypeVar("_F", bound=Callable[..., Any])


@dataclass(frozen=True)
class ToolSpec:
    """What a declaration says about one tool."""

    name: str
    app: str
    effect: Effect


def tool(*, app: str, effect: Effect) -> Callable[[_F], _F]:
    """Declare a typed function a tool of ``app`` with ``effect`` (see the module docstring).

    Name, signature, docstring and ``__module__`` stay the function's own (``functools.wraps``),
    so documentation rendering and signature checks see the plain function.
    """
    if effect not in EFFECTS:
        raise ValueError(f"effect must be one of {', '.join(EFFECTS)}; got {effect!r}")
    if not app:
        raise ValueError("a tool needs the name of its app")

    def declare(function: _F) -> _F:
        spec = ToolSpec(name=function.__name__, app=app, effect=effect)
        declared = _counting_writes(function) if effect == "write" else function
        setattr(declared, SPEC_ATTRIBUTE, spec)
        return declared

    return declare


def spec_of(value: object) -> ToolSpec | None:
    """The declaration of ``value`` if it is a declared tool, else None."""
    spec = getattr(value, SPEC_ATTRIBUTE, None)
    return spec if isinstance(spec, ToolSpec) else None


def _counting_writes(function: _F) -> _F:
    @functools.wraps(function)
    def write(*args: Any, **kwargs: Any) -> Any:
        result = function(*args, **kwargs)
        current_world().record_write()
        return result

    return write  # type: ignore[return-value]


__all__ = ["EFFECTS", "SPEC_ATTRIBUTE", "Effect", "ToolSpec", "spec_of", "tool"]
