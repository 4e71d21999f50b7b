"""Resource limits on their own."""

from __future__ import annotations

import os
import resource

import pytest

from assistworld.sandbox.layers import LayerConfig, apply_layers, current_vm_bytes
from assistworld.sandbox.layers.rlimits import apply_rlimits
from tests.sandbox._root import needs_root

from ._forked import outcome_of, run_forked

_MIB = 1024 * 1024
_CAP_SYS_RESOURCE = 24


def _limits() -> dict[str, object]:
    kinds = {
        "cpu": resource.RLIMIT_CPU,
        "as": resource.RLIMIT_AS,
        "fsize": resource.RLIMIT_FSIZE,
        "nofile": resource.RLIMIT_NOFILE,
        "core": resource.RLIMIT_CORE,
    }
    return {name: list(resource.getrlimit(kind)) for name, kind in kinds.items()}


def test_limits_are_set_as_asked() -> None:
    def action() -> dict[str, object]:
        apply_rlimits(
            cpu_seconds=7, address_space_bytes=4096 * _MIB, file_size_bytes=8 * _MIB, open_files=50
        )
        return _limits()

    report = run_forked(action).report
    assert report == {
        "cpu": [7, 8],
        "as": [4096 * _MIB, 4096 * _MIB],
        "fsize": [8 * _MIB, 8 * _MIB],
        "nofile": [50, 50],
        "core": [0, 0],
    }


def test_a_limit_already_lower_stays_lower_and_none_leaves_memory_alone() -> None:
    def action() -> dict[str, object]:
        before_as = list(resource.getrlimit(resource.RLIMIT_AS))
        resource.setrlimit(resource.RLIMIT_NOFILE, (32, 32))
        apply_rlimits(
            cpu_seconds=7, address_space_bytes=None, file_size_bytes=8 * _MIB, open_files=64
        )
        return {"before_as": before_as, **_limits()}

    report = run_forked(action).report
    assert report is not None
    assert report["nofile"] == [32, 32]
    assert report["as"] == report["before_as"]


def test_current_vm_bytes_matches_statm() -> None:
    with open("/proc/self/statm") as statm:
        pages = int(statm.read().split()[0])
    from_statm = pages * os.sysconf("SC_PAGE_SIZE")
    assert abs(current_vm_bytes() - from_statm) < 64 * _MIB
    assert current_vm_bytes() > 16 * _MIB


def _has_cap_sys_resource() -> bool:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("CapEff:"):
                return bool(int(line.split()[1], 16) & (1 << _CAP_SYS_RESOURCE))
    return False


@needs_root
@pytest.mark.parametrize("with_all_layers", [False, True])
def test_raising_a_limit_again_fails_under_all_layers(
    with_all_layers: bool, layer_config: LayerConfig
) -> None:
    """With CAP_SYS_RESOURCE (root, usually) rlimits alone can be raised again; the full stack
    refuses it anyway. Without the capability the kernel refuses in both cases."""

    def action() -> dict[str, object]:
        if with_all_layers:
            apply_layers(layer_config)
        else:
            apply_rlimits(
                cpu_seconds=5, address_space_bytes=None, file_size_bytes=_MIB, open_files=64
            )
        unlimited = resource.RLIM_INFINITY
        return outcome_of(lambda: resource.setrlimit(resource.RLIMIT_CPU, (unlimited, unlimited)))

    report = run_forked(action).report
    assert report is not None
    assert report["ok"] is (not with_all_layers and _has_cap_sys_resource())
    if not report["ok"]:
        assert report["error"] == "ValueError"  # CPython's message for EPERM
