"""The assistant library that action programs call.

Programs never import it: :func:`namespace` gives the names that are injected into their globals.
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

LIBRARY_MODULES: tuple[ModuleType, ...] = (
    time_utils,
    work_calendar,
    company_directory,
    room_booking,
    exceptions,
)
"""The library's modules, in the order the documentation presents them."""


def public_names(module: ModuleType) -> list[str]:
    """The names a module exports (its ``__all__``)."""
    return list(module.__all__)


def namespace() -> dict[str, Any]:
    """A fresh dict of every public library name, plus the ``datetime`` module.

    This is exactly what an action program finds in its globals.
    """
    names: dict[str, Any] = {"datetime": datetime}
    for module in LIBRARY_MODULES:
        for name in public_names(module):
            names[name] = getattr(module, name)
    return names


__all__ = ["LIBRARY_MODULES", "namespace", "public_names"]
