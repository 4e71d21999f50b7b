"""What a run shows while it goes: the bar on a terminal, plain lines in a log file."""

from __future__ import annotations

import io
import time

from rich.console import Console
from rich.progress import Task, TaskID

from assistworld.paradigms.aspera.grading.results import AsperaResult
from assistworld.progress import (
    AuditProgress,
    BarProgress,
    LogProgress,
    Pace,
    PaceColumn,
    run_progress,
)


def _result(query_id: str, passed: bool) -> AsperaResult:
    outcome = "passed" if passed else "execution_error"
    return AsperaResult(query_id=query_id, passed=passed, outcome=outcome, agent="cck")


def _log_console() -> tuple[Console, io.StringIO]:
    stream = io.StringIO()
    return Console(file=stream, force_terminal=False, width=200), stream


class _Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_log_gets_the_first_task_then_one_line_per_interval_and_the_last() -> None:
    console, stream = _log_console()
    clock = _Clock()
    progress = LogProgress(console, "workplace", interval_s=30, clock=clock, heartbeat=False)
    with progress:
        progress.start(total=5, done=0, passed=0)
        for n, passed in enumerate([True, False, False, True, False]):
            clock.now += 12  # tasks finish at 12, 24, 36, 48 and 60 s
            progress.finished(_result(f"t{n}", passed))
    lines = stream.getvalue().splitlines()
    assert lines == [
        "workplace: 5 tasks; running 5",
        "workplace: 1/5 done, 1 passed, 0:00:12 elapsed, about 0:00:48 left (last: t0 passed)",
        "workplace: 4/5 done, 2 passed, 0:00:48 elapsed, about 0:00:12 left (last: t3 passed)",
        "workplace: 5/5 done, 2 passed, 0:01:00 elapsed (last: t4 execution_error)",
    ]


def test_a_resumed_run_counts_its_earlier_results_in_the_log() -> None:
    console, stream = _log_console()
    clock = _Clock()
    progress = LogProgress(console, "workplace", clock=clock)
    progress.start(total=219, done=121, passed=5)
    clock.now += 3725
    progress.finished(_result("meeting_007", True))
    assert stream.getvalue().splitlines() == [
        "workplace: 219 tasks, 121 finished earlier (5 passed); running 98",
        "workplace: 122/219 done, 6 passed, 1:02:05 elapsed, about 100:22:05 left "
        "(last: meeting_007 passed)",
    ]


def test_the_bar_starts_from_a_resumed_runs_passed_count() -> None:
    stream = io.StringIO()
    console = Console(file=stream, force_terminal=True, width=120)
    progress = run_progress(console, "workplace")
    assert isinstance(progress, BarProgress)
    with progress:
        progress.start(total=10, done=4, passed=3)
        progress.finished(_result("t4", True))
    shown = stream.getvalue()
    assert "5/10" in shown
    assert "passed 4" in shown


def test_output_that_is_not_a_terminal_gets_plain_lines() -> None:
    console, _ = _log_console()
    assert isinstance(run_progress(console, "workplace"), LogProgress)


def test_a_heartbeat_while_no_task_finishes_for_an_interval() -> None:
    console, stream = _log_console()
    clock = _Clock()
    progress = LogProgress(console, "workplace", interval_s=30, clock=clock, heartbeat=False)
    progress.start(total=3, done=0, passed=0)
    clock.now += 10
    progress.finished(_result("quick", True))
    clock.now += 20
    progress.beat()  # 20 s since the last line: quiet
    clock.now += 25
    progress.beat()  # 45 s: the slow task gets a heartbeat
    progress.beat()  # and not another right away
    lines = stream.getvalue().splitlines()
    assert lines[-1] == (
        "workplace: still running, 1/3 done, 0:00:55 elapsed, about 0:00:10 left; no task "
        "finished in the last 0:00:45"
    )
    assert len(lines) == 3


def _replayed(query_id: str) -> AsperaResult:
    result = _result(query_id, True)
    return result.model_copy(update={"usage": {"cache_hits": 1, "calls": 0}})


def test_tasks_replayed_from_the_cache_do_not_set_the_pace() -> None:
    console, stream = _log_console()
    clock = _Clock()
    progress = LogProgress(console, "workplace", interval_s=1, clock=clock, heartbeat=False)
    progress.start(total=4, done=0, passed=0)
    clock.now += 0.1
    progress.finished(_replayed("cached"))  # at once: it says nothing of how long a task takes
    assert "left" not in stream.getvalue().splitlines()[-1]
    clock.now += 60
    progress.finished(_result("slow", True))
    assert (
        stream.getvalue()
        .splitlines()[-1]
        .startswith("workplace: 2/4 done, 2 passed, 0:01:00 elapsed, about 0:02:00 left")
    )
    clock.now += 100
    progress.beat()  # the third task runs late: the fourth still needs its minute
    assert "about 0:01:00 left" in stream.getvalue().splitlines()[-1]


def test_the_bar_s_time_left_counts_down_between_finishes() -> None:
    clock = _Clock()
    pace = Pace(clock)
    assert pace.left(3) is None, "no time left is said before a task did its own work"
    clock.now += 30
    pace.finished(_result("t0", True))
    assert pace.left(3) == 90
    clock.now += 20
    assert pace.left(3) == 70
    column = PaceColumn(pace)
    task = Task(TaskID(0), "run", total=4, completed=1, _get_time=clock, fields={})
    assert column.render(task).plain == "0:01:10"


def test_the_heartbeat_thread_stops_with_the_display() -> None:
    console, stream = _log_console()
    progress = LogProgress(console, "workplace", interval_s=0.02)
    with progress:
        progress.start(total=2, done=0, passed=0)
        time.sleep(0.1)
    assert "still running, 0/2 done" in stream.getvalue()
    after = stream.getvalue()
    time.sleep(0.05)
    assert stream.getvalue() == after


def test_a_log_says_what_the_run_waits_for() -> None:
    console, stream = _log_console()
    progress = LogProgress(console, "workplace", clock=_Clock())
    progress.start(total=3, done=0, passed=0)
    progress.note("reading a new prompt into the local model: one time, about 80 s")
    assert stream.getvalue().splitlines()[-1] == (
        "workplace: reading a new prompt into the local model: one time, about 80 s"
    )


def test_the_bar_shows_a_wait_above_itself_and_still_moves_per_task() -> None:
    stream = io.StringIO()
    console = Console(file=stream, force_terminal=True, width=120)
    with BarProgress(console, "workplace") as progress:
        progress.start(total=2, done=0, passed=0)
        progress.note("loading the local model qwen2.5-coder-1.5b (about 5 s)")
        progress.finished(_result("t0", True))
        bar = progress._progress.tasks[0]
        assert (bar.completed, bar.fields["passed"]) == (1, 1)
    assert "workplace: loading the local model qwen2.5-coder-1.5b" in stream.getvalue()


def test_an_audit_in_a_log_says_its_phase_first_every_interval_and_last() -> None:
    console, stream = _log_console()
    clock = _Clock()
    with AuditProgress(console, "mutants", 4, interval_s=30, clock=clock) as progress:
        for _ in range(4):
            clock.now += 20  # graded at 20, 40, 60 and 80 s
            progress.tick()
    lines = stream.getvalue().splitlines()
    assert lines == [
        "mutants: 1/4 tasks, 20 s elapsed",
        "mutants: 3/4 tasks, 60 s elapsed",
        "mutants: 4/4 tasks, 80 s elapsed",
    ]


def test_the_first_finished_task_is_said_even_just_after_a_heartbeat() -> None:
    console, stream = _log_console()
    clock = _Clock()
    progress = LogProgress(console, "workplace", interval_s=30, clock=clock, heartbeat=False)
    progress.start(total=3, done=0, passed=0)
    clock.now += 300
    progress.beat()
    clock.now += 3
    progress.finished(_result("slow", True))
    assert (
        stream.getvalue()
        .splitlines()[-1]
        .startswith("workplace: 1/3 done, 1 passed, 0:05:03 elapsed, about 0:10:06 left")
    )
