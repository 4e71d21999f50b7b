"""Where assistworld keeps its caches (model replies, model files, derived facts)."""

from __future__ import annotations

import os
from pathlib import Path


def user_cache_dir(env_var: str, leaf: str) -> Path:
    """``$<env_var>``, else ``$XDG_CACHE_HOME/assistworld/<leaf>``, else ``~/.cache/...``."""
    explicit = os.environ.get(env_var)
    if explicit:
        return Path(explicit).expanduser()
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg).expanduser() if xdg else Path.home() / ".cache"
    return base / "assistworld" / leaf
