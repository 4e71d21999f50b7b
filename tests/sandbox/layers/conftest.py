"""Fixtures for the confinement-layer tests: a scratch dir, targets to attack, a config."""

from __future__ import annotations

import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from assistworld.sandbox.layers import LayerConfig, current_vm_bytes, default_read_only_paths

_MIB = 1024 * 1024
_SHM = Path("/dev/shm")


@dataclass(frozen=True)
class Targets:
    """Things owned by the test that a confined child tries to reach."""

    scratch: Path
    outside_dir: Path
    secret: Path
    tcp_port: int
    udp_port: int
    unix_socket: Path
    sibling_pid: int


@pytest.fixture(scope="session")
def read_only_paths() -> list[Path]:
    return default_read_only_paths()


@pytest.fixture
def scratch_dir() -> Iterator[Path]:
    parent = _SHM if _SHM.is_dir() else None
    path = Path(tempfile.mkdtemp(prefix="assistworld-layers-", dir=parent))
    yield path
    shutil.rmtree(path, ignore_errors=True)


@pytest.fixture
def layer_config(scratch_dir: Path, read_only_paths: list[Path]) -> LayerConfig:
    return LayerConfig(
        scratch_dir=scratch_dir,
        read_only_paths=read_only_paths,
        cpu_seconds=5,
        address_space_bytes=current_vm_bytes() + 512 * _MIB,
        file_size_bytes=16 * _MIB,
        open_files=64,
    )


@pytest.fixture
def targets(scratch_dir: Path, tmp_path: Path) -> Iterator[Targets]:
    outside = tmp_path / "outside"
    outside.mkdir()
    secret = tmp_path / "reference_solution.py"
    secret.write_text("ANSWER = 'room 42'\n")
    tcp = socket.create_server(("127.0.0.1", 0))
    udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    udp.bind(("127.0.0.1", 0))
    unix_path = tmp_path / "orchestrator.sock"
    unix = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    unix.bind(str(unix_path))
    unix.listen()
    sibling = subprocess.Popen(
        ["sleep", "60"],
        stdin=subprocess.DEVNULL,
    )
    try:
        yield Targets(
            scratch=scratch_dir,
            outside_dir=outside,
            secret=secret,
            tcp_port=tcp.getsockname()[1],
            udp_port=udp.getsockname()[1],
            unix_socket=unix_path,
            sibling_pid=sibling.pid,
        )
    finally:
        sibling.kill()
        sibling.wait()
        for sock in (tcp, udp, unix):
            sock.close()
