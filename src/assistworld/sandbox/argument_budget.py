"""What a candidate's library calls may send the world host: the world keeps what it is sent.

Two limits (``Limits.max_string_chars`` and ``Limits.max_argument_bytes``): no string in a call's
arguments may be longer than the first, and all the calls of one run may not send more bytes
than the second. Either one passed ends the run as ``memory_limit``; without them, 700 calls
carrying a 1 MiB note each grew a world host to 727 MiB.
"""

from __future__ import annotations

from typing import Any

from assistworld.sandbox.models import Limits


class ArgumentBudget:
    """The argument limits of one run (the world host's side)."""

    def __init__(self, limits: Limits) -> None:
        self._limits = limits
        self.sent_bytes = 0

    def charge(self, name: str, size: int, args: list[Any], kwargs: dict[str, Any]) -> str | None:
        """Count a call of ``name`` whose message is ``size`` bytes; the reason the run must end,
        or None."""
        limits = self._limits
        longest = limits.max_string_chars
        self.sent_bytes += size
        if self.sent_bytes > limits.max_argument_bytes:
            return f"the library calls sent more than {_size(limits.max_argument_bytes)}"
        # A string longer than the limit needs a message at least that long.
        if size > longest and has_long_string([args, kwargs], longest):
            return f"{name[:60]}() got a string of more than {longest} characters"
        return None


def _size(count: int) -> str:
    return f"{count >> 20} MiB" if count >= 1 << 20 else f"{count} bytes"


def has_long_string(value: Any, limit: int) -> bool:
    """Whether the JSON value holds a string (or an object key) longer than ``limit``."""
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            if len(item) > limit:
                return True
        elif isinstance(item, list):
            pending.extend(item)
        elif isinstance(item, dict):
            pending.extend(item.keys())
            pending.extend(item.values())
    return False


__all__ = ["ArgumentBudget", "has_long_string"]
