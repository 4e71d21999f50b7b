"""How many CPUs nothing else is using right now: what picks the local model's decoding threads.

llama.cpp's decoding threads wait for each other at every layer, so a thread that has to share
its core with another busy process holds all of them up. Measured on a 2-core machine: with
both cores free, two decoding threads are 1.5 to 1.9 times as fast as one (9.3 to 10.2 against
5.1 to 6.5 tokens a second); with another process busy (load 1.4), they were 1.8 times as slow,
and 4.5 times at load 15. So the number is chosen when the model loads, from what is idle then.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path

PROC_STAT = Path("/proc/stat")
_IDLE, _IOWAIT, _COUNTED = 3, 4, 8
"""Positions after the "cpu" label: user nice system idle iowait irq softirq steal (then the
guest times, which user and nice already hold)."""


def _cpu_times(stat: Path) -> tuple[int, int] | None:
    """(idle, total) jiffies of all CPUs together, or None where ``/proc/stat`` is not there."""
    try:
        first = stat.read_text(encoding="ascii").splitlines()[0].split()
    except (OSError, IndexError, UnicodeDecodeError):
        return None
    if not first or first[0] != "cpu":
        return None
    try:
        values = [int(value) for value in first[1:]]
    except ValueError:
        return None
    if len(values) <= _IOWAIT:
        return None
    return values[_IDLE] + values[_IOWAIT], sum(values[:_COUNTED])


def idle_cpus(
    window_s: float = 0.25,
    *,
    stat: Path = PROC_STAT,
    cpus: int | None = None,
    sleep: Callable[[float], None] = time.sleep,
) -> float | None:
    """The CPUs idle over the next ``window_s`` seconds (e.g. 1.9 of 2), or None if unknown.

    Read from the kernel's CPU time counters twice; where they cannot be read (not Linux), the
    one-minute load average stands in for the busy CPUs.
    """
    count = cpus or os.cpu_count() or 1
    before = _cpu_times(stat)
    if before is not None:
        sleep(window_s)
        after = _cpu_times(stat)
        if after is not None and after[1] > before[1]:
            idle_share = (after[0] - before[0]) / (after[1] - before[1])
            return max(0.0, min(1.0, idle_share)) * count
    try:
        return max(0.0, count - os.getloadavg()[0])
    except OSError:
        return None


def decoding_threads(threads: int, idle: float | None) -> int:
    """All ``threads`` when nearly that many CPUs are idle, otherwise half of them (at least 1)."""
    if idle is not None and idle >= threads - 0.25:
        return threads
    return max(1, threads // 2)


__all__ = ["PROC_STAT", "decoding_threads", "idle_cpus"]
