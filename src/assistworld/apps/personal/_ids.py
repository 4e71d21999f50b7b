"""Readable record ids (``contact-3``, ``email-12``) drawn from the world's own id counter.

``world.new_id`` advances the counter that snapshots and JSON keep, so ids are stable for a given
world and order of creation, never reused after a removal, and distinct across kinds.
"""

from __future__ import annotations

from collections.abc import Container

from assistworld.world.world import World


def readable_id(world: World, kind: str, taken: Container[str]) -> str:
    """A fresh ``<kind>-<n>`` not in ``taken`` (ids a scenario file chose itself are skipped)."""
    while True:
        world.new_id(kind)
        candidate = f"{kind}-{world.ids_issued}"
        if candidate not in taken:
            return candidate
