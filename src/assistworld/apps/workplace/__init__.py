"""The assistant library that action programs call.

Programs never import it: :func:`namespace` gives the names that are injected into their globals.
Its functions are declared tools (``assistworld.tools``); :func:`toolset` collects them.
"""

from __future__ import annotations

import datetime
from types import ModuleType
from typing import Any

from assistworld.apps.workplace import (
    company_directory,
    exceptions,
    room_booking,
    time_utils,
    work_calendar,
)
from assistworld.tools.toolset import Toolset

LIBRARY_MODULES: tuple[ModuleType, ...] = (
    time_utils,
    work_calendar,
    company_directory,
    room_booking,
    exceptions,
)
"""The library's modules, in the order the documentation presents them."""


def library_modules() -> tuple[ModuleType, ...]:
    """The library's modules in documentation order (what prompts document)."""
    return LIBRARY_MODULES


def public_names(module: ModuleType) -> list[str]:
    """The names a module exports (its ``__all__``)."""
    return list(module.__all__)


def toolset() -> Toolset:
    """The library's declared tools, with ``datetime`` as the one extra name programs get."""
    return Toolset(LIBRARY_MODULES, extras={"datetime": datetime})


def namespace() -> dict[str, Any]:
    """A fresh dict of every public library name, plus the ``datetime`` module.

    This is exactly what an action program finds in its globals.
    """
    return toolset().namespace()


__all__ = ["LIBRARY_MODULES", "library_modules", "namespace", "public_names", "toolset"]
