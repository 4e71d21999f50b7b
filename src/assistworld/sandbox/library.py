"""Which library a candidate program is written against: a parameter of the executors.

The zygote is a fresh interpreter, so the library crosses to it as plain data: the import names
of its modules (in documentation order) and the extra names bound to whole modules
(``datetime``). From that, each side builds the same toolset: the functions a program may call
over RPC, the namespace it finds, the value types the codec lets through and the exceptions the
child rebuilds. The workplace library (ASPERA's) is the default.
"""

from __future__ import annotations

import importlib
from enum import Enum
from types import ModuleType

from pydantic import BaseModel, ConfigDict, Field

from assistworld.apps import workplace
from assistworld.tools.toolset import Toolset


class LibraryError(ValueError):
    """A library description names a module that cannot be imported or holds no ``__all__``."""


class ProgramLibrary(BaseModel):
    """A library for program-writing agents, by the names of its modules."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    modules: tuple[str, ...] = Field(min_length=1)
    """Import names of the library's modules, in the order its documentation presents them."""
    extras: dict[str, str] = Field(default_factory=dict)
    """Further names a program finds, each bound to a whole module: name -> import name."""

    @classmethod
    def of(cls, toolset: Toolset) -> ProgramLibrary:
        """The description of ``toolset`` (its extras must be modules)."""
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
        return cls(modules=tuple(module.__name__ for module in toolset.modules), extras=extras)

    def toolset(self) -> Toolset:
        """The library's toolset (importing its modules)."""
        modules = [_imported(name) for name in self.modules]
        for module in modules:
            if not isinstance(getattr(module, "__all__", None), list | tuple):
                raise LibraryError(f"library module {module.__name__} has no __all__")
        extras = {name: _imported(module) for name, module in self.extras.items()}
        return Toolset(modules, extras=extras)

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


WORKPLACE_LIBRARY = ProgramLibrary.of(workplace.toolset())
"""ASPERA's library (time utilities, work calendar, directory, rooms) and ``datetime``."""


def _imported(name: str) -> ModuleType:
    try:
        return importlib.import_module(name)
    except ImportError as exc:
        raise LibraryError(f"library module {name!r} cannot be imported: {exc}") from None


__all__ = ["WORKPLACE_LIBRARY", "LibraryError", "ProgramLibrary"]
