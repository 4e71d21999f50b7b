"""Cost of confining a forked child: fork+exit versus fork+apply_layers+exit.

Run: ``python bench/sandbox_layers.py [--runs 100]``. The process first imports the
simulation library (standing in for the agent zygote), then times, per mode, ``--runs``
sequential runs of: make a scratch dir on /dev/shm, fork, (child: apply the layers,) exit,
wait, remove the scratch dir. Prints median and p90 of the wall time, and the median CPU time
and minor page faults of the child (on a virtual machine, page faults are much of the cost), in
milliseconds. The last mode uses layers prepared once in the parent (``prepare_layers``: the
Landlock paths opened and the seccomp program compiled), as the zygote does. No assertions.
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

import assistworld.apps.workplace
import assistworld.world
from assistworld.sandbox.layers import (
    LayerConfig,
    apply_layers,
    current_vm_bytes,
    default_read_only_paths,
    landlock,
    prepare_layers,
    probe,
)
from assistworld.sandbox.layers.prepared import PreparedLayers
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
) -> tuple[list[float], list[float], list[int]]:
    timings: list[float] = []
    cpu: list[float] = []
    faults: list[int] = []
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
        _, status, usage = os.wait4(pid, 0)
        timings.append((time.perf_counter() - start) * 1000)
        cpu.append((usage.ru_utime + usage.ru_stime) * 1000)
        faults.append(usage.ru_minflt)
        shutil.rmtree(scratch)
        if os.waitstatus_to_exitcode(status) != 0:
            raise SystemExit(f"child failed in {child_work.__name__}: status {status}")
    return timings, cpu, faults


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


def _prepared_mode(prepared: PreparedLayers) -> Callable[[LayerConfig], None]:
    def fork_apply_prepared_layers(config: LayerConfig) -> None:
        apply_layers(config, prepared=prepared)

    return fork_apply_prepared_layers


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
    print(
        "library modules imported: "
        f"{assistworld.apps.workplace.__name__}, {assistworld.world.__name__}"
    )

    prepared = prepare_layers(read_only)
    modes = [
        fork_exit,
        fork_rlimits,
        fork_rlimits_landlock,
        fork_apply_layers,
        _prepared_mode(prepared),
    ]
    print(
        f"\n{'mode':<36}{'median ms':>10}{'p90 ms':>10}{'child CPU':>11}{'faults':>8}"
        f"   (n={args.runs})"
    )
    for mode in modes:
        timings, cpu, faults = _time_runs(
            mode, args.runs, lambda s: _config(s, read_only, vm_bytes)
        )
        name = mode.__name__.replace("_", "+")
        print(
            f"{name:<36}{statistics.median(timings):>10.2f}{_p90(timings):>10.2f}"
            f"{statistics.median(cpu):>11.2f}{statistics.median(faults):>8.0f}"
        )
    prepared.release()


if __name__ == "__main__":
    main()
