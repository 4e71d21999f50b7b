"""Text from a candidate program or a model, made safe to store.

A Python string may hold a lone surrogate code point (U+D800 to U+DFFF on its own), which UTF-8
cannot encode: writing such a string to a file, hashing it or serialising it with pydantic fails.
Candidate programs and model replies can produce one (``"\\ud800"``, a JSON escape in a reply), so
every such value is passed through :func:`safe_value` before it is stored. A lone surrogate is
replaced by its escape text (the six characters ``\\ud800``): visible, never silently dropped.
Text that UTF-8 can encode is returned unchanged (the same object).
"""

from __future__ import annotations

from typing import Any


def safe_text(text: str) -> str:
    """``text`` with every lone surrogate replaced by its ``\\uXXXX`` escape text."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text


def safe_value(value: Any) -> Any:
    """``value`` with :func:`safe_text` applied to every string in it (dict keys included).

    Walks plain containers (dict, list, tuple); every other value is returned as it is.
    """
    if isinstance(value, str):
        return safe_text(value)
    if isinstance(value, dict):
        return {safe_value(key): safe_value(item) for key, item in value.items()}
    if isinstance(value, list):
        return [safe_value(item) for item in value]
    if isinstance(value, tuple):
        return tuple(safe_value(item) for item in value)
    return value


__all__ = ["safe_text", "safe_value"]
