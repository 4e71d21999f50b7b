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
    """Length of the longest common subsequence of two word sequences (O(len * len) time,
    O(min len) memory)."""
    if len(first) < len(second):
        first, second = second, first
    if not second:
        return 0
    previous = [0] * (len(second) + 1)
    for word in first:
        current = [0]
        for j, other in enumerate(second, start=1):
            if word == other:
                current.append(previous[j - 1] + 1)
            else:
                current.append(max(previous[j], current[j - 1]))
        previous = current
    return previous[-1]


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
