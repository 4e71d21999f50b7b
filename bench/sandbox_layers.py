"""Cost of confining a forked child: fork+exit versus fork+apply_layers+exit.

Run: ``python bench/sandbox_layers.py [--runs 100]``. The process first imports the
simulation library (standing in for the agent zygote), then times, per mode, ``--runs``
sequential runs of: make a scratch dir on /dev/shm, fork, (child: apply the layers,) exit,
wait, remove the scratch dir. Prints median and p90 in milliseconds. No assertions.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import assistworld.apps
import assistworld.world
from assistworld.sandbox.layers import (
    LayerConfig,
    apply_layers,
    current_vm_bytes,
    default_read_only_paths,
    landlock,
    probe,
)
from assistworld.sandbox.layers.rlimits import apply_rlimits

_SHM = Path("/dev/shm")


def _config(scratch: Path, read_only: list[Path], vm_bytes: int) -> LayerConfig:
    return LayerConfig(
        scratch_dir=scratch,
        read_only_paths=read_only,
        address_space_bytes=vm_bytes + 512 * 1024 * 1024,
    )


def _time_runs(
    child_work: Callable[[LayerConfig], None], runs: int, make_config: Callable[[Path], LayerConfig]
) -> list[float]:
    timings: list[float] = []
    for _ in range(runs):
        scratch = Path(tempfile.mkdtemp(dir=_SHM if _SHM.is_dir() else None))
        config = make_config(scratch)
        start = time.perf_counter()
        pid = os.fork()
        if pid == 0:
            code = 0
            try:
                child_work(config)
            except BaseException:
                code = 1
            os._exit(code)
        _, status = os.waitpid(pid, 0)
        timings.append((time.perf_counter() - start) * 1000)
        shutil.rmtree(scratch)
        if os.waitstatus_to_exitcode(status) != 0:
            raise SystemExit(f"child failed in {child_work.__name__}: status {status}")
    return timings


def fork_exit(config: LayerConfig) -> None:
    """Nothing: the fork and exit alone."""


def fork_rlimits(config: LayerConfig) -> None:
    apply_rlimits(
        cpu_seconds=config.cpu_seconds,
        address_space_bytes=config.address_space_bytes,
        file_size_bytes=config.file_size_bytes,
        open_files=config.open_files,
    )


def fork_rlimits_landlock(config: LayerConfig) -> None:
    fork_rlimits(config)
    landlock.restrict_self(config.read_only_paths, [config.scratch_dir])


def fork_apply_layers(config: LayerConfig) -> None:
    apply_layers(config)


def _p90(values: list[float]) -> float:
    return statistics.quantiles(values, n=10)[-1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=100)
    args = parser.parse_args()

    print(probe().summary())
    read_only = default_read_only_paths()
    vm_bytes = current_vm_bytes()
    print(f"read-only rules: {len(read_only)}; zygote VmSize: {vm_bytes / 2**20:.0f} MiB")
    print(f"library modules imported: {assistworld.apps.__name__}, {assistworld.world.__name__}")

    modes = [fork_exit, fork_rlimits, fork_rlimits_landlock, fork_apply_layers]
    print(f"\n{'mode':<32}{'median ms':>10}{'p90 ms':>10}   (n={args.runs})")
    for mode in modes:
        timings = _time_runs(mode, args.runs, lambda s: _config(s, read_only, vm_bytes))
        name = mode.__name__.replace("_", "+")
        print(f"{name:<32}{statistics.median(timings):>10.2f}{_p90(timings):>10.2f}")


if __name__ == "__main__":
    main()
