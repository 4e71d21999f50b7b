"""What the zygote prepares once, before any task, for every process it forks to inherit.

Building these per task would cost milliseconds in every agent child (pydantic adapters,
function signatures) and the read-only path list needs ``/proc`` and the imported modules. None of
it holds task data.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from assistworld.sandbox.codec import Codec
from assistworld.sandbox.layers import default_read_only_paths
from assistworld.sandbox.namespaces import library_functions
from assistworld.sandbox.scratch import make_zygote_root


@dataclass(frozen=True)
class Preloaded:
    """Inherited by fork: the Landlock read list, a codec, the library functions and signatures,
    and the zygote's private scratch directory."""

    read_only_paths: list[Path]
    codec: Codec
    functions: dict[str, Callable[..., Any]]
    signatures: dict[str, inspect.Signature]
    scratch_root: Path


def preload() -> Preloaded:
    """Prepare everything (call it in the zygote after the imports, before ``gc.freeze()``)."""
    functions = library_functions()
    return Preloaded(
        read_only_paths=default_read_only_paths(),
        codec=Codec(),
        functions=functions,
        signatures={name: inspect.signature(function) for name, function in functions.items()},
        scratch_root=make_zygote_root(),
    )


__all__ = ["Preloaded", "preload"]
