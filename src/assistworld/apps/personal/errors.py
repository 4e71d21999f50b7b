"""The errors the personal apps raise: each message says what was wrong and what to do instead.

A tool-calling agent reads the message as the tool's result (``Toolset.call_json`` turns the
exception into a tool error object); a program may catch these by name.
"""

from __future__ import annotations

__all__ = ["PersonalAppError", "RecordNotFoundError"]


class PersonalAppError(ValueError):
    """An argument a personal app cannot act on (empty recipients, end before start, text too
    long, an unknown folder...). The message names the argument and how to fix the call."""


class RecordNotFoundError(PersonalAppError, LookupError):
    """No record has the id given. The message names the tool that lists the valid ids."""
