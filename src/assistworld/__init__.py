"""assistworld: evaluate language-model assistants that act in a simulated world."""

import importlib.metadata

from assistworld.world import World

__version__ = importlib.metadata.version("assistworld")

__all__ = ["World", "__version__"]
