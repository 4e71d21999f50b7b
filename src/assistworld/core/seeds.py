"""Stable seeds: the same names and numbers give the same generator on every machine and run.

Seeds come from sha256 of the parts joined by a separator, never from ``hash()`` (which Python
randomises per process for text). Every generator of the tool (services' databases, mutants,
storylines, generated suites) draws from these, so a seed means the same world everywhere.
"""

from __future__ import annotations

import hashlib
import random


def stable_seed(*parts: object) -> int:
    """A 64-bit seed from ``parts`` (their ``str`` forms), the same everywhere."""
    text = "\x1f".join(str(part) for part in parts)
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


def seeded_random(*parts: object) -> random.Random:
    """A generator of its own for ``parts`` (one per protagonist, seed and purpose)."""
    return random.Random(stable_seed(*parts))
