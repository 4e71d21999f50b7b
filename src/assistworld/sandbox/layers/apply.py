"""Applying the layers, in order, to the calling (freshly forked) process."""

from __future__ import annotations

import os
import threading
from pathlib import Path

from assistworld.sandbox.layers import landlock
from assistworld.sandbox.layers.capabilities import MIN_LANDLOCK_ABI
from assistworld.sandbox.layers.config import LayerConfig
from assistworld.sandbox.layers.errors import SandboxSetupError
from assistworld.sandbox.layers.identity import IdentityError, drop_identity
from assistworld.sandbox.layers.prepared import PreparedLayers, prepare_layers
from assistworld.sandbox.layers.rlimits import apply_rlimits

__all__ = ["apply_layers"]

_WRITABLE_DEVICES = ("/dev/null",)
_TASK_DIR = "/proc/self/task"


def apply_layers(
    config: LayerConfig, *, unsafe: bool = False, prepared: PreparedLayers | None = None
) -> list[str]:
    """Confine the calling process: rlimits, identity, Landlock, seccomp. Irreversible.

    Call it in a freshly forked, single-threaded child (Landlock and seccomp bind only the
    calling thread and the threads it starts later). Returns the names of the layers
    applied, such as ``["rlimits", "identity", "landlock-abi7", "seccomp"]`` (``identity``: no
    capability left, a uid and gid of its own, ``RLIMIT_NPROC`` in force; see ``identity``).

    ``prepared`` is the work :func:`prepare_layers` did once, in the process that forks the
    children; its read-only rules are the ones Landlock applies (``config.read_only_paths`` is
    then not used). Without it the work is done here, from ``config.read_only_paths``. Either
    way the rules' descriptors are closed in this process before it returns.

    Fails closed: when a layer cannot be applied it raises :class:`SandboxSetupError`
    (layers applied before stay applied; the process should report and exit). With
    ``unsafe=True`` it applies what it can and returns the shorter list instead.
    """
    if prepared is None:
        prepared = prepare_layers(config.read_only_paths)  # before RLIMIT_NOFILE is lowered
    try:
        return _apply(config, prepared, unsafe)
    finally:
        prepared.release()


def _apply(config: LayerConfig, prepared: PreparedLayers, unsafe: bool) -> list[str]:
    applied: list[str] = []
    try:
        apply_rlimits(
            cpu_seconds=config.cpu_seconds,
            address_space_bytes=config.address_space_bytes,
            file_size_bytes=config.file_size_bytes,
            open_files=config.open_files,
            max_tasks=config.max_tasks,
            pending_signals=config.pending_signals,
        )
        applied.append("rlimits")
    except (OSError, ValueError) as exc:
        _fail("rlimits", str(exc), unsafe)

    other_threads = _other_thread_count()
    if other_threads:
        reason = (
            f"the process has {other_threads} other thread(s) that would stay unconfined; "
            "apply the layers in a freshly forked child before starting threads"
        )
        _fail("identity", reason, unsafe)
        _fail("landlock", reason, unsafe)
        _fail("seccomp", reason, unsafe)
        return applied

    if config.files_as_root:
        _fail("identity", "keeping filesystem uid 0 was asked for (unsafe only)", unsafe)
    try:
        drop_identity(
            config.id_base, own_dir=config.scratch_dir, files_as_root=config.files_as_root
        )
        applied.append("identity")
    except IdentityError as exc:
        _fail("identity", str(exc), unsafe)

    abi = _apply_landlock(config, prepared, unsafe)
    if abi is not None:
        applied.append(f"landlock-abi{abi}")

    if prepared.seccomp_program is None:
        _fail("seccomp", prepared.seccomp_problem, unsafe)
        return applied
    try:
        prepared.seccomp_program.install()
        applied.append("seccomp")
    except OSError as exc:
        _fail("seccomp", str(exc), unsafe)
    return applied


def _apply_landlock(config: LayerConfig, prepared: PreparedLayers, unsafe: bool) -> int | None:
    if prepared.landlock_rules is None:
        _fail("landlock", prepared.landlock_problem, unsafe)
        return None
    abi = prepared.landlock_rules.abi
    if abi < MIN_LANDLOCK_ABI:
        _fail(
            "landlock",
            f"the kernel offers Landlock ABI {abi}, below the required {MIN_LANDLOCK_ABI}",
            unsafe,
        )
    if not os.path.isdir(config.scratch_dir):  # False also when the new uid may not look
        _fail("landlock", f"scratch_dir {str(config.scratch_dir)!r} is not a directory", unsafe)
        return None
    writable = [config.scratch_dir, *(Path(d) for d in _WRITABLE_DEVICES if os.path.exists(d))]
    try:
        return landlock.restrict_self(prepared.landlock_rules, writable)
    except (landlock.LandlockError, landlock.LandlockUnavailable) as exc:
        _fail("landlock", str(exc), unsafe)
        return None


def _other_thread_count() -> int:
    try:
        return len(os.listdir(_TASK_DIR)) - 1
    except OSError:
        return threading.active_count() - 1


def _fail(layer: str, reason: str, unsafe: bool) -> None:
    if not unsafe:
        raise SandboxSetupError(layer, reason)
