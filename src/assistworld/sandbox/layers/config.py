"""Settings for the confinement layers of one untrusted child."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from assistworld.sandbox.layers.identity import AGENT_ID_BASE

__all__ = ["LayerConfig"]

_MIB = 1024 * 1024


@dataclass(frozen=True)
class LayerConfig:
    """What the child may touch and how much it may use.

    ``scratch_dir`` is the only writable directory. ``read_only_paths`` are readable (files,
    and directories with everything beneath them); build them with
    ``default_read_only_paths()`` in the zygote. ``address_space_bytes`` is an absolute
    ``RLIMIT_AS`` value (the zygote's ``current_vm_bytes()`` plus headroom), or ``None`` to
    leave it unlimited. Defaults follow the design's limits table.
    """

    scratch_dir: Path
    read_only_paths: list[Path]
    cpu_seconds: int = 15
    address_space_bytes: int | None = None
    file_size_bytes: int = 16 * _MIB
    open_files: int = 64
    max_tasks: int = 32
    """``RLIMIT_NPROC``: tasks (the main thread and every other thread) the child may hold."""
    pending_signals: int = 64
    """``RLIMIT_SIGPENDING``: queued signals and POSIX timers (kernel memory) of the child's uid."""
    id_base: int = AGENT_ID_BASE
    """The child's uid and gid become ``id_base`` plus its pid (see ``identity``)."""
    files_as_root: bool = False
    """Keep filesystem uid 0 (only where the interpreter cannot be made readable to other uids,
    and only when the sandbox was explicitly made unsafe: root's files are then open to the child
    as to their owner, and it can look up any path of the host)."""

    def __post_init__(self) -> None:
        scratch = Path(self.scratch_dir)
        if not scratch.is_absolute():
            raise ValueError(f"scratch_dir must be an absolute path, got {str(scratch)!r}")
        object.__setattr__(self, "scratch_dir", scratch)
        # Paths are kept as they are: rebuilding ~200 of them would cost each child a millisecond.
        read_only = [p if isinstance(p, Path) else Path(p) for p in self.read_only_paths]
        relative = [str(p) for p in read_only if not p.is_absolute()]
        if relative:
            raise ValueError(f"read_only_paths must be absolute paths; relative: {relative}")
        object.__setattr__(self, "read_only_paths", read_only)
        if self.cpu_seconds < 1:
            raise ValueError(f"cpu_seconds must be at least 1, got {self.cpu_seconds}")
        if self.address_space_bytes is not None and self.address_space_bytes <= 0:
            raise ValueError(
                f"address_space_bytes must be positive or None, got {self.address_space_bytes}"
            )
        if self.file_size_bytes < 0:
            raise ValueError(f"file_size_bytes must be >= 0, got {self.file_size_bytes}")
        if self.max_tasks < 1:
            raise ValueError(f"max_tasks must be at least 1, got {self.max_tasks}")
        if not 0 < self.id_base < (1 << 31) - (1 << 22):
            raise ValueError(f"id_base must leave room for every pid, got {self.id_base}")
        if self.open_files < 3:
            raise ValueError(
                f"open_files must be at least 3 (stdin, stdout, stderr), got {self.open_files}"
            )
