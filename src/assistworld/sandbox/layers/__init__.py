"""Kernel confinement layers a freshly forked, untrusted child applies to itself.

Order matters and is fixed by :func:`apply_layers`: resource limits (the task cap among them),
then the identity change (no capability left, a uid and gid of its own, so the task cap binds),
then Landlock (filesystem allow-list, TCP deny, signal and abstract-socket scoping), then a
seccomp filter (no processes, no network sockets, an ioctl allow-list, no host tampering).
Import this package in the zygote before forking children: it loads ``pyseccomp``, which cannot
load once a child is confined.

Typical use in the zygote and the child::

    report = probe()                       # once, at start-up; print report.summary()
    read_only = default_read_only_paths()  # once, after importing the library
    prepared = prepare_layers(read_only)   # once: opens the paths, compiles the seccomp program
    vm = current_vm_bytes()
    ...
    pid = os.fork()
    if pid == 0:
        apply_layers(LayerConfig(scratch_dir=scratch, read_only_paths=read_only,
                                 address_space_bytes=vm + 512 * 2**20), prepared=prepared)
"""

from __future__ import annotations

from assistworld.sandbox.layers.apply import apply_layers
from assistworld.sandbox.layers.capabilities import MIN_LANDLOCK_ABI, CapabilityReport, probe
from assistworld.sandbox.layers.config import LayerConfig
from assistworld.sandbox.layers.errors import SandboxSetupError
from assistworld.sandbox.layers.paths import default_read_only_paths
from assistworld.sandbox.layers.prepared import PreparedLayers, prepare_layers
from assistworld.sandbox.layers.rlimits import current_vm_bytes

__all__ = [
    "MIN_LANDLOCK_ABI",
    "CapabilityReport",
    "LayerConfig",
    "PreparedLayers",
    "SandboxSetupError",
    "apply_layers",
    "current_vm_bytes",
    "default_read_only_paths",
    "prepare_layers",
    "probe",
]
