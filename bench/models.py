"""Throughput of the model layer: concurrency, the disk cache, and local prompt-prefix reuse.

1. Against the loopback server with 300 ms latency per request: wall time of 100 distinct
   requests at concurrency 1, 8 and 32 next to the ideal (requests x latency / concurrency), and
   the time of the same 100 requests again (all answered from the disk cache, no requests made).
   Each client first sends one untimed request per slot, so connections are open when timing
   starts. The server runs in a process of its own, as a real one would: in the client's process
   its request threads would compete with the client for the interpreter lock.
   With 32 slots, 100 requests take at least 4 rounds of 300 ms: the floor is 1.2 s, 1.28x the
   ideal; the "rounds floor" column shows it.
2. If the local model is installed: seconds per request on a ~3,000-token shared prefix with short
   suffixes, with prompt-prefix reuse on and off (first, cold request shown separately).

Run: ``python bench/models.py`` (add ``--skip-local`` to leave out part 2, which takes minutes).
"""

from __future__ import annotations

import argparse
import asyncio
import math
import multiprocessing
import pydoc
import tempfile
import time
from multiprocessing.connection import Connection
from pathlib import Path

from assistworld.llm.cache import ResponseCache
from assistworld.llm.chat import ChatRequest, ChatResponse, system_message, user_message
from assistworld.llm.local import LocalModel, runtime_available
from assistworld.llm.loopback import LoopbackServer
from assistworld.llm.model_package import QWEN25_CODER_1_5B
from assistworld.llm.openai_compatible import OpenAICompatibleModel

LATENCY_S = 0.3
REQUESTS = 100
CONCURRENCY = (1, 8, 32)
PREFIX_CHARACTERS = 11_000  # about 3,000 tokens of English prose and code for Qwen's tokenizer
SUFFIXES = (
    "In one sentence, what does this module do?",
    "Name one function it defines.",
    "Name one class it defines.",
    "Which argument controls indentation?",
)


def _ask(text: str) -> ChatRequest:
    return ChatRequest(messages=(user_message(text),), max_tokens=16)


async def _burst(model: OpenAICompatibleModel, requests: list[ChatRequest]) -> float:
    started = time.perf_counter()
    await asyncio.gather(*(model.complete(r) for r in requests))
    return time.perf_counter() - started


async def _live_then_cached(
    model: OpenAICompatibleModel,
    server: ServerProcess,
    warm_up: list[ChatRequest],
    requests: list[ChatRequest],
) -> tuple[float, float, int, int]:
    """Open the connections first (not timed), then time the run and its cached repeat."""
    await _burst(model, warm_up)
    before = server.chat_requests
    live = await _burst(model, requests)
    made = server.chat_requests - before
    cached = await _burst(model, requests)
    return live, cached, made, server.chat_requests - before - made


def _serve(connection: Connection) -> None:
    """The server process: report the URL, then answer request counts until told to stop."""
    with LoopbackServer(reply="a short reply", latency_s=LATENCY_S) as server:
        connection.send(server.base_url)
        while connection.recv() == "count":
            connection.send(server.chat_requests)


class ServerProcess:
    """A loopback server in a child process, with the two things the bench reads from it."""

    def __init__(self) -> None:
        self._connection, child_end = multiprocessing.Pipe()
        self._process = multiprocessing.get_context("fork").Process(
            target=_serve, args=(child_end,), daemon=True
        )

    def __enter__(self) -> ServerProcess:
        self._process.start()
        self.base_url: str = self._connection.recv()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._connection.send("stop")
        self._process.join(timeout=10)

    @property
    def chat_requests(self) -> int:
        self._connection.send("count")
        count: int = self._connection.recv()
        return count


def loopback_rows() -> list[tuple[str, ...]]:
    rows: list[tuple[str, ...]] = []
    requests = [_ask(f"request number {n}") for n in range(REQUESTS)]
    with ServerProcess() as server:
        for concurrency in CONCURRENCY:
            with tempfile.TemporaryDirectory() as directory:
                model = OpenAICompatibleModel(
                    model="bench",
                    base_url=server.base_url,
                    cache=ResponseCache(directory),
                    concurrency=concurrency,
                )
                warm_up = [_ask(f"warm-up {n}") for n in range(concurrency)]
                live, cached, made, repeat_made = asyncio.run(
                    _live_then_cached(model, server, warm_up, requests)
                )
            ideal = REQUESTS * LATENCY_S / concurrency
            floor = math.ceil(REQUESTS / concurrency) * LATENCY_S
            rows.append(
                (
                    str(concurrency),
                    f"{ideal:.2f}",
                    f"{floor / ideal:.2f}",
                    f"{live:.2f}",
                    f"{live / ideal:.2f}",
                    f"{made}",
                    f"{cached:.3f}",
                    f"{repeat_made}",
                )
            )
    return rows


def _long_prefix() -> str:
    import json

    text = pydoc.render_doc(json, renderer=pydoc.plaintext)  # type: ignore[attr-defined]
    return "Reference documentation:\n\n" + text[:PREFIX_CHARACTERS]


def _local_series(prefix_reuse: bool, prefix: str) -> list[tuple[float, ChatResponse]]:
    model = LocalModel(
        threads=2, context_tokens=8192, prefix_reuse=prefix_reuse, cache=None, use_cache=False
    )
    model.load()
    results = []
    for suffix in SUFFIXES:
        request = ChatRequest(messages=(system_message(prefix), user_message(suffix)), max_tokens=8)
        started = time.perf_counter()
        response = asyncio.run(model.complete(request))
        results.append((time.perf_counter() - started, response))
    model.close()
    return results


def local_rows() -> list[tuple[str, ...]]:
    prefix = _long_prefix()
    rows: list[tuple[str, ...]] = []
    for reuse in (False, True):
        started = time.perf_counter()
        series = _local_series(reuse, prefix)
        total = time.perf_counter() - started
        first_s, first = series[0]
        later = series[1:]
        rows.append(
            (
                "on" if reuse else "off",
                str(first.usage.prompt_tokens),
                f"{first_s:.2f}",
                f"{sum(s for s, _ in later) / len(later):.2f}",
                f"{sum(r.usage.reused_prompt_tokens for _, r in later) / len(later):.0f}",
                f"{total:.1f}",
            )
        )
    return rows


def _table(title: str, header: tuple[str, ...], rows: list[tuple[str, ...]]) -> str:
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(header)]
    lines = [title, "  ".join(h.rjust(w) for h, w in zip(header, widths, strict=True))]
    lines += ["  ".join(c.rjust(w) for c, w in zip(row, widths, strict=True)) for row in rows]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--skip-local", action="store_true", help="leave out the local model")
    arguments = parser.parse_args()

    print(
        _table(
            f"Loopback server, {REQUESTS} requests, {LATENCY_S * 1000:.0f} ms latency each",
            (
                "concurrency",
                "ideal s",
                "rounds floor",
                "wall s",
                "wall/ideal",
                "requests",
                "repeat s (cached)",
                "repeat requests",
            ),
            loopback_rows(),
        )
    )
    installed = runtime_available() and not QWEN25_CODER_1_5B.missing_distributions()
    if arguments.skip_local or not installed:
        reason = "skipped" if arguments.skip_local else "not installed"
        print(f"\nLocal model: {reason}")
        return
    print()
    print(
        _table(
            f"Local model {Path(QWEN25_CODER_1_5B.filename).stem}, 2 threads, "
            f"{len(SUFFIXES)} requests on one shared prefix, 8 new tokens each",
            (
                "prefix reuse",
                "prompt tokens",
                "first s",
                "later s/request",
                "reused tokens/request",
                "total s",
            ),
            local_rows(),
        )
    )


if __name__ == "__main__":
    main()
