"""Layers prepared once in a parent (opened Landlock rules, compiled seccomp program) and applied
in forked children: the same confinement as doing the work in the child, and no descriptor left."""

from __future__ import annotations

import errno
import os
import resource
import struct
from pathlib import Path
from typing import Any

import pyseccomp
import pytest

from assistworld.sandbox.layers import (
    LayerConfig,
    SandboxSetupError,
    apply_layers,
    landlock,
    prepare_layers,
    seccomp_filter,
)
from tests.sandbox._root import needs_root

from ._bpf import decide, seccomp_data
from ._forked import outcome_of, run_forked
from .conftest import Targets


def _exported(pid: int) -> bytes:
    read_fd, write_fd = os.pipe()
    try:
        with open(write_fd, "wb", closefd=False) as sink:
            seccomp_filter.build_filter(pid).export_bpf(sink)
        os.close(write_fd)
        write_fd = -1
        chunks = []
        while chunk := os.read(read_fd, 65536):
            chunks.append(chunk)
        return b"".join(chunks)
    finally:
        os.close(read_fd)
        if write_fd >= 0:
            os.close(write_fd)


@pytest.mark.parametrize("pid", [4242, 98765, 31337, (1 << 22) - 1])
def test_the_compiled_program_is_libseccomp_s_own_for_that_pid(pid: int) -> None:
    # (A pid equal to another constant of the filter, such as 1 for AF_UNIX, lets libseccomp
    # share one comparison block between two rules: a different layout, the same decisions.)
    assert seccomp_filter.compile_filter().for_pid(pid) == _exported(pid)


@pytest.mark.parametrize("pid", [0, -1, 1 << 31])
def test_the_compiled_program_refuses_what_is_not_a_pid(pid: int) -> None:
    with pytest.raises(ValueError, match="not a process id"):
        seccomp_filter.compile_filter().for_pid(pid)


def _open_descriptors(fds: tuple[int, ...]) -> list[int]:
    still_open = []
    for fd in fds:
        try:
            os.fstat(fd)
        except OSError as exc:
            assert exc.errno == errno.EBADF
            continue
        still_open.append(fd)
    return still_open


def test_opened_rules_sit_above_the_descriptors_a_child_needs(read_only_paths: list[Path]) -> None:
    rules = landlock.open_read_only_rules(read_only_paths)
    try:
        assert len(rules.fds) == len(read_only_paths) == len(rules.rights)
        assert min(rules.fds) >= landlock.FIRST_RULE_FD
        assert rules.paths == tuple(str(path) for path in read_only_paths)
    finally:
        rules.close()
    assert _open_descriptors(rules.fds) == []


def test_restricting_with_opened_rules_confines_and_closes_them(
    read_only_paths: list[Path], scratch_dir: Path, targets: Targets
) -> None:
    rules = landlock.open_read_only_rules(read_only_paths)

    def action() -> dict[str, Any]:
        abi = landlock.restrict_self(rules, [scratch_dir])
        return {
            "abi": abi,
            "left_open": _open_descriptors(rules.fds),
            "stdlib": outcome_of(lambda: Path(os.__file__).read_text()[:1])["ok"],
            "secret": outcome_of(targets.secret.read_text).get("errno"),
        }

    try:
        report = run_forked(action).report
    finally:
        rules.close()
    assert report == {"abi": rules.abi, "left_open": [], "stdlib": True, "secret": "EACCES"}


def _config(scratch_dir: Path, read_only_paths: list[Path]) -> LayerConfig:
    return LayerConfig(scratch_dir=scratch_dir, read_only_paths=read_only_paths, cpu_seconds=5)


@needs_root
def test_prepared_layers_confine_a_child_as_fully_as_unprepared_ones(
    read_only_paths: list[Path], scratch_dir: Path, targets: Targets
) -> None:
    prepared = prepare_layers(read_only_paths)
    assert prepared.landlock_problem == prepared.seccomp_problem == ""
    assert prepared.landlock_rules is not None
    fds = prepared.landlock_rules.fds

    def action(use_prepared: bool) -> dict[str, Any]:
        config = _config(scratch_dir, [] if use_prepared else read_only_paths)
        applied = apply_layers(config, prepared=prepared if use_prepared else None)
        return {
            "applied": applied,
            "left_open": _open_descriptors(fds) if use_prepared else [],
            "write_outside": outcome_of(lambda: (targets.outside_dir / "x").write_text("x")),
            "write_scratch": outcome_of(
                lambda: (scratch_dir / f"x-{os.getpid()}").write_text("x")  # a uid per child
            )["ok"],
            "fork": outcome_of(lambda: os.waitpid(os.fork() or os._exit(0), 0)),
            "signal_parent": outcome_of(lambda: os.kill(os.getppid(), 0)),
        }

    try:
        with_prepared = run_forked(lambda: action(True)).report
        without = run_forked(lambda: action(False)).report
    finally:
        prepared.release()
    assert with_prepared == without
    assert with_prepared is not None
    assert with_prepared["applied"][0] == "rlimits" and with_prepared["applied"][-1] == "seccomp"
    assert with_prepared["write_outside"]["errno"] == "EACCES"
    assert with_prepared["write_scratch"] is True
    assert with_prepared["fork"]["errno"] == with_prepared["signal_parent"]["errno"] == "EPERM"


@needs_root
def test_a_path_that_cannot_be_opened_fails_closed_in_the_child(
    read_only_paths: list[Path], scratch_dir: Path, targets: Targets
) -> None:
    missing = targets.outside_dir / "gone"
    prepared = prepare_layers([*read_only_paths, missing])
    assert prepared.landlock_rules is None
    assert str(missing) in prepared.landlock_problem

    def action() -> dict[str, Any]:
        try:
            apply_layers(_config(scratch_dir, []), prepared=prepared)
        except SandboxSetupError as exc:
            return {"layer": exc.layer, "names_the_path": str(missing) in exc.reason}
        return {"layer": None}

    assert run_forked(action).report == {"layer": "landlock", "names_the_path": True}


def _cases(pid: int, other: int) -> list[tuple[int, tuple[int, ...]]]:
    names = ["kill", "tgkill", "pidfd_open", "rt_sigqueueinfo", "socket", "clone", "fcntl", "read"]
    numbers = [int(pyseccomp.resolve_syscall(pyseccomp.Arch.NATIVE, name)) for name in names]
    values = [0, 1, 2, 4, 8, 15, 1024, 0x10000, pid, other, -1, pid | 1 << 32]
    return [(nr, (value, value, 0)) for nr in numbers for value in values]


@pytest.mark.parametrize("pid", [1, 2, 4, 8, 15, 1024, 0x5412, 0o170000, 0x10000])
def test_a_pid_equal_to_a_constant_of_the_filter_still_gets_the_same_decisions(pid: int) -> None:
    ours = seccomp_filter.compile_filter().for_pid(pid)
    theirs = _exported(pid)
    arch = _checked_arch(theirs)
    for nr, args in _cases(pid, 4242):
        data = seccomp_data(nr, arch, args)
        assert decide(ours, data) == decide(theirs, data), (nr, args)


def _checked_arch(program: bytes) -> int:
    """The audit architecture the program checks first (libseccomp's first compare)."""
    for start in range(0, len(program), 8):
        op, _, _, k = struct.unpack_from("=HBBI", program, start)
        if op == 0x15:
            return int(k)
    raise AssertionError("no architecture check found")


_ALLOW = 0x7FFF0000
_DENY_EPERM = 0x00050000 | errno.EPERM


@pytest.mark.parametrize("pid", [1, 4242, 0x10000])
def test_the_filled_in_pid_is_the_only_one_a_signal_may_go_to(pid: int) -> None:
    program = seccomp_filter.compile_filter().for_pid(pid)
    kill = int(pyseccomp.resolve_syscall(pyseccomp.Arch.NATIVE, "kill"))
    arch = _checked_arch(program)
    assert decide(program, seccomp_data(kill, arch, (pid, 0))) == _ALLOW
    for other in (pid + 1, 4243, -1, 0):
        assert decide(program, seccomp_data(kill, arch, (other, 0))) == _DENY_EPERM, other


def test_a_path_list_is_opened_one_path_at_a_time(
    read_only_paths: list[Path], scratch_dir: Path
) -> None:
    assert len(read_only_paths) > 64

    def action() -> dict[str, Any]:
        resource.setrlimit(resource.RLIMIT_NOFILE, (64, 64))
        return {"abi": landlock.restrict_self(read_only_paths, [scratch_dir])}

    assert run_forked(action).report == {"abi": landlock.abi_version()}
