"""Reading an OpenAI-style event stream, and the HTTP client's own weight (no SDK import)."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from collections.abc import AsyncIterator

import pytest

from assistworld.llm.openai_wire import server_sent_events


async def _lines(text: str) -> AsyncIterator[str]:
    for line in text.split("\n"):
        yield line


def _events(text: str) -> list[str]:
    async def collect() -> list[str]:
        return [event async for event in server_sent_events(_lines(text))]

    return asyncio.run(collect())


def test_each_event_is_its_data_up_to_the_done_event() -> None:
    stream = 'data: {"a": 1}\n\ndata: {"b": 2}\n\ndata: [DONE]\n\ndata: {"late": 3}\n\n'
    assert _events(stream) == ['{"a": 1}', '{"b": 2}']


def test_comments_other_fields_and_carriage_returns_are_skipped() -> None:
    stream = ': keep-alive\r\n\r\nevent: chunk\r\nid: 7\r\ndata: {"a": 1}\r\n\r\nretry: 5\r\n\r\n'
    assert _events(stream) == ['{"a": 1}']


def test_data_lines_of_one_event_are_joined_and_a_last_event_without_blank_line_counts() -> None:
    assert _events('data: {"a":\ndata: 1}\n\ndata:{"b": 2}') == ['{"a":\n1}', '{"b": 2}']


@pytest.mark.parametrize("module", ["assistworld.llm.openai_compatible", "assistworld.cli"])
def test_asking_a_model_over_http_does_not_import_the_openai_sdk(module: str) -> None:
    """The SDK's import alone cost over a second of CPU per command; requests are plain JSON."""
    code = f"import sys, {module}; print(sorted(m for m in sys.modules if m.startswith('openai')))"
    shown = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert shown.stdout.strip() == "[]"
