"""The Landlock binding on its own (no seccomp), so seccomp cannot mask a Landlock bug."""

from __future__ import annotations

import os
import socket
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from assistworld.sandbox.layers import landlock, landlock_rights
from assistworld.sandbox.layers.landlock_rights import (
    ACCESS_FS_EXECUTE,
    ACCESS_FS_IOCTL_DEV,
    ACCESS_FS_MAKE_BLOCK,
    ACCESS_FS_MAKE_CHAR,
    ACCESS_FS_READ_DIR,
    ACCESS_FS_READ_FILE,
    ACCESS_FS_REFER,
    ACCESS_FS_TRUNCATE,
    ACCESS_FS_WRITE_FILE,
)

from ._forked import ChildOutcome, outcome_of, run_forked
from .conftest import Targets

ABI = landlock.abi_version()


@pytest.mark.parametrize(
    ("abi", "refer", "truncate", "ioctl_dev", "net", "scoped"),
    [
        (1, False, False, False, 0, 0),
        (2, True, False, False, 0, 0),
        (3, True, True, False, 0, 0),
        (4, True, True, False, 3, 0),
        (5, True, True, True, 3, 0),
        (6, True, True, True, 3, 3),
        (7, True, True, True, 3, 3),
    ],
)
def test_handled_rights_follow_the_abi(
    abi: int, refer: bool, truncate: bool, ioctl_dev: bool, net: int, scoped: int
) -> None:
    plan = landlock_rights.plan_ruleset(abi)
    assert bool(plan.handled_access_fs & ACCESS_FS_REFER) is refer
    assert bool(plan.handled_access_fs & ACCESS_FS_TRUNCATE) is truncate
    assert bool(plan.handled_access_fs & ACCESS_FS_IOCTL_DEV) is ioctl_dev
    assert plan.handled_access_fs & ACCESS_FS_READ_FILE
    assert plan.handled_access_net == net
    assert plan.scoped == scoped


def test_abi_zero_is_rejected() -> None:
    with pytest.raises(ValueError, match="start at 1"):
        landlock_rights.plan_ruleset(0)


@pytest.mark.parametrize(
    ("is_dir", "execute", "expected"),
    [
        (True, False, ACCESS_FS_READ_FILE | ACCESS_FS_READ_DIR),
        (True, True, ACCESS_FS_READ_FILE | ACCESS_FS_READ_DIR | ACCESS_FS_EXECUTE),
        (False, False, ACCESS_FS_READ_FILE),
        (False, True, ACCESS_FS_READ_FILE | ACCESS_FS_EXECUTE),
    ],
)
def test_read_only_rights(is_dir: bool, execute: bool, expected: int) -> None:
    assert landlock_rights.read_only_access(7, is_dir=is_dir, execute=execute) == expected


@pytest.mark.parametrize("abi", [1, 3, 7])
def test_read_write_rights_never_allow_execute_or_device_nodes(abi: int) -> None:
    rights = landlock_rights.read_write_access(abi, is_dir=True)
    assert rights & ACCESS_FS_WRITE_FILE
    assert not rights & (ACCESS_FS_EXECUTE | ACCESS_FS_MAKE_CHAR | ACCESS_FS_MAKE_BLOCK)
    assert rights & ~landlock_rights.handled_fs_access(abi) == 0


def test_this_machine_offers_signal_scoping() -> None:
    assert ABI >= 6


def _landlocked(
    read_only: list[Path], read_write: list[Path], attempt: Callable[[], object], **kw: bool
) -> ChildOutcome:
    def action() -> dict[str, object]:
        abi = landlock.restrict_self(read_only, read_write, **kw)
        return {"abi": abi, **outcome_of(attempt)}

    return run_forked(action)


def _verdict(outcome: ChildOutcome) -> str:
    assert outcome.report is not None and "raised" not in outcome.report, outcome
    return "ok" if outcome.report["ok"] else str(outcome.report["errno"])


def _abstract_socket_connect(name: bytes) -> object:
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as unix:
        unix.connect(name)
    return "connected"


def _landlock_attacks(t: Targets) -> dict[str, tuple[Callable[[], object], str]]:
    rows: list[tuple[str, Callable[[], object], str]] = [
        ("write scratch", lambda: (t.scratch / "x").write_text("x"), "ok"),
        ("write outside", lambda: (t.outside_dir / "x").write_text("x"), "EACCES"),
        ("read secret", t.secret.read_text, "EACCES"),
        ("tcp connect", lambda: socket.create_connection(("127.0.0.1", t.tcp_port)), "EACCES"),
        ("signal parent", lambda: os.kill(os.getppid(), 0), "EPERM"),
        ("read parent environ", Path(f"/proc/{os.getppid()}/environ").read_bytes, "EACCES"),
        # Known gaps that the seccomp layer closes:
        ("udp send", lambda: socket.socket(socket.AF_INET, socket.SOCK_DGRAM).sendto(
            b"x", ("127.0.0.1", t.udp_port)), "ok"),
    ]  # fmt: skip
    return {name: (attempt, expected) for name, attempt, expected in rows}


LANDLOCK_ATTACKS = (
    "write scratch",
    "write outside",
    "read secret",
    "tcp connect",
    "signal parent",
    "read parent environ",
    "udp send",
)


@pytest.mark.parametrize("name", LANDLOCK_ATTACKS)
def test_landlock_alone(
    name: str, targets: Targets, read_only_paths: list[Path], scratch_dir: Path
) -> None:
    attempt, expected = _landlock_attacks(targets)[name]
    outcome = _landlocked(read_only_paths, [scratch_dir], attempt)
    assert outcome.value("abi") == ABI
    assert _verdict(outcome) == expected, name


def test_abstract_unix_socket_outside_the_sandbox_is_unreachable(
    read_only_paths: list[Path], scratch_dir: Path
) -> None:
    name = f"\0assistworld-layers-{os.getpid()}".encode()
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as server:
        server.bind(name)
        server.listen()
        confined = _landlocked(
            read_only_paths, [scratch_dir], lambda: _abstract_socket_connect(name)
        )
        control = run_forked(lambda: outcome_of(lambda: _abstract_socket_connect(name)))
    assert _verdict(confined) == "EPERM"
    assert _verdict(control) == "ok"


def test_a_file_rule_allows_that_file_only(targets: Targets, scratch_dir: Path) -> None:
    neighbour = targets.secret.with_name("neighbour.txt")
    neighbour.write_text("other")
    allowed = _landlocked([targets.secret], [scratch_dir], targets.secret.read_text)
    denied = _landlocked([targets.secret], [scratch_dir], neighbour.read_text)
    assert _verdict(allowed) == "ok"
    assert _verdict(denied) == "EACCES"


@pytest.mark.parametrize(("allow_execute", "expected"), [(False, "EACCES"), (True, "ok")])
def test_execute_right_only_when_asked(
    allow_execute: bool, expected: str, read_only_paths: list[Path], scratch_dir: Path
) -> None:
    true_binary = Path("/usr/bin/true").resolve()
    outcome = _landlocked(
        [*read_only_paths, true_binary],
        [scratch_dir],
        lambda: subprocess.run([str(true_binary)], check=True).returncode,
        allow_execute=allow_execute,
    )
    assert _verdict(outcome) == expected


def test_missing_path_fails_before_anything_is_applied(targets: Targets, scratch_dir: Path) -> None:
    missing = targets.outside_dir / "does-not-exist"

    def action() -> dict[str, object]:
        try:
            landlock.restrict_self([missing], [scratch_dir])
        except landlock.LandlockError as exc:
            return {"message": str(exc), **outcome_of(targets.secret.read_text)}
        return {"message": "no error"}

    outcome = run_forked(action)
    assert str(missing) in outcome.value("message")
    assert outcome.value("ok") is True  # still unconfined: the failed ruleset was never applied


@pytest.mark.parametrize(
    ("name", "attempt"),
    [
        ("truncate", lambda p: os.truncate(p, 0)),
        ("open for update", lambda p: open(p, "r+").close()),
        ("open with O_TRUNC", lambda p: os.close(os.open(p, os.O_RDONLY | os.O_TRUNC))),
    ],
)
def test_a_read_only_file_cannot_be_emptied(
    name: str, attempt: Callable[[Path], object], targets: Targets, scratch_dir: Path
) -> None:
    before = targets.secret.read_bytes()
    outcome = _landlocked([targets.secret], [scratch_dir], lambda: attempt(targets.secret))
    assert _verdict(outcome) == "EACCES", name
    assert targets.secret.read_bytes() == before


def test_a_readable_file_cannot_be_hard_linked_into_scratch(
    targets: Targets, scratch_dir: Path
) -> None:
    outcome = _landlocked(
        [targets.secret], [scratch_dir], lambda: os.link(targets.secret, scratch_dir / "copy")
    )
    assert _verdict(outcome) in {"EXDEV", "EACCES"}
    assert not (scratch_dir / "copy").exists()
