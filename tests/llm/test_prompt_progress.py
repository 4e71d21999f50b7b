"""While the local model reads a long prompt, the run says how far it has got."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, ClassVar

import pytest

from assistworld.llm.prompt_progress import (
    ReadingPace,
    processed_tokens,
    reading_line,
    watching_the_reading,
)


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
    clock = _Clock()
    with watching_the_reading(
        runtime, 4096, 1.0, said.append, interval_s=0.05, clock=clock.advancing(10.0)
    ):
        deadline = time.monotonic() + 5
        while len(said) < 3 and time.monotonic() < deadline:
            time.sleep(0.02)
    count = len(said)
    time.sleep(0.2)
    assert len(said) == count, "nothing is said once the request has returned"
    # 512 tokens after 10 s: 51.2 a second, so 3,584 more take 70 s
    assert said[0] == "reading the prompt: 512 of 4,096 tokens (12 %), about 0:01:10 left"
    assert said[1].startswith("reading the prompt: 1,024 of 4,096 tokens (25 %), about ")


class _Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def advancing(self, step: float) -> Callable[[], float]:
        def tick() -> float:
            value = self.now
            self.now += step
            return value

        return tick


def test_without_the_runtime_s_count_it_says_its_estimate() -> None:
    said: list[str] = []
    with watching_the_reading(_Runtime(None), 10_000, 100.0, said.append, interval_s=0.05):
        time.sleep(0.3)
    assert said and all(", estimated), about " in line for line in said)


def test_between_the_runtime_s_steps_the_count_goes_on_at_the_last_step_s_rate() -> None:
    pace = ReadingPace(4871, 25.0)
    assert pace.at(30.0, 0) == (750, True), "before the first step: this machine's last rate"
    assert pace.at(60.0, 2048) == (2048, False), "a step: 2,048 in 60 s, 34 a second"
    assert pace.at(90.0, 2048) == (3072, True), "the runtime's count stands still; ours goes on"
    assert pace.at(400.0, 2048) == (4870, True), "never past the last token"
    line = reading_line(3072, 4871, pace.rate, estimated=True)
    assert line.startswith("reading the prompt: 3,072 of 4,871 tokens (63 %, estimated), about ")
