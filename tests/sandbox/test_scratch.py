"""Scratch dirs as tmpfs mounts of their own: the kernel bounds them, unlinked files included."""

from __future__ import annotations

import errno
import os
import shutil
import tempfile
from pathlib import Path

from assistworld.sandbox.scratch import (
    ScratchQuotaExceeded,
    check_scratch_quota,
    enter_private_mount_namespace,
    prepare_agent_scratch,
    remove_agent_scratch,
)
from tests.sandbox._root import needs_root
from tests.sandbox.layers._forked import run_forked

pytestmark = needs_root

_MIB = 1 << 20


def _in_a_private_mount_namespace(root: Path) -> dict[str, object]:
    problem = enter_private_mount_namespace()
    if problem:
        return {"problem": problem}
    scratch = prepare_agent_scratch(root, 0, 4 * _MIB)
    info = os.statvfs(scratch.path)
    report: dict[str, object] = {"size": info.f_blocks * info.f_frsize}
    kept = []
    try:
        for number in range(10):  # 10 MiB into a 4 MiB file system, each file unlinked first
            handle = open(scratch.path / f"hidden-{number}", "wb", buffering=0)  # noqa: SIM115
            os.unlink(handle.name)
            kept.append(handle)
            handle.write(b"\1" * _MIB)
    except OSError as exc:
        report["error"] = errno.errorcode.get(exc.errno or 0)
    try:
        check_scratch_quota(scratch)
        report["quota"] = "within"
    except ScratchQuotaExceeded:
        report["quota"] = "exceeded"
    for handle in kept:
        handle.close()
    scratch.close()
    remove_agent_scratch(scratch)
    report["removed"] = not scratch.path.exists()
    report["mounted_after"] = str(root) in Path("/proc/self/mountinfo").read_text()
    return report


def test_a_scratch_dir_is_bounded_by_the_kernel_and_leaves_no_mount() -> None:
    root = Path(tempfile.mkdtemp(prefix="assistworld-scratch-test-", dir="/dev/shm"))
    try:
        outcome = run_forked(lambda: _in_a_private_mount_namespace(root))
        host_mounts = Path("/proc/self/mountinfo").read_text()
    finally:
        shutil.rmtree(root, ignore_errors=True)
    assert outcome.report == {
        "size": 4 * _MIB,
        "error": "ENOSPC",
        "quota": "exceeded",
        "removed": True,
        "mounted_after": False,
    }
    assert str(root) not in host_mounts  # the mount never showed outside the namespace
