"""The "did you mean" of an error message: the known names closest to a misspelt one.

Every loader that rejects an unknown name (a task file's metadata field, a table or column a
scenario names, a symbol asked of the documentation) suggests the near misses the same way.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable


def close_names(name: str, known: Iterable[str], count: int = 1) -> list[str]:
    """Up to ``count`` of ``known`` that are spelt like ``name``, closest first (difflib's
    similarity ratio of at least 0.6)."""
    return difflib.get_close_matches(name, list(known), n=count)


def did_you_mean(name: str, known: Iterable[str], count: int = 1) -> str:
    """`` (did you mean X?)`` for the near misses of ``name`` among ``known``; empty if none."""
    close = close_names(name, known, count)
    return f" (did you mean {' or '.join(close)}?)" if close else ""


__all__ = ["close_names", "did_you_mean"]
