"""The mark for tests that need root: the full sandbox gives every agent child and world host a
uid of its own and mounts their scratch file systems, which only root can do (as any other user
it refuses to start unless unsafe; ``test_without_root`` checks that)."""

from __future__ import annotations

import os

import pytest

needs_root = pytest.mark.skipif(
    os.geteuid() != 0,
    reason="needs root: the sandbox gives agent children and world hosts uids of their own and "
    "mounts their scratch file systems (without root it refuses to start unless --unsafe)",
)
