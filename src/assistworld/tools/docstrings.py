"""What a tool's docstring says about the tool and its parameters.

The library documents parameters NumPy-style, a name alone on a line and its text indented under
it (``room_name`` then ``    Matched case-insensitively ...``); other docstrings mention their
parameters in prose, and those parameters get no description of their own.
"""

from __future__ import annotations

import inspect
from collections.abc import Iterable


def summary(doc: str | None) -> str:
    """The docstring's first line (empty when there is no docstring)."""
    text = inspect.cleandoc(doc or "")
    return text.splitlines()[0].strip() if text else ""


def full_text(doc: str | None) -> str:
    """The whole docstring, dedented."""
    return inspect.cleandoc(doc or "")


def parameter_descriptions(doc: str | None, parameters: Iterable[str]) -> dict[str, str]:
    """For each parameter with a block of its own in ``doc``, that block's text on one line.

    A block header may name several parameters (``starts_at, ends_at``); each gets the text.
    """
    wanted = set(parameters)
    lines = inspect.cleandoc(doc or "").splitlines()
    found: dict[str, str] = {}
    index = 0
    while index < len(lines):
        names = _header_names(lines[index])
        body: list[str] = []
        index += 1
        while index < len(lines) and lines[index].startswith((" ", "\t")):
            body.append(lines[index].strip())
            index += 1
        if names and body and set(names) <= wanted:
            for name in names:
                found.setdefault(name, " ".join(body))
    return found


def _header_names(line: str) -> list[str]:
    """The parameter names a block header line lists (``[]`` if it is not a header)."""
    if not line or line[0].isspace():
        return []
    names = [part.strip() for part in line.split(",")]
    return names if all(name.isidentifier() for name in names) else []


__all__ = ["full_text", "parameter_descriptions", "summary"]
