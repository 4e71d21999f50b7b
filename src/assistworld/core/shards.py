"""``run --shard K/N``: one of N parts of a run, the same part on every machine.

A (task, sample) pair belongs to part ``int(sha256(id, sample)) % N``: a stable partition that
needs no coordination between the machines (each is told only K and N), keeps the parts within a
few tasks of equal size, and gives the same answer in every Python (``hash()`` is salted per
process). ``assistworld merge`` joins the N run directories into the one run they are parts of.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

_FORM = re.compile(r"^\s*(\d+)\s*/\s*(\d+)\s*$")


class ShardError(ValueError):
    """A ``--shard`` that is not K/N with 1 <= K <= N; the message says what it takes."""


@dataclass(frozen=True)
class Shard:
    """Part ``index`` (1-based) of ``count``."""

    index: int
    count: int

    @classmethod
    def parse(cls, text: str) -> Shard:
        found = _FORM.match(text)
        if found is None:
            raise ShardError(
                f"--shard {text!r}: give K/N, this machine's part K of N parts (e.g. 2/3)"
            )
        index, count = int(found.group(1)), int(found.group(2))
        if not 1 <= index <= count:
            raise ShardError(f"--shard {text}: K must be from 1 to N ({count}); got {index}")
        return cls(index, count)

    def owns(self, query_id: str, sample: int) -> bool:
        """Whether the (task, sample) pair is in this part."""
        digest = hashlib.sha256(f"{query_id}\0{sample}".encode()).digest()
        return int.from_bytes(digest[:8], "big") % self.count == self.index - 1

    def __str__(self) -> str:
        return f"{self.index}/{self.count}"

    def to_data(self) -> dict[str, int]:
        return {"index": self.index, "count": self.count}


__all__ = ["Shard", "ShardError"]
