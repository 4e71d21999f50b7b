"""What `assistworld run` shows while it goes: a live bar on a terminal, plain lines in a log.

A bar drawn into a file or a pipe (`nohup`, `| tee`, CI) would be either noise or, as rich does
when the output is not a terminal, nothing at all, so an hour-long model run would print nothing
until it ends. There the run writes a line for the first finished task, then at most one every
`interval_s`, and one for the last; each says about how long is left (from the pace of the tasks
finished so far), and while no task finishes for `interval_s` (one slow task, a model that is
thinking) a heartbeat line says the run is alive. Both views count a resumed run's earlier
results too.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from types import TracebackType
from typing import Any

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
)
from rich.text import Text

from assistworld.core.result import TaskResult

LOG_INTERVAL_S = 30.0


def replayed(result: TaskResult[Any]) -> bool:
    """Whether the task's model replies all came from the cache (it took no model time)."""
    usage = result.usage
    return bool(usage.get("cache_hits")) and not usage.get("calls")


class Pace:
    """The time left, from the tasks finished in this invocation that did their own work.

    A task whose replies all came from the cache finishes at once; counting it would promise
    the next, uncached task the same second, so such tasks are left out of the pace (and until
    one task did its own work, no time left is said). Between finishes the estimate counts down.
    """

    def __init__(self, clock: Callable[[], float]) -> None:
        self._clock = clock
        self.started = clock()
        self._worked = 0
        self._last_finish: float | None = None

    def restart(self) -> None:
        self.started = self._clock()
        self._worked = 0
        self._last_finish = None

    def finished(self, result: TaskResult[Any]) -> None:
        now = self._clock()
        if not replayed(result):
            self._worked += 1
            self._last_finish = now

    def _per_task(self) -> float | None:
        """Seconds a task took, on average, of those that did their own work (None: none yet)."""
        if self._worked == 0 or self._last_finish is None:
            return None
        return (self._last_finish - self.started) / self._worked

    def left(self, remaining: int) -> float | None:
        """Seconds left for ``remaining`` tasks, or None while there is no pace yet."""
        per_task = self._per_task()
        if per_task is None or self._last_finish is None or remaining <= 0:
            return None
        since = self._clock() - self._last_finish
        # a task running late still leaves the others their usual time each
        return max(per_task * remaining - since, per_task * (remaining - 1), 0.0)

    def overdue(self, remaining: int) -> bool:
        """Whether the run has taken longer than its pace gave the ``remaining`` tasks."""
        per_task = self._per_task()
        if per_task is None or self._last_finish is None or remaining <= 0:
            return False
        return self._clock() - self._last_finish > per_task * remaining


class PaceColumn(ProgressColumn):
    """The bar's time left, from a :class:`Pace` (rich's own needs a steady flow of updates
    and showed ``-:--:--`` for a whole run of minute-long tasks)."""

    def __init__(self, pace: Pace) -> None:
        super().__init__()
        self._pace = pace

    def render(self, task: Task) -> Text:
        remaining = int((task.total or 0) - task.completed)
        left = self._pace.left(remaining)
        shown = "-:--:--" if left is None else _elapsed(left)
        return Text(shown if remaining else "0:00:00", style="progress.remaining")


class RunProgress:
    """Told when a run starts and each time a task finishes; shown while used as a context."""

    def __enter__(self) -> RunProgress:
        self.open()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def open(self) -> None:
        """Start showing (nothing to do for plain lines)."""

    def close(self) -> None:
        """Stop showing."""

    def start(self, total: int, done: int, passed: int) -> None:
        """`total` tasks selected, of which `done` finished earlier (`passed` of them passed)."""
        raise NotImplementedError

    def finished(self, result: TaskResult[Any]) -> None:
        """One more task finished."""
        raise NotImplementedError

    def note(self, message: str) -> None:
        """Say what the run is waiting for (a model loading, a long prompt being read)."""
        raise NotImplementedError


def run_progress(console: Console, name: str) -> RunProgress:
    """The live bar when `console` is a terminal, else the plain log lines."""
    if console.is_terminal:
        return BarProgress(console, name)
    return LogProgress(console, name)


class BarProgress(RunProgress):
    """rich's progress bar: done of total, passed so far, time elapsed."""

    def __init__(self, console: Console, name: str) -> None:
        self._name = name
        self._pace = Pace(time.monotonic)
        self._progress = Progress(
            TextColumn("[bold]{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("passed {task.fields[passed]}"),
            TimeElapsedColumn(),
            TextColumn("left"),
            PaceColumn(self._pace),
            console=console,
        )
        self._bar: TaskID | None = None
        self._passed = 0

    def open(self) -> None:
        self._progress.start()

    def close(self) -> None:
        self._progress.stop()

    def start(self, total: int, done: int, passed: int) -> None:
        self._passed = passed
        self._pace.restart()
        self._bar = self._progress.add_task(self._name, total=total, completed=done, passed=passed)

    def finished(self, result: TaskResult[Any]) -> None:
        if self._bar is None:
            return
        self._pace.finished(result)
        self._passed += int(result.passed)
        self._progress.update(self._bar, advance=1, passed=self._passed)

    def note(self, message: str) -> None:
        # printed above the live bar, which keeps its elapsed time running meanwhile
        self._progress.console.print(
            f"{self._name}: {message}", highlight=False, markup=False, soft_wrap=True
        )


class LogProgress(RunProgress):
    """Plain lines: the start, the first finished task, then one per `interval_s`, and the last;
    a heartbeat line when no task finished for `interval_s`."""

    def __init__(
        self,
        console: Console,
        name: str,
        *,
        interval_s: float = LOG_INTERVAL_S,
        clock: Callable[[], float] = time.monotonic,
        heartbeat: bool = True,
    ) -> None:
        self._console = console
        self._name = name
        self._interval_s = interval_s
        self._clock = clock
        self._started = clock()
        self._last_line: float | None = None
        self._last_finish: float | None = None
        self._total = self._done = self._passed = 0
        self._pace = Pace(clock)
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._beats: threading.Thread | None = None
        self._heartbeat = heartbeat

    def open(self) -> None:
        if self._heartbeat:
            self._beats = threading.Thread(target=self._beat_loop, daemon=True)
            self._beats.start()

    def close(self) -> None:
        self._stop.set()
        if self._beats is not None:
            self._beats.join()
            self._beats = None

    def _beat_loop(self) -> None:
        while not self._stop.wait(self._interval_s / 2):
            self.beat()

    def start(self, total: int, done: int, passed: int) -> None:
        with self._lock:
            self._started = self._clock()
            self._pace.restart()
            self._total, self._done, self._passed = total, done, passed
        earlier = f", {done} finished earlier ({passed} passed)" if done else ""
        self._print(f"{self._name}: {total} tasks{earlier}; running {total - done}")

    def finished(self, result: TaskResult[Any]) -> None:
        with self._lock:
            self._done += 1
            self._passed += int(result.passed)
            self._pace.finished(result)
            now = self._clock()
            first = self._last_finish is None  # said at once, even just after a heartbeat
            self._last_finish = now
            due = first or self._last_line is None or now - self._last_line >= self._interval_s
            if not (due or self._done >= self._total):
                return
            self._last_line = now
            line = (
                f"{self._name}: {self._done}/{self._total} done, {self._passed} passed, "
                f"{_elapsed(now - self._started)} elapsed{self._left(now)} (last: "
                f"{result.query_id} {result.outcome})"
            )
        self._print(line)

    def beat(self) -> None:
        """Print a heartbeat if nothing was printed for `interval_s` while tasks are running."""
        with self._lock:
            now = self._clock()
            quiet_since = self._last_line if self._last_line is not None else self._started
            if self._total == 0 or self._done >= self._total:
                return
            if now - quiet_since < self._interval_s:
                return
            self._last_line = now
            since = self._last_finish if self._last_finish is not None else self._started
            line = (
                f"{self._name}: still running, {self._done}/{self._total} done, "
                f"{_elapsed(now - self._started)} elapsed{self._left(now)}; no task finished "
                f"in the last {_elapsed(now - since)}"
            )
        self._print(line)

    def _left(self, now: float) -> str:
        """``", about 0:02:10 left"`` from the pace of this invocation's tasks (:class:`Pace`)."""
        remaining = self._total - self._done
        left = self._pace.left(remaining)
        if left is None:
            return ""
        if remaining == 1 and self._pace.overdue(remaining):
            return ", the last task taking longer than the others did"
        return f", about {_elapsed(left)} left"

    def note(self, message: str) -> None:
        self._print(f"{self._name}: {message}")

    def _print(self, line: str) -> None:
        self._console.print(line, highlight=False, markup=False, soft_wrap=True)


def _elapsed(seconds: float) -> str:
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}"


class AuditProgress:
    """What ``verify`` shows while it works, in any paradigm: a bar on a terminal, a plain line
    now and then in a log. Counts graded tasks of one phase; ``tick()`` may be called from
    worker threads."""

    def __init__(
        self,
        console: Console,
        phase: str,
        total: int,
        *,
        interval_s: float = LOG_INTERVAL_S,
        clock: Callable[[], float] = time.monotonic,
        unit: str = "tasks",
    ) -> None:
        self._console = console
        self._phase = phase
        self._unit = unit
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
            line = f"{self._phase}: {self._done}/{self._total} {self._unit}, {elapsed} s elapsed"
        self._console.print(line, highlight=False, markup=False, soft_wrap=True)
