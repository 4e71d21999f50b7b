"""The identity layer on its own: no capabilities, a uid of its own, the kernel's task cap."""

from __future__ import annotations

import resource
import sys
import threading
from pathlib import Path

import pytest

from assistworld.sandbox.layers import LayerConfig
from assistworld.sandbox.layers.identity import (
    AGENT_ID_BASE,
    agent_id,
    drop_identity,
    identity_problem,
)
from tests.sandbox._root import needs_root

from ._forked import run_forked

_CAP_FIELDS = ("CapInh", "CapPrm", "CapEff", "CapBnd", "CapAmb")


def _status() -> dict[str, str]:
    lines = Path("/proc/self/status").read_text().splitlines()
    return {name: value.strip() for name, _, value in (line.partition(":") for line in lines)}


def _threads_until_refused(limit: int) -> int:
    threading.stack_size(64 * 1024)
    gate = threading.Event()
    started = 0
    try:
        while started < limit:
            threading.Thread(target=gate.wait, daemon=True).start()
            started += 1
    except RuntimeError:
        pass
    gate.set()
    return started


@needs_root
def test_this_machine_lets_children_give_up_root() -> None:
    assert identity_problem() == ""


@needs_root
def test_the_child_keeps_no_capability_and_runs_under_its_own_ids() -> None:
    def action() -> dict[str, object]:
        uid = drop_identity()
        status = _status()
        sys.modules.pop("tabnanny", None)
        import tabnanny  # noqa: F401  # a lazy import from the interpreter still works

        return {
            "uid": uid,
            "expected": agent_id(int(status["Pid"])),
            "caps": [int(status[name], 16) for name in _CAP_FIELDS],
            "uids": status["Uid"].split(),
            "gids": status["Gid"].split(),
            "groups": status["Groups"],
            "no_new_privs": status["NoNewPrivs"],
        }

    report = run_forked(action).report
    assert report is not None and "raised" not in report, report
    assert report["uid"] == report["expected"] >= AGENT_ID_BASE
    assert report["caps"] == [0, 0, 0, 0, 0]
    uid = str(report["uid"])
    assert report["uids"] == [uid, uid, uid, uid]  # the filesystem uid too (see the module)
    assert report["gids"] == [uid, uid, uid, uid]
    assert report["groups"] == ""
    assert report["no_new_privs"] == "1"


@needs_root
def test_rlimit_nproc_caps_the_childs_threads() -> None:
    def action() -> dict[str, object]:
        resource.setrlimit(resource.RLIMIT_NPROC, (6, 6))
        drop_identity()
        return {"started": _threads_until_refused(100)}

    assert run_forked(action).value("started") == 5  # six tasks: the main thread and five more


@needs_root
def test_as_root_the_same_limit_does_not_bind() -> None:
    def action() -> dict[str, object]:
        resource.setrlimit(resource.RLIMIT_NPROC, (6, 6))
        return {"started": _threads_until_refused(20)}

    assert run_forked(action).value("started") == 20


@pytest.mark.parametrize(
    ("field", "value"), [("max_tasks", 0), ("id_base", 0), ("id_base", (1 << 31) - 5)]
)
def test_config_refuses_impossible_task_caps_and_id_bases(
    field: str, value: int, scratch_dir: Path
) -> None:
    with pytest.raises(ValueError, match=field):
        LayerConfig(scratch_dir=scratch_dir, read_only_paths=[], **{field: value})  # type: ignore[arg-type]
