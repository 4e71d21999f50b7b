"""The run's model clients, as the core sees them.

The runner makes one pool of model clients per run (``assistworld.llm.ModelPool``) and hands it
to the paradigm's agents and judge, which ask it for their models; the core only describes,
listens to and closes it, so this protocol holds just that (the layer below the model clients
cannot name their type).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol


class ModelClients(Protocol):
    """The run's pool of model clients."""

    def describe(self) -> dict[str, Any]:
        """Settings of every model the pool built, by model string (for the manifest)."""
        ...

    def listen(self, listener: Callable[[str], None] | None) -> None:
        """Have the models say what they are doing when it takes long."""
        ...

    def close(self) -> None:
        """Close every model client."""
        ...


__all__ = ["ModelClients"]
