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

Each parameter gets a one-line description for the tool's JSON schema: from its block in the
docstring (``name`` alone on a line, its text indented under it) or, for a parameter the docstring
only mentions in prose, from ``parameters=`` beside the declaration. The second way leaves the
docstring, and so the library documentation prompts show, exactly as it is.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal, TypeVar, get_args

from assistworld.tools.docstrings import parameter_descriptions
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
    parameters: tuple[tuple[str, str], ...] = ()
    """(parameter, one-line description) declared beside the function, in signature order."""


def tool(
    *, app: str, effect: Effect, parameters: Mapping[str, str] | None = None
) -> Callable[[_F], _F]:
    """Declare a typed function a tool of ``app`` with ``effect`` (see the module docstring).

    ``parameters`` describes, in one line each, the parameters that have no block of their own in
    the docstring. Name, signature, docstring and ``__module__`` stay the function's own
    (``functools.wraps``), so documentation rendering and signature checks see the plain function.
    """
    if effect not in EFFECTS:
        raise ValueError(f"effect must be one of {', '.join(EFFECTS)}; got {effect!r}")
    if not app:
        raise ValueError("a tool needs the name of its app")

    def declare(function: _F) -> _F:
        declared_texts = _declared_descriptions(function, parameters or {})
        spec = ToolSpec(name=function.__name__, app=app, effect=effect, parameters=declared_texts)
        declared = _counting_writes(function) if effect == "write" else function
        setattr(declared, SPEC_ATTRIBUTE, spec)
        return declared

    return declare


def spec_of(value: object) -> ToolSpec | None:
    """The declaration of ``value`` if it is a declared tool, else None."""
    spec = getattr(value, SPEC_ATTRIBUTE, None)
    return spec if isinstance(spec, ToolSpec) else None


def described_parameters(function: Callable[..., Any]) -> dict[str, str]:
    """Each parameter of ``function`` that is described, in signature order, with its one-line
    description: its docstring block, else the text declared with ``@tool(parameters=...)``."""
    plain = inspect.unwrap(function)
    names = inspect.signature(plain).parameters
    from_doc = parameter_descriptions(plain.__doc__, names)
    spec = spec_of(function) or spec_of(plain)
    declared = dict(spec.parameters) if spec is not None else {}
    return {
        name: from_doc.get(name) or declared[name]
        for name in names
        if name in from_doc or name in declared
    }


def _declared_descriptions(
    function: Callable[..., Any], texts: Mapping[str, str]
) -> tuple[tuple[str, str], ...]:
    """``texts`` checked against ``function`` and put in signature order."""
    if not texts:
        return ()
    where = f"@tool(parameters=...) of {function.__name__}"
    names = list(inspect.signature(function).parameters)
    in_doc = parameter_descriptions(function.__doc__, names)
    for name, text in texts.items():
        if name not in names:
            raise ValueError(
                f"{where}: {name!r} is not a parameter of {function.__name__} (its parameters: "
                f"{', '.join(names) or 'none'}); describe only the function's own parameters"
            )
        if not isinstance(text, str) or not text.strip() or "\n" in text:
            raise ValueError(f"{where}: the description of {name!r} must be one line of text")
        if name in in_doc:
            raise ValueError(
                f"{where}: {name!r} already has a block in the docstring; describe it in one place"
            )
    return tuple((name, texts[name].strip()) for name in names if name in texts)


def _counting_writes(function: _F) -> _F:
    @functools.wraps(function)
    def write(*args: Any, **kwargs: Any) -> Any:
        result = function(*args, **kwargs)
        current_world().record_write()
        return result

    return write  # type: ignore[return-value]


__all__ = [
    "EFFECTS",
    "SPEC_ATTRIBUTE",
    "Effect",
    "ToolSpec",
    "described_parameters",
    "spec_of",
    "tool",
]
