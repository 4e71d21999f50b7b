"""How fast planning tasks are scored: every task in every mode (parsing included): paper and
corrected, and executed for executable tasks (a suite whose services are simulated).

For each task three plans are scored, as a run would see them: the gold plan, a plan with one
argument changed and one call dropped, and a model-like reply (prose, a code fence, double
quotes, no ``#``). Target on this machine: every task of an 800-task suite in every mode in
under 2 s. SciPy's solver, which corrected mode imports on its first use, is imported before
the clock starts (its time is printed): it is paid once per process, not per task.

By default it scores the bundled suite (``travelplans``, 840 tasks, every one executable, so
all three modes run); ``--suite PATH`` scores another planning suite folder (ours or a
published repository copy), and ``--synthetic N`` a synthetic suite of N tasks from the
bench's own seeded generator of random plans (dependency chains, parallel components, repeated
calls; paper and corrected mode only). Wall and CPU seconds are printed for each kind of plan,
with a digest of every task's scored details (each mode's outcome, the execution records): a
change that only makes scoring faster must leave the three digests as they were.

Run: ``python bench/appbench_scoring.py [--suite PATH | --synthetic 800] [--seed 7]``
"""

from __future__ import annotations

import argparse
import hashlib
import os
import random
import time
from collections.abc import Callable

from assistworld.core.assignment import optimal_assignment
from assistworld.core.registry import load_suite
from assistworld.paradigms.appbench.agents.baselines import gold_plan_text
from assistworld.paradigms.appbench.grading.executed import PlanScoring
from assistworld.paradigms.appbench.grading.grade import score_plan
from assistworld.paradigms.appbench.grading.results import PlanningDetails
from assistworld.paradigms.appbench.tasks.model import (
    CATEGORIES,
    Argument,
    ArgumentKind,
    Call,
    PlanningTask,
    plan_text,
)

APPS = ("Lodging", "Forecast", "Transit", "Dining", "Tickets", "Wallet")
WORDS = ("north", "harbour", "amber", "river", "cedar", "maple", "summit", "lumen", "vale")
KEYS = ("city", "date", "time", "guests", "name", "category", "destination", "rating")


def _literal(rng: random.Random) -> Argument:
    value = " ".join(rng.choice(WORDS).title() for _ in range(rng.randint(1, 3)))
    return Argument(kind=ArgumentKind.LITERAL, value=value)


def _call(rng: random.Random, app: str, index: int, earlier: list[Call]) -> Call:
    arguments: dict[str, Argument] = {}
    for key in rng.sample(KEYS, rng.randint(2, 5)):
        producers = [c for c in earlier if c.returns]
        if producers and rng.random() < 0.35:
            arguments[key] = Argument(
                kind=ArgumentKind.VARIABLE, value=rng.choice(rng.choice(producers).returns)
            )
        else:
            arguments[key] = _literal(rng)
    returns = tuple(f"{rng.choice(KEYS)}_{index}_{n}" for n in range(rng.randint(1, 4)))
    return Call(
        app=app, api=f"{app.lower()}_op{rng.randint(1, 3)}", arguments=arguments, returns=returns
    )


def synthetic_task(rng: random.Random, number: int) -> PlanningTask:
    """One random task: category, chains of dependent calls, parallel groups, repeats."""
    category = CATEGORIES[number % len(CATEGORIES)].value
    many_apps = category in ("ms", "mm")
    many_apis = category in ("sm", "mm")
    count = 1 if category == "ss" else rng.randint(2, 8 if many_apis else 4)
    apps = rng.sample(APPS, min(count, len(APPS))) if many_apps else [rng.choice(APPS)]
    calls: list[Call] = []
    for index in range(count):
        calls.append(_call(rng, apps[index % len(apps)], index, calls))
    return PlanningTask(
        query_id=f"{category}-{number}",
        query=f"synthetic request {number}",
        category=category,
        calls=calls,
        user_arguments={
            k: v.value for c in calls for k, v in c.arguments.items() if v.kind == "literal"
        },
    )


def _damaged(task: PlanningTask, rng: random.Random) -> str:
    calls = list(task.calls)
    if len(calls) > 1:
        calls.pop(rng.randrange(len(calls)))
    first = calls[0]
    key = next(iter(first.arguments), None)
    if key is not None:
        changed = dict(first.arguments)
        changed[key] = Argument(kind=ArgumentKind.LITERAL, value="Elsewhere")
        calls[0] = first.model_copy(update={"arguments": changed})
    return plan_text(calls)


def _model_like(task: PlanningTask) -> str:
    text = plan_text(task.calls).replace("#", "").replace("'", '"')
    return f"Sure! Here is the plan you asked for:\n```\n{text}\n```\nLet me know if it helps."


def _time(
    label: str,
    tasks: list[PlanningTask],
    plans: list[str],
    score: Callable[[str, PlanningTask], PlanningDetails],
) -> None:
    """Score every plan (timed), then print the figures and a digest of every task's details
    (taken after the clock stops), which must not change when scoring is made faster."""
    start, cpu = time.perf_counter(), time.process_time()
    scored = [score(plan, task) for task, plan in zip(tasks, plans, strict=True)]
    elapsed, used = time.perf_counter() - start, time.process_time() - cpu
    digest = hashlib.sha256()
    for details in scored:
        digest.update(details.model_dump_json().encode())
    print(
        f"{label:<40} {len(tasks):>5} tasks  wall {elapsed:6.3f} s  cpu {used:6.3f} s  "
        f"{len(tasks) / elapsed:6.0f} tasks/s (wall)  details {digest.hexdigest()[:16]}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--synthetic", type=int, default=None, help="N synthetic tasks instead")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--suite", default="travelplans", help="a suite's name or folder")
    args = parser.parse_args()
    if args.synthetic:
        rng = random.Random(args.seed)
        tasks = [synthetic_task(rng, number) for number in range(args.synthetic)]
        source = f"synthetic suite (seed {args.seed})"
    else:
        tasks = list(load_suite(args.suite, strict=False).tasks)
        source = f"suite {args.suite}"
    rng = random.Random(args.seed + 1)
    print(f"{source}: {len(tasks)} tasks, {sum(len(t.calls) for t in tasks)} gold calls")
    load = " ".join(f"{value:.2f}" for value in os.getloadavg())
    print(f"load average {load} on {os.cpu_count()} cores")
    kinds = {
        "gold plans": [gold_plan_text(task) for task in tasks],
        "damaged plans": [_damaged(task, rng) for task in tasks],
        "model-like replies": [_model_like(task) for task in tasks],
    }
    start = time.process_time()
    optimal_assignment([[0.0]])  # corrected mode's solver is imported on first use
    print(f"one-time import of SciPy's assignment solver: {time.process_time() - start:.3f} s cpu")
    runner = PlanScoring(timeout=30.0)
    executable = sum(task.executable for task in tasks)
    modes = "paper+corrected" + ("+executed" if executable else "")
    print(f"executable tasks: {executable}")
    for label, plans in kinds.items():
        _time(f"{modes}, {label}", tasks, plans, lambda p, t: score_plan(p, t, runner))


if __name__ == "__main__":
    main()
