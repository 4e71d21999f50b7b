"""The globals each kind of program runs with (spec section 7b), and the RPC operation list.

A candidate's globals come from the library it is written against (``ProgramLibrary``, the
workplace's by default); setup and evaluation programs are ASPERA's and always see the workplace.

Setup and evaluation namespaces come from
``assistworld.paradigms.aspera.tasks.setup_tools.namespace()``
and
``assistworld.paradigms.aspera.tasks.evaluation_tools.namespace()``. Where one of those is not there
(yet), the namespace is built
here from the same parts, so the sandbox works either way.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable, Mapping
from copy import deepcopy
from typing import Any

from assistworld.sandbox.library import WORKPLACE_LIBRARY, ProgramLibrary
from assistworld.tools.declaration import spec_of
from assistworld.tools.toolset import Toolset

_EVALUATION_TYPING_NAMES = ("Any", "Callable")


def action_toolset(library: ProgramLibrary = WORKPLACE_LIBRARY) -> Toolset:
    """The library's declared tools: what candidate programs call, and what their runs record."""
    return library.toolset()


def action_namespace(library: ProgramLibrary = WORKPLACE_LIBRARY) -> dict[str, Any]:
    """What an action (candidate) program finds in its globals: the library and its extras
    (``datetime``)."""
    return action_toolset(library).namespace()


def library_functions(
    library: ProgramLibrary = WORKPLACE_LIBRARY,
) -> dict[str, Callable[..., Any]]:
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


SETUP_TOOLS_PACKAGE = "assistworld.paradigms.aspera.tasks.setup_tools"
EVALUATION_TOOLS_PACKAGE = "assistworld.paradigms.aspera.tasks.evaluation_tools"
"""Where the trusted setup and evaluation programs' tools come from. The sandbox runs ASPERA's
(setup, evaluation) pairs, and finds their tools by name at run time, so the sandbox layer keeps
no static import of a paradigm (``lint-imports``)."""


def load_program_tools() -> None:
    """Import the setup and evaluation tools (the zygote does this once, before any task)."""
    importlib.import_module(SETUP_TOOLS_PACKAGE)
    importlib.import_module(EVALUATION_TOOLS_PACKAGE)


def setup_namespace() -> dict[str, Any]:
    """What a setup program finds in its globals: the library, the setup tools, ``deepcopy``."""
    sim = importlib.import_module(SETUP_TOOLS_PACKAGE)
    build = getattr(sim, "namespace", None)
    if callable(build):
        names: dict[str, Any] = build()
        return names
    names = action_namespace()
    names.update(_public_names(sim))
    names["deepcopy"] = deepcopy
    return names


def evaluation_namespace() -> dict[str, Any]:
    """What an evaluation program finds: the setup namespace, the evaluation tools,
    ``DEFAULT_EVENT_DURATION_MINUTES``, ``Any`` and ``Callable``."""
    checks = importlib.import_module(EVALUATION_TOOLS_PACKAGE)
    build = getattr(checks, "namespace", None)
    if callable(build):
        names: dict[str, Any] = build()
        return names
    import typing

    from assistworld.apps.workplace import work_calendar

    names = setup_namespace()
    names.pop("deepcopy", None)
    names.update(_public_names(checks))
    names["DEFAULT_EVENT_DURATION_MINUTES"] = getattr(
        work_calendar, "DEFAULT_EVENT_DURATION_MINUTES", 16
    )
    for name in _EVALUATION_TYPING_NAMES:
        names[name] = getattr(typing, name)
    return names


def _public_names(module: Any) -> dict[str, Any]:
    return {
        name: getattr(module, name)
        for name in getattr(module, "__all__", ())
        if name != "namespace" and hasattr(module, name)
    }


__all__ = [
    "action_namespace",
    "action_toolset",
    "evaluation_namespace",
    "functions_in",
    "is_clock_only",
    "library_functions",
    "setup_namespace",
]
