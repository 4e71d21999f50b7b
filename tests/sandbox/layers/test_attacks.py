"""The attack matrix (sandbox spec M.2): each attack from a child with every layer applied,
and, as a control proving the attack is real, from an unconfined child."""

from __future__ import annotations

import importlib
import os
import signal
import socket
import subprocess
import sys
import sysconfig
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from assistworld.sandbox.layers import LayerConfig, apply_layers, probe
from tests.sandbox._root import needs_root

from ._forked import ChildOutcome, outcome_of, run_forked
from .conftest import Targets

Attack = Callable[[Targets], object]

OK = frozenset({"ok"})
DENIED = frozenset({"EACCES", "EPERM"})
_FRESH_STDLIB_MODULES = ("fractions", "colorsys", "tabnanny", "netrc", "wave", "graphlib")
_SITE_PACKAGES = Path(sysconfig.get_paths()["purelib"])
_OTHER_PACKAGE_METADATA = next(_SITE_PACKAGES.glob("pytest-*.dist-info/METADATA"))


def _write_scratch(t: Targets) -> object:
    note = t.scratch / "note.txt"
    note.write_text("kept")
    return note.read_text()


def _write_outside(t: Targets) -> object:
    return (t.outside_dir / "escape.txt").write_text("x")


def _read_secret(t: Targets) -> object:
    return t.secret.read_text()


def _read_project_tests(t: Targets) -> object:
    return len(Path(__file__).read_bytes())


def _read_other_package_metadata(t: Targets) -> object:
    return len(_OTHER_PACKAGE_METADATA.read_bytes())


def _write_site_packages(t: Targets) -> object:
    return (_SITE_PACKAGES / "zz_assistworld_layers_test.pth").write_text("")


def _tcp_connect(t: Targets) -> object:
    socket.create_connection(("127.0.0.1", t.tcp_port), timeout=2).close()
    return "connected"


def _udp_send(t: Targets) -> object:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as udp:
        return udp.sendto(b"x", ("127.0.0.1", t.udp_port))


def _unix_connect(t: Targets) -> object:
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as unix:
        unix.connect(str(t.unix_socket))
    return "connected"


def _unix_datagram_socket(t: Targets) -> object:
    socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM).close()
    return "created"


def _socketpair_round_trip(t: Targets) -> object:
    left, right = socket.socketpair()
    with left, right:
        left.sendall(b"ping")
        return right.recv(4).decode()


def _fork(t: Targets) -> object:
    pid = os.fork()
    if pid == 0:
        os._exit(0)
    return os.waitpid(pid, 0)[1]


def _subprocess(t: Targets) -> object:
    return subprocess.run(["true"], check=True).returncode


def _signal_parent(t: Targets) -> object:
    os.kill(os.getppid(), 0)
    return "sent"


def _signal_sibling(t: Targets) -> object:
    os.kill(t.sibling_pid, 0)
    return "sent"


def _signal_every_process(t: Targets) -> object:
    os.kill(-1, 0)  # signal 0: checks permission, delivers nothing
    return "sent"


def _signal_own_process_group(t: Targets) -> object:
    os.killpg(0, 0)
    return "sent"


def _renice_sibling(t: Targets) -> object:
    os.setpriority(os.PRIO_PROCESS, t.sibling_pid, 5)
    return "reniced"


def _read_parent_environ(t: Targets) -> object:
    return len(Path(f"/proc/{os.getppid()}/environ").read_bytes())


def _write_dev_shm(t: Targets) -> object:
    target = Path("/dev/shm") / f"assistworld-layers-probe-{os.getpid()}"
    target.write_text("x")
    target.unlink()
    return "written"


def _chmod_outside(t: Targets) -> object:
    os.chmod(t.secret, 0o600)
    return "changed"


def _thread(t: Targets) -> object:
    results: list[int] = []
    worker = threading.Thread(target=lambda: results.append(6 * 7))
    worker.start()
    worker.join()
    return results[0]


def _import_fresh_stdlib_module(t: Targets) -> object:
    name = next(m for m in _FRESH_STDLIB_MODULES if m not in sys.modules)
    return importlib.import_module(name).__name__


# (attack, outcome with every layer, outcome unconfined or None when the control is unsafe)
MATRIX: list[tuple[Attack, frozenset[str], frozenset[str] | None]] = [
    (_write_scratch, OK, OK),
    (_write_outside, DENIED, OK),
    (_read_secret, DENIED, OK),
    (_read_project_tests, DENIED, OK),
    (_read_other_package_metadata, DENIED, OK),
    (_write_site_packages, DENIED, None),
    (_tcp_connect, DENIED, OK),
    (_udp_send, DENIED, OK),
    (_unix_connect, DENIED, OK),
    (_unix_datagram_socket, DENIED, OK),
    (_socketpair_round_trip, OK, OK),
    (_fork, DENIED, OK),
    (_subprocess, DENIED, OK),
    (_signal_parent, DENIED, OK),
    (_signal_sibling, DENIED, OK),
    (_signal_every_process, DENIED, OK),
    (_signal_own_process_group, DENIED, OK),
    (_renice_sibling, DENIED, OK),
    (_read_parent_environ, DENIED, OK),
    (_write_dev_shm, DENIED, OK),
    (_chmod_outside, DENIED, OK),
    (_thread, OK, OK),
    (_import_fresh_stdlib_module, OK, OK),
]


def _verdict(outcome: ChildOutcome) -> str:
    assert outcome.report is not None, f"child sent no report: {outcome}"
    assert "raised" not in outcome.report, f"child failed outside the attack: {outcome.report}"
    return "ok" if outcome.report["ok"] else str(outcome.report["errno"] or outcome.report["error"])


def _attack_confined(config: LayerConfig, attack: Attack, targets: Targets) -> ChildOutcome:
    return run_forked(
        lambda: {"applied": apply_layers(config), **outcome_of(lambda: attack(targets))}
    )


@needs_root
@pytest.mark.parametrize(
    ("attack", "expected"), [(a, c) for a, c, _ in MATRIX], ids=[a.__name__ for a, _, _ in MATRIX]
)
def test_attack_outcome_with_all_layers(
    attack: Attack, expected: frozenset[str], layer_config: LayerConfig, targets: Targets
) -> None:
    outcome = _attack_confined(layer_config, attack, targets)
    assert _verdict(outcome) in expected, outcome.report


CONTROLS = [(a, u) for a, _, u in MATRIX if u is not None]


@pytest.mark.parametrize(("attack", "expected"), CONTROLS, ids=[a.__name__ for a, _ in CONTROLS])
def test_attack_outcome_without_layers(
    attack: Attack, expected: frozenset[str], targets: Targets
) -> None:
    outcome = run_forked(lambda: outcome_of(lambda: attack(targets)))
    assert _verdict(outcome) in expected, outcome.report


def test_confined_child_cannot_change_a_file_mode(
    layer_config: LayerConfig, targets: Targets
) -> None:
    before = targets.secret.stat().st_mode
    _attack_confined(layer_config, _chmod_outside, targets)
    assert targets.secret.stat().st_mode == before


@needs_root
def test_sigkill_to_a_sibling_is_refused_and_the_sibling_survives(
    layer_config: LayerConfig, targets: Targets
) -> None:
    outcome = _attack_confined(
        layer_config, lambda t: os.kill(t.sibling_pid, signal.SIGKILL), targets
    )
    assert _verdict(outcome) in DENIED
    time.sleep(0.05)
    os.kill(targets.sibling_pid, 0)  # raises ProcessLookupError if the sibling died
    assert os.waitpid(targets.sibling_pid, os.WNOHANG) == (0, 0)


@needs_root
def test_all_layers_are_reported_as_applied(layer_config: LayerConfig) -> None:
    abi = probe().landlock_abi
    outcome = run_forked(lambda: {"applied": apply_layers(layer_config)})
    assert outcome.value("applied") == ["rlimits", "identity", f"landlock-abi{abi}", "seccomp"]


@needs_root
def test_cpu_spin_is_killed_by_the_cpu_limit(layer_config: LayerConfig) -> None:
    config = LayerConfig(
        scratch_dir=layer_config.scratch_dir,
        read_only_paths=layer_config.read_only_paths,
        cpu_seconds=1,
        address_space_bytes=layer_config.address_space_bytes,
    )

    def spin() -> dict[str, object]:
        apply_layers(config)
        while True:
            pass

    outcome = run_forked(spin, timeout=10)
    assert not outcome.timed_out
    assert outcome.signal in (signal.SIGXCPU, signal.SIGKILL), outcome


@needs_root
def test_three_gib_allocation_raises_memory_error(layer_config: LayerConfig) -> None:
    outcome = run_forked(
        lambda: {
            "applied": apply_layers(layer_config),
            **outcome_of(lambda: len(bytearray(3 * 1024**3))),
        }
    )
    assert _verdict(outcome) == "MemoryError"


@needs_root
def test_hundred_mib_file_in_scratch_fails_with_efbig(layer_config: LayerConfig) -> None:
    def write_big_file() -> object:
        chunk = b"\0" * (1024 * 1024)
        with open(layer_config.scratch_dir / "big.bin", "wb", buffering=0) as big:
            for _ in range(100):
                big.write(chunk)
        return "written"

    outcome = run_forked(
        lambda: {"applied": apply_layers(layer_config), **outcome_of(write_big_file)}
    )
    assert _verdict(outcome) == "EFBIG"
    assert (layer_config.scratch_dir / "big.bin").stat().st_size == layer_config.file_size_bytes


@needs_root
def test_opening_many_files_stops_at_the_open_files_limit(layer_config: LayerConfig) -> None:
    def open_many() -> object:
        return [os.open("/dev/null", os.O_RDONLY) for _ in range(layer_config.open_files + 1)]

    outcome = run_forked(lambda: {"applied": apply_layers(layer_config), **outcome_of(open_many)})
    assert _verdict(outcome) == "EMFILE"
