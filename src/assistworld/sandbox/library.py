"""Which library a program is written against: a parameter of the executors, built by the caller.

The zygote is a fresh interpreter, so the library crosses to it as plain data: the import names
of its modules (in documentation order), the extra names bound to whole modules (``datetime``)
and, for a paradigm whose tasks bring programs of their own (ASPERA's setup and evaluation
programs), the functions that build what those programs find in their globals, each as
``module:function``. From that, each side builds the same toolset: the functions a program may
call over RPC, the namespace it finds, the value types the codec lets through, the exceptions
the child rebuilds and the class a hand-back is raised as into an evaluation program.

The sandbox knows no app and no paradigm: every library it runs is handed to it.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from enum import Enum
from types import ModuleType
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from assistworld.tools.handback import HandBack
from assistworld.tools.toolset import Toolset


class LibraryError(ValueError):
    """A library description names a module or function that cannot be imported, a module
    that holds no ``__all__``, or exports more than one hand-back exception."""


class ProgramLibrary(BaseModel):
    """A library for programs, by the names of its modules (and of its task programs' names)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    modules: tuple[str, ...] = Field(min_length=1)
    """Import names of the library's modules, in the order its documentation presents them."""
    extras: dict[str, str] = Field(default_factory=dict)
    """Further names a program finds, each bound to a whole module: name -> import name."""
    setup_namespace: str | None = None
    """``module:function`` returning a fresh dict of what a task's setup program finds in its
    globals; None: the candidate's names (a library whose tasks bring no setup tools)."""
    evaluation_namespace: str | None = None
    """``module:function`` returning a fresh dict of what a task's evaluation program finds;
    None: the candidate's names."""

    @field_validator("setup_namespace", "evaluation_namespace")
    @classmethod
    def _a_function_reference(cls, value: str | None) -> str | None:
        if value is not None:
            module, colon, function = value.partition(":")
            if not (colon and module and function.isidentifier()):
                raise ValueError(
                    f"{value!r} does not name a function; write it as 'package.module:function'"
                )
        return value

    @classmethod
    def of(
        cls,
        toolset: Toolset,
        *,
        setup_namespace: str | None = None,
        evaluation_namespace: str | None = None,
    ) -> ProgramLibrary:
        """The description of ``toolset`` (its extras must be modules), with the builders of
        the setup and evaluation programs' globals, if the tasks run with it have such programs."""
        extras: dict[str, str] = {}
        for name, value in toolset.namespace().items():
            if any(name in module.__all__ for module in toolset.modules):
                continue
            if not isinstance(value, ModuleType):
                raise LibraryError(
                    f"the toolset's extra name {name!r} is not a module; a library handed to the "
                    "sandbox may only add whole modules (a zygote imports them by name)"
                )
            extras[name] = value.__name__
        return cls(
            modules=tuple(module.__name__ for module in toolset.modules),
            extras=extras,
            setup_namespace=setup_namespace,
            evaluation_namespace=evaluation_namespace,
        )

    def toolset(self) -> Toolset:
        """The library's toolset (importing its modules)."""
        modules = [_imported(name) for name in self.modules]
        for module in modules:
            if not isinstance(getattr(module, "__all__", None), list | tuple):
                raise LibraryError(f"library module {module.__name__} has no __all__")
        extras = {name: _imported(module) for name, module in self.extras.items()}
        return Toolset(modules, extras=extras)

    def load(self) -> None:
        """Import everything the library names (a zygote does this once, before it forks)."""
        self.toolset()
        for reference in (self.setup_namespace, self.evaluation_namespace):
            if reference is not None:
                _function(reference)

    def value_types(self) -> list[type]:
        """The enums, named tuples and pydantic models the library's modules export: the values
        that may cross the sandbox boundary besides plain data."""
        found: list[type] = []
        for value in self.toolset().namespace().values():
            if not isinstance(value, type) or value in found:
                continue
            if issubclass(value, Enum | BaseModel) or (
                issubclass(value, tuple) and hasattr(value, "_fields")
            ):
                found.append(value)
        return found

    def handback_type(self) -> type[HandBack]:
        """The library's hand-back exception (its ``RequiresUserInput``): what a program's
        hand-back is raised as into an evaluation program; :class:`HandBack` itself for a
        library that exports none."""
        found: list[type[HandBack]] = []
        for module in self.toolset().modules:
            for name in module.__all__:
                value = getattr(module, name)
                if isinstance(value, type) and issubclass(value, HandBack) and value not in found:
                    found.append(value)
        if len(found) > 1:
            names = ", ".join(f"{cls.__module__}.{cls.__qualname__}" for cls in found)
            raise LibraryError(
                f"the library exports {len(found)} hand-back exceptions ({names}); export one, "
                "so a program's hand-back is rebuilt as that class"
            )
        return found[0] if found else HandBack

    def setup_globals(self) -> dict[str, Any]:
        """A fresh dict of what a setup program finds in its globals."""
        return self._globals(self.setup_namespace)

    def evaluation_globals(self) -> dict[str, Any]:
        """A fresh dict of what an evaluation program finds in its globals."""
        return self._globals(self.evaluation_namespace)

    def _globals(self, reference: str | None) -> dict[str, Any]:
        if reference is None:
            return self.toolset().namespace()
        names = _function(reference)()
        if not isinstance(names, dict):
            raise LibraryError(f"{reference} returned {type(names).__name__}, not a dict of names")
        return names


def _imported(name: str) -> ModuleType:
    try:
        return importlib.import_module(name)
    except ImportError as exc:
        raise LibraryError(f"library module {name!r} cannot be imported: {exc}") from None


def _function(reference: str) -> Callable[[], Any]:
    module_name, _, name = reference.partition(":")
    found = getattr(_imported(module_name), name, None)
    if not callable(found):
        raise LibraryError(f"{module_name} has no function {name!r} (named by {reference!r})")
    return found  # type: ignore[no-any-return]


__all__ = ["LibraryError", "ProgramLibrary"]
