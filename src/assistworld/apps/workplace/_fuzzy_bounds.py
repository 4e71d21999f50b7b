"""How much of a string the fuzzy matchers look at.

rapidfuzz's ``WRatio`` takes time that grows faster than the product of the two lengths (about
70 ms for two 16,000-character strings here, and minutes for two of a million), inside C code
that no signal interrupts. Names and subjects are short; the matchers compare only the first
``FUZZY_INPUT_CHARS`` characters of each side (about 0.2 ms a comparison at most).
"""

from __future__ import annotations

FUZZY_INPUT_CHARS = 1000


def bounded(text: str) -> str:
    """``text`` cut to what a fuzzy matcher may compare."""
    return text[:FUZZY_INPUT_CHARS]


__all__ = ["FUZZY_INPUT_CHARS", "bounded"]
