"""Comparing argument values: the paper's lenient test and the corrected exact one.

Both modes read the same small alias map of place spellings (the paper applies it to the
predicted value only; corrected mode to both sides).
"""

from __future__ import annotations

import re

ALIASES: dict[str, str] = {
    "la": "los angeles",
    "lax": "los angeles",
    "nyc": "new york",
    "sd": "san diego",
    "sfo": "san francisco",
    "chi-town": "chicago",
    "ciudad de mexico": "mexico city",
}
"""Spellings the paper's scorer maps to a city before comparing."""

_SPACES = re.compile(r"\s+")


def paper_values_match(first: str, second: str) -> bool:
    """The paper's test: lower-cased, single quotes stripped from the ends, then equal or either
    a substring of the other (so an empty value matches anything)."""
    left = first.lower().strip("'")
    right = second.lower().strip("'")
    return left == right or right in left or left in right


def paper_alias(value: str) -> str:
    """The paper's correction of a predicted value: a known alias becomes its city (quoted)."""
    bare = value.strip("'")
    return "'" + ALIASES[bare] + "'" if bare in ALIASES else value


def normalise(value: str) -> str:
    """Corrected mode's normal form: case folded, surrounding quotes and whitespace removed,
    inner whitespace collapsed, aliases resolved."""
    text = _SPACES.sub(" ", value).strip()
    while len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"":
        text = text[1:-1].strip()
    text = text.casefold()
    return ALIASES.get(text, text)


def exact_values_match(gold: str, predicted: str) -> bool:
    """Corrected mode's test: equal after :func:`normalise`; an empty value never matches."""
    left = normalise(gold)
    right = normalise(predicted)
    return bool(left) and bool(right) and left == right
