"""The run's model clients as the agents ask them for models.

The core hands a paradigm the run's pool as a :class:`~assistworld.core.model_clients.
ModelClients` (it cannot name the model clients' type, which sit above it); the agents need the
pool itself, to ask it for each role's model.
"""

from __future__ import annotations

from typing import overload

from assistworld.core.model_clients import ModelClients
from assistworld.llm import ModelSource


@overload
def model_pool(models: ModelClients) -> ModelSource: ...


@overload
def model_pool(models: None) -> None: ...


def model_pool(models: ModelClients | None) -> ModelSource | None:
    """``models`` as the :class:`~assistworld.llm.ModelSource` it is (the run's pool, or
    Inspect's roles); None stays None: the agent makes its own pool."""
    if models is None or isinstance(models, ModelSource):
        return models
    raise TypeError(f"agents ask a ModelSource for their models, not a {type(models).__name__}")


__all__ = ["model_pool"]
