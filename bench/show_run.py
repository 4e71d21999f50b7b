"""How long ``assistworld show`` takes on a whole ``lifelines`` run (1,235 scenarios).

Runs the oracle over the bundled ``lifelines`` suite into a temporary directory (or reads
``--run DIR``), then times ``assistworld show DIR`` as a whole process, in turn with
``show --from-records DIR`` (which validates every record), and prints for each the median,
minimum and maximum wall and CPU seconds over ``--rounds`` pairs, and the median of the pair
ratios. Also prints the size of the run directory's files, and checks that both commands print
the same text. The target: ``show`` under 0.5 s.

Usage: ``python bench/show_run.py [--rounds 9] [--run DIR]``.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

ASSISTWORLD = shutil.which("assistworld") or "assistworld"
"""The installed command, as a user runs it."""
SHOW = [ASSISTWORLD, "show"]


def timed(command: list[str]) -> tuple[float, float, str]:
    """Wall and CPU seconds of one run of ``command`` (its children's accounting), and what it
    printed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=True, env=_env())
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.stdout


def _env() -> dict[str, str]:
    return {**os.environ, "COLUMNS": "120", "NO_COLOR": "1"}


def _row(name: str, values: list[float]) -> str:
    return (
        f"{name:<28} median {statistics.median(values):.3f}  "
        f"min {min(values):.3f}  max {max(values):.3f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--run", type=Path, help="an existing run directory to show")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        run_dir = args.run or Path(scratch) / "lifelines"
        if args.run is None:
            print("running the oracle over lifelines…", flush=True)
            subprocess.run(
                [ASSISTWORLD, "run", "--suite", "lifelines",
                 "--agent", "oracle", "--out", str(run_dir)],
                check=True, capture_output=True, env=_env(),
            )  # fmt: skip
        for path in sorted(run_dir.rglob("*")):
            if path.is_file():
                print(f"{path.relative_to(run_dir)}: {path.stat().st_size / 1e6:.2f} MB")
        fast, slow = [*SHOW, str(run_dir)], [*SHOW, "--from-records", str(run_dir)]
        timed(fast), timed(slow)  # warm the file cache and the bytecode
        walls: dict[str, list[float]] = {"show": [], "show --from-records": []}
        cpus: dict[str, list[float]] = {"show": [], "show --from-records": []}
        ratios: list[float] = []
        texts: set[str] = set()
        for _ in range(args.rounds):
            wall_a, cpu_a, text_a = timed(fast)
            wall_b, cpu_b, text_b = timed(slow)
            walls["show"].append(wall_a)
            walls["show --from-records"].append(wall_b)
            cpus["show"].append(cpu_a)
            cpus["show --from-records"].append(cpu_b)
            ratios.append(wall_a / wall_b)
            texts.update((text_a, text_b))
        for name in walls:
            print(_row(f"{name} wall s", walls[name]))
            print(_row(f"{name} cpu s", cpus[name]))
        print(f"wall ratio show / show --from-records: median {statistics.median(ratios):.3f}")
        print("same text printed by both:", "yes" if len(texts) == 1 else "NO")


if __name__ == "__main__":
    main()
