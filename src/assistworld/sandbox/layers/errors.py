"""The error raised when a confinement layer cannot be put in place."""

from __future__ import annotations

from assistworld.core.errors import UserError

__all__ = ["SandboxSetupError"]


class SandboxSetupError(UserError, RuntimeError):
    """A confinement layer could not be applied; the process must not run untrusted code.

    ``layer`` names the layer that failed (``"rlimits"``, ``"identity"``, ``"landlock"`` or
    ``"seccomp"``).
    Layers applied before the failure stay in force (none of them can be undone), so the
    process that saw this error should report it and exit.
    """

    def __init__(self, layer: str, reason: str) -> None:
        super().__init__(f"cannot apply the {layer} sandbox layer: {reason}")
        self.layer = layer
        self.reason = reason
