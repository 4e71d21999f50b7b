"""What the local model is doing while it reads a long prompt for the first time.

Reading the library documentation takes minutes on a small CPU, and a single line announcing it
left the terminal still for that long. While the prompt is read, a watcher asks the in-process
llama.cpp server's ``GET /slots`` route how many of the prompt's tokens it has processed and
says so every :data:`INTERVAL_S` seconds, with the time left at the rate measured so far. Between
the runtime's steps, and where it does not report at all, the count is carried on at that rate
(:class:`ReadingPace`) and said to be an estimate. Nothing here can fail the request: the
watcher only talks.
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


def reading_line(done: int, total: int, rate: float, *, estimated: bool) -> str:
    """``reading the prompt: 1,024 of 4,871 tokens (21 %), about 0:02:10 left`` (``rate``: the
    tokens a second the time left is reckoned at)."""
    done = min(done, total)
    left = (total - done) / rate if rate > 0 else 0.0
    share = 100 * done // total if total else 100
    kind = ", estimated" if estimated else ""
    return (
        f"reading the prompt: {done:,} of {total:,} tokens ({share} %{kind}), about "
        f"{_clock(left)} left"
    )


class ReadingPace:
    """How far a reading has got, from the runtime's count where it has one.

    llama.cpp counts the tokens read a whole batch at a time (2,048 here), so its count stands
    still for a minute and then jumps. Between its steps the count is carried on at the rate its
    last step showed (this machine's last measured rate before the first step), never past the
    prompt's last token, and said to be an estimate.
    """

    def __init__(self, total: int, rate: float) -> None:
        self.total = total
        self.rate = rate
        self._last_reported = 0

    def at(self, elapsed: float, reported: int | None) -> tuple[int, bool]:
        """``(tokens read, whether that is an estimate)`` after ``elapsed`` seconds."""
        if reported is not None and reported > self._last_reported and elapsed > 0:
            self.rate = reported / elapsed  # a step: the rate it shows
            self._last_reported = reported
        carried = min(int(self.rate * elapsed), self.total - 1)
        known = reported or 0
        return (carried, True) if carried > known else (known, reported is None)


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
    pace = ReadingPace(total, rate)

    def watch() -> None:
        while not stop.wait(interval_s):
            elapsed = clock() - started
            reported = processed_tokens(server)
            if reported is not None and reported >= total:
                continue  # read: the answer is being written
            done, estimated = pace.at(elapsed, reported)
            tell(reading_line(done, total, pace.rate, estimated=estimated))

    watcher = threading.Thread(target=watch, name="prompt-reading-progress", daemon=True)
    watcher.start()
    try:
        yield
    finally:
        stop.set()
        watcher.join(timeout=_TIMEOUT_S + 1)


__all__ = ["INTERVAL_S", "ReadingPace", "processed_tokens", "reading_line", "watching_the_reading"]
