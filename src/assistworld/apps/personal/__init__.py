"""The personal apps of the device owner: contacts, calendar, email, text messages, WhatsApp and
phone calls, declared once as the 27 tools of ASTRA-bench.

A tool-calling agent reaches them through :func:`toolset` (JSON schemas, ``call_json``); a
program-writing agent finds the same functions in its globals (:func:`namespace`). A world for
them is built from plain data with :func:`personal_world`, and :func:`personal_data` gives it back.
"""

from __future__ import annotations

import datetime
from types import ModuleType
from typing import Any

from assistworld.apps.personal import (
    calendar_events,
    contacts,
    emails,
    errors,
    messages,
    phone_calls,
    records,
    whatsapp,
)
from assistworld.apps.personal._data_errors import PersonalWorldDataError
from assistworld.apps.personal._world_data import PersonalWorldData
from assistworld.apps.personal.loader import personal_data, personal_world
from assistworld.apps.personal.tables import PERSONAL_TABLES
from assistworld.tools.toolset import Toolset

LIBRARY_MODULES: tuple[ModuleType, ...] = (
    contacts,
    calendar_events,
    emails,
    messages,
    whatsapp,
    phone_calls,
    records,
    errors,
)
"""The library's modules, in the order the documentation presents them."""


def library_modules() -> tuple[ModuleType, ...]:
    """The library's modules in documentation order (what prompts document)."""
    return LIBRARY_MODULES


def toolset() -> Toolset:
    """The 27 personal tools, with ``datetime`` as the one extra name programs get."""
    return Toolset(LIBRARY_MODULES, extras={"datetime": datetime})


def namespace() -> dict[str, Any]:
    """A fresh dict of every public name of the library, plus ``datetime``: what a program
    written against the personal apps finds in its globals."""
    return toolset().namespace()


__all__ = [
    "LIBRARY_MODULES",
    "PERSONAL_TABLES",
    "PersonalWorldData",
    "PersonalWorldDataError",
    "library_modules",
    "namespace",
    "personal_data",
    "personal_world",
    "toolset",
]
