"""The globals each kind of program runs with (spec section 7b), and the RPC operation list.

Every namespace comes from the library the executor was handed (``ProgramLibrary``): a
candidate's from the library's modules, a setup or evaluation program's from the functions the
library names for them (ASPERA's setup and evaluation tools, for its library).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from typing import Any

from assistworld.sandbox.library import ProgramLibrary
from assistworld.tools.declaration import spec_of
from assistworld.tools.toolset import Toolset


def action_toolset(library: ProgramLibrary) -> Toolset:
    """The library's declared tools: what candidate programs call, and what their runs record."""
    return library.toolset()


def action_namespace(library: ProgramLibrary) -> dict[str, Any]:
    """What an action (candidate) program finds in its globals: the library and its extras
    (``datetime``)."""
    return action_toolset(library).namespace()


def library_functions(library: ProgramLibrary) -> dict[str, Callable[..., Any]]:
    """The library's public functions by name: the operations a candidate may call over RPC."""
    return functions_in(action_namespace(library))


def functions_in(names: Mapping[str, Any]) -> dict[str, Callable[..., Any]]:
    """The functions among ``names`` (a library's namespace), by name: for callers that hold
    the namespace already and need not build the toolset again."""
    return {name: value for name, value in names.items() if inspect.isfunction(value)}


def is_clock_only(function: Callable[..., Any]) -> bool:
    """Whether a candidate's own process may run library ``function`` itself, given the clock:
    the tools declared ``pure`` (``assistworld.tools.tool``).

    These compute with their arguments and at most ``now_()``, and never change the world, so
    running them in the agent child gives the same results as a call to the world host at a
    fraction of the cost (about half of all library calls in the bundled suite are these).
    ``tests/sandbox/test_namespaces.py`` holds the declarations to that by reading their source.
    """
    spec = spec_of(function)
    return spec is not None and spec.effect == "pure"


def setup_namespace(library: ProgramLibrary) -> dict[str, Any]:
    """What a setup program finds in its globals: what ``library`` gives setup programs."""
    return library.setup_globals()


def evaluation_namespace(library: ProgramLibrary) -> dict[str, Any]:
    """What an evaluation program finds in its globals: what ``library`` gives them."""
    return library.evaluation_globals()


__all__ = [
    "action_namespace",
    "action_toolset",
    "evaluation_namespace",
    "functions_in",
    "is_clock_only",
    "library_functions",
    "setup_namespace",
]
