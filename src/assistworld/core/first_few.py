"""A long list named in a message by its first few items and how many more there are."""

from __future__ import annotations

from collections.abc import Sequence


def first_few(items: Sequence[str], most: int) -> str:
    """``"a, b, c and 7 more"``: the first ``most`` of ``items``, then the count of the rest."""
    shown = ", ".join(items[:most])
    return shown + (f" and {len(items) - most} more" if len(items) > most else "")


__all__ = ["first_few"]
