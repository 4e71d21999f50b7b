"""assistworld: evaluate language-model assistants that act in a simulated world.

``World`` and ``__version__`` are looked up on first use (PEP 562), so that importing any part
of the package (every command does) does not also import the world and the package metadata.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from assistworld.world import World

__all__ = ["World", "__version__"]


def __getattr__(name: str) -> Any:
    if name == "World":
        from assistworld.world import World

        return World
    if name == "__version__":
        import importlib.metadata

        return importlib.metadata.version("assistworld")
    raise AttributeError(f"module 'assistworld' has no attribute {name!r}")
