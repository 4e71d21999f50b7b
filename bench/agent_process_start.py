"""How long an external agent's process takes from start to exit, confined and unconfined.

Each sample starts ``python -c pass`` (this interpreter: a virtual environment whose base lives
under a home only root may enter, as a user's would) with ``start_agent_process`` and waits for
its end. Confined: the launcher builds the view (a mount namespace with its minimal root), a
pid namespace and a uid of its own; unconfined: the same launcher without any of it
(``--unsafe``). Printed: the median and 95th percentile of the time until the process is running
(``start``: the launcher reported the command's ``execve``) and until it has ended (``total``).

Run as root: ``python bench/agent_process_start.py [--samples 30]``
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import time

from assistworld.agents.external.process import AgentProcessSpec, start_confined


async def _sample(confine: bool) -> tuple[float, float]:
    spec = AgentProcessSpec(
        argv=[sys.executable, "-c", "pass"],
        env={"PATH": "/usr/bin:/bin"},
        time_limit=30.0,
        unsafe=not confine,
    )
    began = time.perf_counter()
    process = await start_confined(spec, confine=confine)
    running = time.perf_counter()
    end = await process.wait()
    done = time.perf_counter()
    if end.kind != "exited":
        raise SystemExit(f"the process did not exit cleanly: {end}")
    return running - began, done - began


def _figures(values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"median {statistics.median(ordered) * 1000:7.1f} ms   p95 {p95 * 1000:7.1f} ms"


async def _main(samples: int) -> None:
    modes = [("unconfined", False)]
    if os.geteuid() == 0:
        modes.insert(0, ("confined", True))
    else:
        print("not root: only the unconfined figures (confinement needs root)")
    await _sample(False)  # imports and caches warm
    for name, confine in modes:
        starts, totals = [], []
        for _ in range(samples):
            start, total = await _sample(confine)
            starts.append(start)
            totals.append(total)
        print(f"{name:<11} start  {_figures(starts)}")
        print(f"{'':<11} total  {_figures(totals)}   ({samples} samples)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=30)
    asyncio.run(_main(parser.parse_args().samples))


if __name__ == "__main__":
    main()
