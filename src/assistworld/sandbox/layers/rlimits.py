"""Resource limits (``setrlimit``) for an untrusted child.

Standard library only, and not ``pathlib``: a confined command's launcher loads this file by
path at every start (``sandbox.command.launcher``).

Caveats measured on the target machine:

* ``RLIMIT_NPROC`` does not bind root (nor a process holding ``CAP_SYS_RESOURCE`` or
  ``CAP_SYS_ADMIN``). It is set here, and binds once the identity layer has moved the child to
  a uid of its own without capabilities; it then caps the child's tasks (threads included). The
  seccomp layer refuses new processes in any case.
* ``RLIMIT_AS`` counts virtual memory, so it must be set relative to the forking process's
  own size: read that with :func:`current_vm_bytes` *before* Landlock hides ``/proc``.
* CPython ignores ``SIGXFSZ``, so ``RLIMIT_FSIZE`` surfaces as ``OSError(EFBIG)``.
* A root process keeps ``CAP_SYS_RESOURCE`` and could raise the limits again; the seccomp
  layer refuses ``setrlimit`` and ``prlimit64`` writes for that reason.
"""

from __future__ import annotations

import resource

__all__ = ["apply_rlimits", "current_vm_bytes"]

_STATUS_FILE = "/proc/self/status"


def current_vm_bytes() -> int:
    """Virtual memory size of the calling process (``VmSize``), in bytes."""
    try:
        with open(_STATUS_FILE, encoding="ascii") as handle:
            status = handle.read()
    except OSError as exc:
        raise RuntimeError(
            f"cannot read {_STATUS_FILE} ({exc.strerror}); call current_vm_bytes() before "
            "Landlock is applied, on Linux with /proc mounted"
        ) from exc
    for line in status.splitlines():
        if line.startswith("VmSize:"):
            size, unit = line.split()[1:3]
            if unit != "kB":
                raise RuntimeError(f"unexpected VmSize unit {unit!r} in {_STATUS_FILE}")
            return int(size) * 1024
    raise RuntimeError(f"no VmSize line in {_STATUS_FILE}")


def apply_rlimits(
    *,
    cpu_seconds: int,
    address_space_bytes: int | None,
    file_size_bytes: int,
    open_files: int,
    max_tasks: int | None = None,
    pending_signals: int | None = None,
) -> None:
    """Lower the calling process's limits. Limits already lower than asked stay as they are.

    CPU: soft ``cpu_seconds`` (``SIGXCPU``), hard one second later (``SIGKILL``). Core dumps
    are switched off. ``address_space_bytes=None`` leaves ``RLIMIT_AS`` untouched, and
    ``max_tasks=None`` leaves ``RLIMIT_NPROC`` untouched. ``pending_signals`` lowers
    ``RLIMIT_SIGPENDING``, which also counts POSIX timers (each holds kernel memory no other limit
    sees: 96,000 of them by default here, per uid).
    """
    _lower(resource.RLIMIT_CPU, cpu_seconds, cpu_seconds + 1)
    if address_space_bytes is not None:
        _lower(resource.RLIMIT_AS, address_space_bytes, address_space_bytes)
    _lower(resource.RLIMIT_FSIZE, file_size_bytes, file_size_bytes)
    _lower(resource.RLIMIT_NOFILE, open_files, open_files)
    _lower(resource.RLIMIT_CORE, 0, 0)
    if max_tasks is not None:
        _lower(resource.RLIMIT_NPROC, max_tasks, max_tasks)
    if pending_signals is not None:
        _lower(resource.RLIMIT_SIGPENDING, pending_signals, pending_signals)


def _lower(kind: int, soft: int, hard: int) -> None:
    current_soft, current_hard = resource.getrlimit(kind)
    new_hard = _smaller(hard, current_hard)
    new_soft = min(_smaller(soft, current_soft), new_hard)
    resource.setrlimit(kind, (new_soft, new_hard))


def _smaller(wanted: int, current: int) -> int:
    if current == resource.RLIM_INFINITY:
        return wanted
    return min(wanted, current)
