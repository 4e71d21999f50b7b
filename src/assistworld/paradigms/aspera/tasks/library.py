"""ASPERA's program library, as the sandbox is handed it.

Candidates are written against the workplace apps (time utilities, work calendar, directory,
rooms, ``RequiresUserInput``) and ``datetime``; a task's setup programs find the setup tools
besides (``setup_tools.namespace``), its evaluation programs the evaluation tools too
(``evaluation_tools.namespace``). The sandbox imports those by the names given here, in the
zygote, before it forks anything.
"""

from __future__ import annotations

from assistworld.apps import workplace
from assistworld.sandbox.codec import Codec
from assistworld.sandbox.library import ProgramLibrary

_TASKS = "assistworld.paradigms.aspera.tasks"

ASPERA_LIBRARY = ProgramLibrary.of(
    workplace.toolset(),
    setup_namespace=f"{_TASKS}.setup_tools:namespace",
    evaluation_namespace=f"{_TASKS}.evaluation_tools:namespace",
)
"""The workplace library for candidates, with ASPERA's setup and evaluation tools for a task's
own programs."""


def aspera_codec() -> Codec:
    """A codec for the values ASPERA's programs return (the workplace's value types)."""
    return Codec(ASPERA_LIBRARY.value_types())


__all__ = ["ASPERA_LIBRARY", "aspera_codec"]
