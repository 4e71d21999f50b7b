"""What the zygote prepares once, before any task, for every process it forks to inherit.

Doing this per task would cost milliseconds in every world host and agent child: pydantic
adapters, function signatures, the candidate's proxy namespace, the Landlock read-only rules
(about 200 paths to open) and the seccomp program (libseccomp takes about 2 ms to build it).
The read-only path list needs ``/proc`` and the imported modules. None of it holds task data.
"""

from __future__ import annotations

import ctypes
import inspect
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from assistworld.sandbox.codec import Codec
from assistworld.sandbox.layers import (
    PreparedLayers,
    current_vm_bytes,
    default_read_only_paths,
    prepare_layers,
)
from assistworld.sandbox.library import ProgramLibrary
from assistworld.sandbox.models import Limits
from assistworld.sandbox.namespaces import action_toolset, functions_in
from assistworld.sandbox.reachable import open_up_paths
from assistworld.sandbox.rpc_client import RpcClient, proxy_namespace
from assistworld.sandbox.scratch import make_zygote_root
from assistworld.tools.handback import HandBack
from assistworld.tools.toolset import Toolset


@dataclass(frozen=True)
class Preloaded:
    """Inherited by fork: the Landlock read list and the layers prepared from it, a codec, the
    library functions and signatures, the candidate's namespace (proxies of an RPC client that
    each agent child connects to its own pipes), the C library, the zygote's size and its
    private scratch directory; and the library's toolset, whose calls world hosts record, and
    its hand-back class, which a candidate's hand-back is raised as into evaluation programs."""

    read_only_paths: list[Path]
    layers: PreparedLayers
    codec: Codec
    functions: dict[str, Callable[..., Any]]
    signatures: dict[str, inspect.Signature]
    client: RpcClient
    candidate_namespace: dict[str, Any]
    libc: ctypes.CDLL
    vm_bytes: int
    scratch_root: Path
    toolset: Toolset
    library: ProgramLibrary
    handback: type[HandBack]
    mount_problem: str = ""
    """Why scratch dirs cannot be mounted as size-limited tmpfs here (``""``: they can)."""
    reach_problem: str = ""
    """Why the read-only paths could not be made reachable to other uids (``""``: they are, and
    world hosts and agent children use uids of their own for files too; see ``reachable``)."""


@dataclass(frozen=True)
class SlotSettings:
    """What the orchestrator tells a zygote once, after it started: the limits of every run, the
    unsafe flag, and the address-space limit that follows from them."""

    limits: Limits
    unsafe: bool
    address_space_bytes: int

    @classmethod
    def from_message(cls, message: dict[str, Any], preloaded: Preloaded) -> SlotSettings:
        """The settings in a ``configure`` message (``ValueError`` if malformed)."""
        limits = Limits.model_validate(message["limits"])
        unsafe = message["unsafe"]
        if not isinstance(unsafe, bool):
            raise ValueError("unsafe must be true or false")
        if preloaded.mount_problem and not unsafe:
            raise ValueError(
                "cannot give agent children size-limited scratch file systems "
                f"({preloaded.mount_problem}); refusing to run without them unless unsafe"
            )
        if preloaded.reach_problem and not unsafe:
            raise ValueError(
                "cannot give agent children a filesystem uid of their own "
                f"({preloaded.reach_problem}); refusing to run without one unless unsafe"
            )
        return cls(limits, unsafe, preloaded.vm_bytes + (limits.memory_mb << 20))


def preload(library: ProgramLibrary, mount_problem: str = "") -> Preloaded:
    """Prepare everything (call it in the zygote after the imports, before ``gc.freeze()``);
    ``mount_problem`` says why the zygote could not enter a private mount namespace (without
    one, the read-only paths are not made reachable to other uids either); ``library`` is what
    candidate programs are written against."""
    toolset = action_toolset(library)
    names = toolset.namespace()
    functions = functions_in(names)
    signatures = {name: inspect.signature(function) for name, function in functions.items()}
    codec = Codec(library.value_types())
    client = RpcClient(codec, namespace=names)
    namespace = proxy_namespace(client, signatures, names)
    namespace["__name__"] = "__candidate__"
    read_only = default_read_only_paths()
    scratch_root = make_zygote_root()
    reach_problem = mount_problem or open_up_paths(read_only, scratch_root)
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl.restype = ctypes.c_int
    return Preloaded(
        read_only_paths=read_only,
        layers=prepare_layers(read_only),
        codec=codec,
        functions=functions,
        signatures=signatures,
        client=client,
        candidate_namespace=namespace,
        libc=libc,
        vm_bytes=current_vm_bytes(),
        scratch_root=scratch_root,
        toolset=toolset,
        library=library,
        handback=library.handback_type(),
        mount_problem=mount_problem,
        reach_problem=reach_problem,
    )


__all__ = ["Preloaded", "SlotSettings", "preload"]
