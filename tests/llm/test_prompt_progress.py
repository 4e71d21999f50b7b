"""While the local model reads a long prompt, the run says how far it has got."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, ClassVar

import pytest

from assistworld.llm.prompt_progress import processed_tokens, reading_line, watching_the_reading


class _Slots(BaseHTTPRequestHandler):
    processed: ClassVar[list[int]] = []

    def do_GET(self) -> None:
        done = self.processed.pop(0) if len(self.processed) > 1 else self.processed[0]
        body = json.dumps(
            [{"id": 0, "is_processing": True, "n_prompt_tokens_processed": done}]
        ).encode()
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:
        pass


class _Runtime:
    """What the watcher needs of the in-process server: its loopback address."""

    def __init__(self, address: str | None) -> None:
        self.listening_address = address


@pytest.fixture
def runtime() -> Iterator[_Runtime]:
    _Slots.processed = [512, 1024, 2048]
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Slots)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield _Runtime(f"http://127.0.0.1:{server.server_address[1]}")
    server.shutdown()


def test_the_runtime_s_count_is_read_from_the_busy_slot(runtime: _Runtime) -> None:
    assert processed_tokens(runtime) == 512
    assert processed_tokens(_Runtime(None)) is None


def test_progress_lines_follow_the_runtime_and_stop_with_the_request(runtime: _Runtime) -> None:
    said: list[str] = []
    with watching_the_reading(runtime, 4096, 25.0, said.append, interval_s=0.05):
        deadline = time.monotonic() + 5
        while len(said) < 3 and time.monotonic() < deadline:
            time.sleep(0.02)
    count = len(said)
    time.sleep(0.2)
    assert len(said) == count, "nothing is said once the request has returned"
    assert said[0].startswith("reading the prompt: 512 of 4,096 tokens (12 %), about ")
    assert "1,024 of 4,096 tokens (25 %)" in said[1]
    assert all("estimated" not in line for line in said)


def test_without_the_runtime_s_count_it_says_its_estimate() -> None:
    said: list[str] = []
    with watching_the_reading(_Runtime(None), 10_000, 100.0, said.append, interval_s=0.05):
        time.sleep(0.3)
    assert said and all(", estimated), about " in line for line in said)


def test_the_time_left_comes_from_the_rate_measured_so_far() -> None:
    # 1,000 tokens in 50 s: 20 a second, so 3,000 more take 150 s (the guess of 100/s is dropped)
    line = reading_line(1000, 4000, 50.0, 100.0, measured=True)
    assert line == "reading the prompt: 1,000 of 4,000 tokens (25 %), about 0:02:30 left"
    guessed = reading_line(1000, 4000, 10.0, 100.0, measured=False)
    assert guessed.endswith("(25 %, estimated), about 0:00:30 left")
