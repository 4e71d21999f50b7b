"""What the local model is doing while it reads a long prompt for the first time.

Reading the library documentation takes minutes on a small CPU, and a single line announcing it
left the terminal still for that long. While the prompt is read, a watcher asks the in-process
llama.cpp server's ``GET /slots`` route how many of the prompt's tokens it has processed and
says so every :data:`INTERVAL_S` seconds, with the time left at the rate measured so far. Where
the runtime does not report it, the count is estimated from this machine's last measured rate
and said to be an estimate. Nothing here can fail the request: the watcher only talks.
"""

from __future__ import annotations

import json
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

INTERVAL_S = 15.0
_TIMEOUT_S = 2.0


def processed_tokens(server: Any) -> int | None:
    """Prompt tokens the busy slot has read so far, as the runtime reports them; None when it
    does not (no loopback route, no busy slot, another reply)."""
    address = getattr(server, "listening_address", None)
    if not isinstance(address, str) or not address.startswith("http://127.0.0.1:"):
        return None
    try:
        with urllib.request.urlopen(address + "/slots", timeout=_TIMEOUT_S) as response:
            slots = json.loads(response.read())
    except (urllib.error.URLError, OSError, ValueError):
        return None
    if not isinstance(slots, list):
        return None
    for slot in slots:
        if isinstance(slot, dict) and slot.get("is_processing"):
            done = slot.get("n_prompt_tokens_processed")
            cached = slot.get("n_prompt_tokens_cache")
            if isinstance(done, int):
                return done + (cached if isinstance(cached, int) else 0)
    return None


def reading_line(done: int, total: int, elapsed: float, rate: float, *, measured: bool) -> str:
    """``reading the prompt: 1,024 of 4,871 tokens (21 %), about 0:02:10 left``."""
    done = min(done, total)
    if measured and done > 0 and elapsed > 0:
        rate = done / elapsed
    left = (total - done) / rate if rate > 0 else 0.0
    share = 100 * done // total if total else 100
    kind = "" if measured else ", estimated"
    return (
        f"reading the prompt: {done:,} of {total:,} tokens ({share} %{kind}), about "
        f"{_clock(left)} left"
    )


def _clock(seconds: float) -> str:
    whole = max(0, round(seconds))
    return f"{whole // 3600}:{whole % 3600 // 60:02d}:{whole % 60:02d}"


@contextmanager
def watching_the_reading(
    server: Any,
    total: int,
    rate: float,
    tell: Callable[[str], None],
    *,
    interval_s: float = INTERVAL_S,
    clock: Callable[[], float] = time.monotonic,
) -> Iterator[None]:
    """Say how far the reading of a ``total``-token prompt has got, every ``interval_s``, for
    as long as the block runs (``rate``: tokens per second to estimate with)."""
    stop = threading.Event()
    started = clock()

    def watch() -> None:
        while not stop.wait(interval_s):
            elapsed = clock() - started
            done = processed_tokens(server)
            measured = done is not None
            if done is None:
                done = int(rate * elapsed)
            if done >= total:
                continue  # read: the answer is being written
            tell(reading_line(done, total, elapsed, rate, measured=measured))

    watcher = threading.Thread(target=watch, name="prompt-reading-progress", daemon=True)
    watcher.start()
    try:
        yield
    finally:
        stop.set()
        watcher.join(timeout=_TIMEOUT_S + 1)


__all__ = ["INTERVAL_S", "processed_tokens", "reading_line", "watching_the_reading"]
