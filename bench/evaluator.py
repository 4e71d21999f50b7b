"""Throughput and memory of the evaluator on the bundled suite under the oracle.

Prints tasks per second and peak memory for three ways of running the same tasks:
- the full sandbox (zygote, world host, confined agent child per pair, JSON RPC), 2 slots;
- ``--unsafe`` (everything in the orchestrator's process, no isolation);
- a fresh interpreter per task (``run_file`` from ``assistworld.paradigms.aspera.tasks.debug`` in a
new ``python``,
  which imports the library and runs the task in-process: what every task would cost without a
  pre-loaded worker), 2 at a time.
Peak memory is the largest sum of PSS (proportional set size: shared pages counted once) over the
process and all its descendants (orchestrator, zygotes, world hosts, agent children), sampled
every 100 ms ("tree MB"); "largest MB" is the peak PSS of the single largest process, for
comparison. Agent scratch files live on tmpfs mounts and are not in either figure (the kernel
caps each at the run's scratch size).

Run: ``python bench/evaluator.py [--suite workplace] [--limit N] [--repeat N] [--skip-fresh]``
(``--repeat`` alternates sandbox and unsafe runs and reports the median ratio: on a shared
machine one pair of runs can be off by 10-20 %).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from assistworld.paradigms.aspera.agents.baselines import OracleAgent
from assistworld.paradigms.aspera.tasks.suite import load_suite
from assistworld.runner.session import RunSettings, execute_run


def _descendants(pid: int) -> list[int]:
    found, stack = [], [pid]
    while stack:
        current = stack.pop()
        found.append(current)
        try:
            for task in os.listdir(f"/proc/{current}/task"):
                with open(f"/proc/{current}/task/{task}/children") as handle:
                    stack.extend(int(child) for child in handle.read().split())
        except OSError:
            continue
    return found


def _pss_kib(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/smaps_rollup") as handle:
            for line in handle:
                if line.startswith("Pss:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


class PeakMemory:
    """Samples the summed PSS of this process tree in a background thread."""

    def __init__(self) -> None:
        self.peak_kib = 0
        self.largest_kib = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)

    def _sample(self) -> None:
        me = os.getpid()
        while not self._stop.is_set():
            sizes = [_pss_kib(pid) for pid in _descendants(me)]
            self.peak_kib = max(self.peak_kib, sum(sizes))
            self.largest_kib = max(self.largest_kib, *sizes)
            self._stop.wait(0.1)

    def __enter__(self) -> PeakMemory:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()


Row = tuple[int, float, float, float]
"""Tasks, seconds, peak tree MB, peak largest-process MB."""


def _run(suite_name: str, limit: int | None, unsafe: bool, out: Path) -> Row:
    suite = load_suite(suite_name)
    settings = RunSettings(out_dir=out, unsafe=unsafe, limit=limit, concurrency=2)
    with PeakMemory() as memory:
        started = time.perf_counter()
        report = execute_run(suite, OracleAgent.for_suite(suite), settings)
        elapsed = time.perf_counter() - started
    passed = report.metrics.overall.passed
    assert passed == len(report.results), f"oracle failed {len(report.results) - passed} tasks"
    return len(report.results), elapsed, memory.peak_kib / 1024, memory.largest_kib / 1024


def _fresh_interpreters(suite_name: str, limit: int | None) -> Row:
    suite = load_suite(suite_name)
    files = sorted(Path(suite.path).glob("*.py"))
    files = [f for f in files if not f.name.startswith(("_", "."))][:limit]

    def one(path: Path) -> None:
        code = (
            "import sys; from assistworld.paradigms.aspera.tasks.debug import run_file; "
            "sys.exit(run_file(sys.argv[1]))"
        )
        done = subprocess.run(
            [sys.executable, "-c", code, str(path)], capture_output=True, check=False
        )
        if done.returncode != 0:
            raise RuntimeError(f"{path.name}: {done.stdout.decode()[-500:]}")

    with PeakMemory() as memory:
        started = time.perf_counter()
        with ThreadPoolExecutor(max_workers=2) as pool:
            list(pool.map(one, files))
        elapsed = time.perf_counter() - started
    return len(files), elapsed, memory.peak_kib / 1024, memory.largest_kib / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--suite", default="workplace")
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument(
        "--repeat", type=int, default=1, help="run sandbox and unsafe this many times, alternating"
    )
    parser.add_argument(
        "--skip-fresh", action="store_true", help="leave out the fresh-interpreter row (slow)"
    )
    args = parser.parse_args()
    import tempfile

    rows, ratios = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for round_number in range(args.repeat):
            out = Path(tmp) / str(round_number)
            sandbox = _run(args.suite, args.limit, False, out / "s")
            unsafe = _run(args.suite, args.limit, True, out / "u")
            rows += [("full sandbox (2 slots)", sandbox), ("--unsafe (in-process)", unsafe)]
            ratios.append(sandbox[1] / unsafe[1])
        if not args.skip_fresh:
            fresh = _fresh_interpreters(args.suite, args.limit)
            rows.append(("fresh interpreter per task (2 at once)", fresh))
    header = f"{'mode':40}{'tasks':>7}{'seconds':>10}{'tasks/s':>10}"
    print(f"{header}{'tree MB':>10}{'largest MB':>12}")
    for name, (tasks, seconds, peak, largest) in rows:
        print(
            f"{name:40}{tasks:>7}{seconds:>10.2f}{tasks / seconds:>10.1f}"
            f"{peak:>10.0f}{largest:>12.0f}"
        )
    peak = max(result[2] for name, result in rows if name.startswith("full sandbox"))
    print(
        f"sandbox cost vs unsafe: {statistics.median(ratios):.2f}x time per task, median of "
        f"{', '.join(f'{r:.2f}' for r in ratios)} (target <= 2x); "
        f"peak memory of the whole sandboxed process tree {peak:.0f} MB (target < 300 MB)"
    )


if __name__ == "__main__":
    main()
