"""Per-task overhead of the sandbox against the in-process path, and the cost of one RPC call.

Run: ``python bench/evaluator_sandbox.py [--tasks 50]``. Prints medians and 90th percentiles of
the wall time of ``run_task`` for a trivial task and a small real one (one slot, tasks one after
another), the pool's start-up time, and the round trip of a library call from the agent child.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from assistworld.paradigms.aspera.tasks.library import ASPERA_LIBRARY
from assistworld.sandbox import (
    DryRunRequest,
    InProcessExecutor,
    Limits,
    SandboxPool,
    TaskExecution,
    TaskRequest,
)

TRIVIAL = TaskRequest(
    query_id="trivial",
    query="Return 1.",
    setup_programs=["def setup_env_trivial():\n    pass\n"],
    evaluation_programs=[
        "def evaluate_trivial(query, executable, setup_function):\n"
        "    setup_function()\n"
        "    if executable() != 1:\n"
        "        raise SolutionError('expected 1')\n"
    ],
    candidate_program="def trivial():\n    return 1\n",
)

SMALL = TaskRequest(
    query_id="small",
    query="Schedule a 30-minute meeting with Bob tomorrow at 10 am.",
    setup_programs=[
        "def setup_env_small():\n    simulate_org_structure(['Bob', 'Carol'], user_name='Alex')\n"
    ],
    evaluation_programs=[
        "def evaluate_small(query, executable, setup_function):\n"
        "    setup_function()\n"
        "    executable()\n"
        "    if len(find_events()) != 1:\n"
        "        raise SolutionError('expected one event')\n"
    ],
    candidate_program=(
        "def small():\n"
        "    bob = find_employee('Bob')[0]\n"
        "    tomorrow = parse_date_string(DateExpressions.Tomorrow)\n"
        "    start = combine(tomorrow, time_by_hm(10, 0, 'am'))\n"
        "    add_event(Event(attendees=[bob], starts_at=start,\n"
        "                    ends_at=start + datetime.timedelta(minutes=30)))\n"
    ),
)

RPC_PROGRAM = """
import time

def calls():
    started = time.perf_counter()
    for _ in range(2000):
        now_()
    return (time.perf_counter() - started) / 2000
"""


def measure(
    run: Callable[[TaskRequest], TaskExecution], request: TaskRequest, n: int
) -> list[float]:
    """Wall seconds of ``n`` runs (after one warm-up run); every run must pass."""
    run(request)
    times = []
    for _ in range(n):
        started = time.perf_counter()
        execution = run(request)
        times.append(time.perf_counter() - started)
        if not execution.passed:
            raise SystemExit(f"{request.query_id} did not pass: {execution.pairs}")
    return times


def summary(times: list[float]) -> str:
    ordered = sorted(times)
    p90 = ordered[int(0.9 * (len(ordered) - 1))]
    return f"median {1000 * statistics.median(times):7.1f} ms   p90 {1000 * p90:7.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tasks", type=int, default=50, help="runs per measurement")
    n = parser.parse_args().tasks
    limits = Limits()
    started = time.perf_counter()
    with SandboxPool(slots=1, limits=limits, library=ASPERA_LIBRARY) as pool:
        startup = time.perf_counter() - started
        print(f"sandbox layers: {', '.join(pool.layers)}")
        print(f"pool start-up (1 slot, self-test included): {1000 * startup:.0f} ms")
        for request in (TRIVIAL, SMALL):
            sandboxed = measure(pool.run_task, request, n)
            in_process = measure(
                InProcessExecutor(limits, library=ASPERA_LIBRARY).run_task, request, n
            )
            overhead = statistics.median(sandboxed) - statistics.median(in_process)
            print(f"{request.query_id:8} sandbox    {summary(sandboxed)}")
            print(f"{request.query_id:8} in-process {summary(in_process)}")
            print(f"{request.query_id:8} overhead per task (median): {1000 * overhead:.1f} ms")
        setup = TRIVIAL.setup_programs[0]
        run = pool.dry_run(DryRunRequest(setup_program=setup, candidate_program=RPC_PROGRAM))
        print(f"library call round trip from the agent child: {1e6 * run.return_value:.0f} us")
    print(f"(n={n} per row; tasks run one after another on one slot)")


if __name__ == "__main__":
    main()
