"""assistworld: evaluate language-model assistants that act in a simulated world."""

from assistworld.world import World

__version__ = "0.1.0"

__all__ = ["World", "__version__"]
