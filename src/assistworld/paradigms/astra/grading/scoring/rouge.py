"""ROUGE-L: how much of a reference text a candidate says, in order, as the F-measure of the
longest common subsequence of their words.

Words are lower-cased runs of letters and digits (any script), so punctuation and case never
count. Written here rather than taken from a package: it is one dynamic programme.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

_WORD = re.compile(r"[^\W_]+", re.UNICODE)


def words(text: str) -> list[str]:
    """The lower-cased words of ``text`` (letters and digits; punctuation dropped)."""
    return _WORD.findall(text.lower())


def lcs_length(first: Sequence[str], second: Sequence[str]) -> int:
    """Length of the longest common subsequence of two word sequences.

    Bit-parallel: one bit per word of the shorter sequence, held in a Python integer, and a
    few integer operations per word of the longer one (Hyyro's formulation of the
    Allison-Dix recurrence), so a long reply against a short reference stays cheap. A zero bit
    of ``row`` marks a position where the common subsequence grew.
    """
    if len(first) < len(second):
        first, second = second, first
    if not second:
        return 0
    matches: dict[str, int] = {}
    for position, word in enumerate(second):
        matches[word] = matches.get(word, 0) | (1 << position)
    full = (1 << len(second)) - 1
    row = full
    for word in first:
        hits = row & matches.get(word, 0)
        row = ((row + hits) | (row - hits)) & full
    return len(second) - row.bit_count()


def rouge_l(reference: str, candidate: str) -> float:
    """The ROUGE-L F1 of ``candidate`` against ``reference``, in [0, 1].

    Two texts without words are identical (1.0); a text without words against one with words
    shares nothing (0.0).
    """
    ref, cand = words(reference), words(candidate)
    if not ref and not cand:
        return 1.0
    common = lcs_length(ref, cand)
    if common == 0:
        return 0.0
    precision, recall = common / len(cand), common / len(ref)
    return 2 * precision * recall / (precision + recall)
