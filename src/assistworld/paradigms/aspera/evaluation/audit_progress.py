"""What ``verify`` shows while it works: a bar on a terminal, a plain line now and then in a log.

The mutation audit of the bundled suite grades thousands of programs (minutes on two cores); it
must not be silent. Each phase (the baselines, the mutants) counts tasks as they are graded.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from types import TracebackType

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from assistworld.progress import LOG_INTERVAL_S


class AuditProgress:
    """Counts graded tasks of one phase; ``tick()`` may be called from worker threads."""

    def __init__(
        self,
        console: Console,
        phase: str,
        total: int,
        *,
        interval_s: float = LOG_INTERVAL_S,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._console = console
        self._phase = phase
        self._total = total
        self._interval_s = interval_s
        self._clock = clock
        self._done = 0
        self._lock = threading.Lock()
        self._started = clock()
        self._last_line: float | None = None
        self._bar: Progress | None = None
        if console.is_terminal:
            self._bar = Progress(
                TextColumn(f"[bold]{phase}"),
                BarColumn(),
                MofNCompleteColumn(),
                TimeElapsedColumn(),
                console=console,
                transient=True,
            )
            self._bar_task = self._bar.add_task(phase, total=total)

    def __enter__(self) -> AuditProgress:
        self._started = self._clock()
        if self._bar is not None:
            self._bar.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        if self._bar is not None:
            self._bar.stop()

    def tick(self, *_: object) -> None:
        """One more task graded."""
        with self._lock:
            self._done += 1
            if self._bar is not None:
                self._bar.update(self._bar_task, advance=1)
                return
            now = self._clock()
            due = self._last_line is None or now - self._last_line >= self._interval_s
            if not (due or self._done >= self._total):
                return
            self._last_line = now
            elapsed = int(now - self._started)
            line = f"{self._phase}: {self._done}/{self._total} tasks, {elapsed} s elapsed"
        self._console.print(line, highlight=False, markup=False, soft_wrap=True)
