"""Fixtures for the model-layer tests: a loopback server, a private cache directory, and a
sleep that records requested waits instead of sleeping."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from assistworld.llm.cache import ResponseCache
from assistworld.llm.loopback import LoopbackServer
from tests.llm.helpers import RecordingSleep


@pytest.fixture
def server() -> Iterator[LoopbackServer]:
    with LoopbackServer(reply=lambda body: f"echo: {body['messages'][-1]['content']}") as running:
        yield running


@pytest.fixture
def sleep() -> RecordingSleep:
    return RecordingSleep()


@pytest.fixture
def cache(tmp_path: Path) -> ResponseCache:
    return ResponseCache(tmp_path / "cache")
