"""The sample being solved is bound per asyncio task, so concurrent workers do not mix them up."""

from __future__ import annotations

import asyncio

import pytest

from assistworld.core.sampling import current_sample, solving_sample


def test_each_concurrent_worker_sees_its_own_sample() -> None:
    async def worker(index: int) -> list[int]:
        seen = []
        with solving_sample(index):
            for _ in range(3):
                await asyncio.sleep(0)  # let the other workers run in between
                seen.append(current_sample())
        seen.append(current_sample())
        return seen

    async def main() -> list[list[int]]:
        return await asyncio.gather(*(worker(index) for index in range(4)))

    assert asyncio.run(main()) == [[index] * 3 + [0] for index in range(4)]


def test_outside_a_run_the_sample_is_the_first_and_negative_ones_are_refused() -> None:
    assert current_sample() == 0
    with pytest.raises(ValueError, match="0 or more"), solving_sample(-1):
        pass
