"""Executing the plans of the bundled planning suite against the simulated services.

Prints, for every task of the suite (``travelplans`` unless ``--suite FOLDER``):
- executing every gold plan: total seconds and plans per second (target: all of them in under
  10 s on this machine), and how many succeeded (all must);
- the empty plan: how many tasks it passes (none may);
- the mutants of every gold plan (``assistworld.paradigms.appbench.audit.mutants``) in executed
mode:
  the kill rate per operator and overall (target: at least 95 %), and the survivors' count.

Run: ``python bench/appbench_execution.py [--suite FOLDER] [--limit N] [--show-survivors K]``
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from assistworld.core.registry import bundled_suites_dir
from assistworld.paradigms.appbench.audit.mutants import OPERATORS, mutants
from assistworld.paradigms.appbench.audit.rules import Tally
from assistworld.paradigms.appbench.authoring import SUITE_NAME, read_tasks
from assistworld.paradigms.appbench.grading.execution import execute_plan
from assistworld.paradigms.appbench.grading.task_worlds import TaskWorlds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--suite", type=Path, default=bundled_suites_dir() / SUITE_NAME)
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--show-survivors", type=int, default=0)
    options = parser.parse_args()
    tasks = read_tasks(options.suite)[: options.limit]

    started, cpu = time.perf_counter(), time.process_time()
    gold = [execute_plan(task, task.calls) for task in tasks]
    elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
    passed = sum(report.success for report in gold)
    print(
        f"gold plans: {len(tasks)} executed in {elapsed:.2f} s wall, {cpu:.2f} s CPU "
        f"({len(tasks) / elapsed:.0f} plans/s wall); {passed}/{len(tasks)} succeeded "
        "(target: all in under 10 s)"
    )

    empty = sum(execute_plan(task, []).success for task in tasks)
    print(f"empty plan: passes {empty}/{len(tasks)} tasks")

    started, cpu = time.perf_counter(), time.process_time()
    tally = Tally()
    survivors = []
    for task in tasks:
        worlds = TaskWorlds(task)  # the task's databases filled once for all its mutants
        for mutant in mutants(task, worlds=worlds):
            lived = execute_plan(task, mutant.calls, worlds).success
            tally.add(mutant.operator, not lived)
            if lived:
                survivors.append((task.query_id, mutant.description))
    elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
    made, killed = tally.made, tally.killed
    total_made, total_killed = tally.total_made, tally.total_killed
    print(f"mutants: {total_made} made and executed in {elapsed:.1f} s wall, {cpu:.1f} s CPU")
    for operator in OPERATORS:
        if made.get(operator):
            rate = 100 * killed[operator] / made[operator]
            print(
                f"  {operator:<22} {killed[operator]:>5}/{made[operator]:<5} killed ({rate:.1f} %)"
            )
    rate = 100 * total_killed / total_made if total_made else 0.0
    print(f"executed-mode kill rate: {total_killed}/{total_made} = {rate:.1f} % (target >= 95 %)")
    for query_id, description in survivors[: options.show_survivors]:
        print(f"  survivor {query_id}: {description}")


if __name__ == "__main__":
    main()
