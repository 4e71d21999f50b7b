"""Which repeated sample of a task is being solved, for code far below the runner.

``assistworld run --samples K`` solves every task K times. With greedy decoding and the reply
cache, the K requests of a task would be the same request and every sample after the first a
replay of the first: the samples would not be samples. The runner therefore binds the sample
index around each ``solve`` (:func:`solving_sample`), and whatever asks a model reads it
(:func:`current_sample`) and puts it into the request's cache key. A context variable, like the
world's, because many tasks (and their samples) are solved at once on one event loop: each
worker's asyncio task sees its own value.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

_SAMPLE: ContextVar[int] = ContextVar("assistworld_sample", default=0)


def current_sample() -> int:
    """The index of the sample being solved in this context (0 outside a run, and for the first
    sample of every task)."""
    return _SAMPLE.get()


@contextmanager
def solving_sample(index: int) -> Iterator[None]:
    """Bind sample ``index`` for the code run inside the block (and the tasks it starts)."""
    if index < 0:
        raise ValueError(f"a sample index is 0 or more, got {index}")
    token = _SAMPLE.set(index)
    try:
        yield
    finally:
        _SAMPLE.reset(token)
