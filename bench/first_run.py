"""The fixed costs a user waits for, as whole commands (issue 18, item 4).

Run: ``python bench/first_run.py [--runs 5] [--before SRC] [--only NAME,..]``. Each figure is a
real ``assistworld`` command started as its own process (bytecode caching on, as for a user),
run ``--runs`` times after one warm-up; the median is printed, with min and max. With
``--before SRC`` (the ``src`` folder of another checkout, e.g. an older commit) each command is
also run with that code, alternating A/B, and the ratio of medians is printed.

Figures (targets from the issue, on a quiet 2-core machine):

- ``tasks``: ``assistworld tasks --suite workplace`` (< 0.5 s);
- ``oracle``: the sandboxed oracle run of the whole bundled suite, end to end (< 2.8 s);
  both print wall time, the orchestrator's CPU time and the CPU time with the sandbox's
  processes (CPU figures are what to compare on a loaded machine);
- ``load10k``: loading a 10,000-task suite (copies of the bundled one with new ids, made in a
  temporary folder), first with an empty derived cache (``--skip-cold`` leaves it out), then
  again, wall and CPU (< 5 s);
- ``memory``: the orchestrator's peak memory (its own, not the sandbox's) over a sandboxed null
  run of the 10,000-task suite's first N tasks, for two N: flat means the same peak (< 150 MB);
- ``cpu``: harness CPU per model-driven task, excluding the model (a loopback server answering at
  once, in this process) and the sandbox (other processes): the orchestrator's CPU time for 40
  CCK tasks minus that for 1, over 39 (< 10 ms);
- ``loopback``: a run of 40 CCK tasks at concurrency 16 against a loopback model answering after
  0.3 s, against the null agent's run of 40 tasks plus the rounds floor (ceil(40 / 16) x 0.3 s)
  (within 1.3x).
"""

from __future__ import annotations

import argparse
import math
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from assistworld.llm.loopback import LoopbackServer

ROOT = Path(__file__).resolve().parent.parent
BUNDLED = ROOT / "src" / "assistworld_suites" / "workplace"
PROGRAM_REPLY = "```python\ndef do_nothing():\n    return None\n```"
LATENCY_S = 0.3
CONCURRENCY = 16
MODEL_TASKS = 40

RUNNER = """
import atexit, resource, sys

def _report():
    usage = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    sys.stderr.write(f"\\n@@self {usage.ru_utime} {usage.ru_stime} {usage.ru_maxrss}\\n")
    sys.stderr.write(f"@@children {children.ru_utime + children.ru_stime}\\n")

atexit.register(_report)
sys.argv = ["assistworld", *sys.argv[1:]]
from assistworld.cli import main
main()
"""
"""Runs the command line in the child and reports the child's own CPU time and peak memory
(``RUSAGE_SELF``: the orchestrator only), and the CPU time of the processes it started and
waited for (``RUSAGE_CHILDREN``: the sandbox's zygotes, whose own children's time they add)."""


@dataclass
class Measure:
    """One run of a command: wall seconds, the orchestrator's CPU seconds and peak MB, and the
    CPU seconds of the processes it started (the sandbox)."""

    wall_s: float
    cpu_s: float
    peak_mb: float
    children_cpu_s: float = 0.0

    @property
    def total_cpu_s(self) -> float:
        """CPU of the whole command: the orchestrator and the sandbox."""
        return self.cpu_s + self.children_cpu_s


def _env(src: Path | None, derived: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["ASSISTWORLD_DERIVED_DIR"] = str(derived)
    if src is not None:
        env["PYTHONPATH"] = str(src)
    return env


def run_cli(args: Sequence[str], src: Path | None, derived: Path, cwd: Path) -> Measure:
    """Run ``assistworld ARGS`` in a new process; fail loudly if it fails."""
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", RUNNER, *args],
        env=_env(src, derived),
        cwd=cwd,
        capture_output=True,
        text=True,
        check=False,
    )
    wall = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(f"assistworld {' '.join(args)} failed:\n{done.stderr[-3000:]}")
    match = re.search(r"@@self (\S+) (\S+) (\S+)", done.stderr)
    if match is None:
        raise SystemExit(f"no resource report from assistworld {' '.join(args)}")
    user, system, peak_kb = (float(x) for x in match.groups())
    children = re.search(r"@@children (\S+)", done.stderr)
    return Measure(wall, user + system, peak_kb / 1024, float(children.group(1)) if children else 0)


def _summary(values: list[float], unit: str, digits: int = 2) -> str:
    return (
        f"median {statistics.median(values):.{digits}f} {unit} "
        f"(min {min(values):.{digits}f}, max {max(values):.{digits}f}, n={len(values)})"
    )


def compare(
    title: str,
    measure: Callable[[Path | None], float | dict[str, float]],
    *,
    runs: int,
    before: Path | None,
    unit: str = "s",
    digits: int = 2,
) -> None:
    """Warm up once, then ``runs`` times (A/B alternating with ``before``); print medians.

    ``measure`` gives one figure, or several by name (wall, CPU...), each printed on its own.
    """
    measure(None)
    if before is not None:
        measure(before)
    after_values: dict[str, list[float]] = {}
    before_values: dict[str, list[float]] = {}
    for _ in range(runs):
        _add(after_values, measure(None))
        if before is not None:
            _add(before_values, measure(before))
    print(title)
    for name, values in after_values.items():
        label = f"{name}: " if name else ""
        print(f"  {label}now:    {_summary(values, unit, digits)}")
        if before is not None:
            print(f"  {label}before: {_summary(before_values[name], unit, digits)}")
            ratio = statistics.median(values) / statistics.median(before_values[name])
            print(f"  {label}now / before: {ratio:.2f}")
    sys.stdout.flush()


def _add(into: dict[str, list[float]], figures: float | dict[str, float]) -> None:
    named = figures if isinstance(figures, dict) else {"": figures}
    for name, value in named.items():
        into.setdefault(name, []).append(value)


def _wall_and_cpu(measured: Measure) -> dict[str, float]:
    return {
        "wall": measured.wall_s,
        "orchestrator CPU": measured.cpu_s,
        "CPU with the sandbox": measured.total_cpu_s,
    }


def make_big_suite(folder: Path, count: int) -> Path:
    """``count`` task files: copies of the bundled suite's files with new ids."""
    folder.mkdir(parents=True, exist_ok=True)
    files = sorted(p for p in BUNDLED.glob("*.py") if not p.name.startswith("_"))
    texts = [(path.name, path.read_text(encoding="utf-8")) for path in files]
    pattern = re.compile(r'^QUERY_ID = "([^"]+)"', re.MULTILINE)
    for n in range(count):
        name, text = texts[n % len(texts)]
        renamed = pattern.sub(lambda m, n=n: f'QUERY_ID = "{m.group(1)}_copy{n:05d}"', text, 1)
        (folder / f"copy{n:05d}_{name}").write_text(renamed, encoding="utf-8")
    return folder


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--before", type=Path, help="src folder of the code to compare with")
    parser.add_argument("--only", default="tasks,oracle,load10k,memory,cpu,loopback")
    parser.add_argument("--memory-tasks", default="300,1200", help="two N for the memory run")
    parser.add_argument(
        "--skip-cold", action="store_true", help="load10k: skip the empty-cache load (minutes)"
    )
    options = parser.parse_args()
    wanted = set(options.only.split(","))
    before = options.before.resolve() if options.before else None
    work = Path(tempfile.mkdtemp(prefix="first-run-bench-"))
    derived = work / "derived"
    try:
        print(f"python {sys.version.split()[0]} · {os.cpu_count()} CPUs · runs={options.runs}")
        if "tasks" in wanted:
            compare(
                "assistworld tasks --suite workplace",
                lambda src: _wall_and_cpu(
                    run_cli(["tasks", "--suite", "workplace"], src, derived, work)
                ),
                runs=options.runs,
                before=before,
            )
        if "oracle" in wanted:
            counter = iter(range(10**6))

            def oracle(src: Path | None) -> dict[str, float]:
                out = work / f"oracle-{next(counter)}"
                args = ["run", "--suite", "workplace", "--agent", "oracle", "--out", str(out)]
                return _wall_and_cpu(run_cli(args, src, derived, work))

            compare(
                "sandboxed oracle run of the whole bundled suite, end to end",
                oracle,
                runs=options.runs,
                before=before,
            )
        big = None
        if wanted & {"load10k", "memory"}:
            big = make_big_suite(work / "big", 10_000)
        if "load10k" in wanted and big is not None:
            load = f"from assistworld.core.registry import load_suite; load_suite({str(big)!r})"

            def load_once(src: Path | None, cold: bool = False) -> dict[str, float]:
                if cold:
                    shutil.rmtree(derived, ignore_errors=True)
                used = resource.getrusage(resource.RUSAGE_CHILDREN)
                started = time.perf_counter()
                subprocess.run(
                    [sys.executable, "-c", load], env=_env(src, derived), check=True, cwd=work
                )
                wall = time.perf_counter() - started
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
                cpu = (after.ru_utime + after.ru_stime) - (used.ru_utime + used.ru_stime)
                return {"wall": wall, "CPU": cpu}

            if not options.skip_cold:
                sources = [("", None)] + ([(" (before)", before)] if before else [])
                for label, src in sources:
                    cold = load_once(src, cold=True)
                    print(
                        f"load a 10,000-task suite, empty derived cache{label}: "
                        f"wall {cold['wall']:.2f} s, CPU {cold['CPU']:.2f} s"
                    )
            compare(
                "load a 10,000-task suite again (derived cache filled)",
                load_once,
                runs=options.runs,
                before=before,
            )
        if "memory" in wanted and big is not None:
            print("orchestrator peak memory, sandboxed null run of the 10,000-task suite's first N")
            for size in (int(n) for n in options.memory_tasks.split(",")):
                out = work / f"memory-{size}"
                args = ["run", "--suite", str(big), "--agent", "null", "--limit", str(size)]
                measured = run_cli([*args, "--out", str(out)], None, derived, work)
                print(
                    f"  N={size}: peak {measured.peak_mb:.0f} MB, wall {measured.wall_s:.1f} s, "
                    f"orchestrator CPU {measured.cpu_s:.1f} s"
                )
        if wanted & {"cpu", "loopback"}:
            model_figures(work, derived, options.runs, before, wanted)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def model_figures(
    work: Path, derived: Path, runs: int, before: Path | None, wanted: set[str]
) -> None:
    """The CPU per model-driven task and the loopback run against its floor."""
    counter = iter(range(10**6))
    cache = work / "llm-cache"

    def cck(server: LoopbackServer, tasks: int, src: Path | None) -> Measure:
        out = work / f"cck-{next(counter)}"
        model = f"openai-compatible:loopback@{server.base_url}"
        args = [
            "run", "--suite", "workplace", "--agent", "cck", "--model", model,
            "--limit", str(tasks), "--concurrency", str(CONCURRENCY),
            "--model-concurrency", str(CONCURRENCY), "--no-cache", "--out", str(out),
        ]  # fmt: skip
        os.environ["ASSISTWORLD_CACHE_DIR"] = str(cache)
        return run_cli(args, src, derived, work)

    if "cpu" in wanted:
        with LoopbackServer(PROGRAM_REPLY, model="loopback", latency_s=0.0) as server:

            def per_task(src: Path | None) -> float:
                many = cck(server, MODEL_TASKS, src).cpu_s
                one = cck(server, 1, src).cpu_s
                return 1000 * (many - one) / (MODEL_TASKS - 1)

            compare(
                f"harness CPU per CCK task ({MODEL_TASKS} tasks minus 1, orchestrator only)",
                per_task,
                runs=runs,
                before=before,
                unit="ms",
                digits=1,
            )
    if "loopback" in wanted:
        floor = math.ceil(MODEL_TASKS / CONCURRENCY) * LATENCY_S
        with LoopbackServer(PROGRAM_REPLY, model="loopback", latency_s=LATENCY_S) as server:

            def ratio(src: Path | None) -> float:
                model_run = cck(server, MODEL_TASKS, src).wall_s
                out = work / f"null-{next(counter)}"
                args = ["run", "--suite", "workplace", "--agent", "null", "--limit"]
                args += [str(MODEL_TASKS), "--concurrency", str(CONCURRENCY), "--out", str(out)]
                null_run = run_cli(args, src, derived, work).wall_s
                return model_run / (null_run + floor)

            compare(
                f"{MODEL_TASKS} CCK tasks at concurrency {CONCURRENCY}, {LATENCY_S} s latency / "
                f"(null run + {floor:.1f} s floor)",
                ratio,
                runs=runs,
                before=before,
                unit="x",
            )


if __name__ == "__main__":
    main()
