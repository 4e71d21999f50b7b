"""``--limit N`` as a stratified sample: N tasks spread over a suite's groups, the same for a seed.

The first N tasks of a suite are usually one category (the first 50 of ``travelplans`` are all
``ss``), so a small run measured one corner of the suite. Here every group (a task's
:meth:`~assistworld.core.task.TaskBase.strata`: its category, and its kind where the paradigm
has one) gets its share of N in proportion to its size (largest remainders first), and at least
one task when N allows (taken from the largest groups' shares). When N is smaller than the
number of groups, the largest groups get one each. Which tasks of a group are taken, and ties
between groups, follow a rank drawn from a sha256 of the seed and the id, never from
``hash()``, so a seed gives the same ids on every machine and in every Python. The chosen
tasks keep the suite's order.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Hashable, Sequence
from fractions import Fraction
from typing import TypeVar

T = TypeVar("T")


def seeded_rank(seed: int, name: str) -> str:
    """A stable pseudo-random rank of ``name`` for ``seed`` (compare as text)."""
    return hashlib.sha256(f"{seed}\0{name}".encode()).hexdigest()


def quotas(sizes: dict[Hashable, int], n: int, seed: int) -> dict[Hashable, int]:
    """How many of each group a sample of ``n`` takes (see the module's doc)."""
    total = sum(sizes.values())
    if n >= total:
        return dict(sizes)
    tiebreak = {group: seeded_rank(seed, repr(group)) for group in sizes}
    if n < len(sizes):
        largest = sorted(sizes, key=lambda group: (-sizes[group], tiebreak[group]))[:n]
        return {group: int(group in largest) for group in sizes}
    exact = {group: Fraction(n * size, total) for group, size in sizes.items()}
    taken = {group: max(1, int(share)) for group, share in exact.items()}
    while sum(taken.values()) > n:  # the ones given to small groups come from the largest
        over = max(
            (group for group in sizes if taken[group] > 1),
            key=lambda group: (taken[group] - exact[group], tiebreak[group]),
        )
        taken[over] -= 1
    left = n - sum(taken.values())
    short = sorted(
        (group for group in sizes if exact[group] > taken[group]),
        key=lambda group: (-(exact[group] - taken[group]), tiebreak[group]),
    )
    for group in short[:left]:
        taken[group] += 1
    return taken


def stratified_sample(
    items: Sequence[T],
    n: int,
    *,
    seed: int,
    name: Callable[[T], str],
    group: Callable[[T], Hashable],
) -> list[T]:
    """``n`` of ``items`` spread over their groups, in the items' own order."""
    groups: dict[Hashable, list[T]] = {}
    for item in items:
        groups.setdefault(group(item), []).append(item)
    wanted = quotas({key: len(members) for key, members in groups.items()}, n, seed)
    chosen: set[int] = set()
    for key, members in groups.items():
        ranked = sorted(members, key=lambda item: seeded_rank(seed, name(item)))
        chosen.update(id(item) for item in ranked[: wanted[key]])
    return [item for item in items if id(item) in chosen]


__all__ = ["quotas", "seeded_rank", "stratified_sample"]
