"""Calling a `ChatModel` from synchronous code.

`SyncChatModel` runs the model's coroutines on one private event loop in a background thread, so
the SDK's connection pool and the client's semaphore stay bound to a single loop across calls.
Calls from several threads at once are fine; they share that loop and the client's bound.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Coroutine
from typing import Any, TypeVar

from assistworld.llm.chat import ChatModel, ChatRequest, ChatResponse

T = TypeVar("T")


class SyncChatModel:
    """`complete(request)` without `await`; use as a context manager or call `close()`."""

    def __init__(self, model: ChatModel) -> None:
        self.model = model
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._start_lock = threading.Lock()

    def complete(self, request: ChatRequest) -> ChatResponse:
        return self.run(self.model.complete(request))

    def run(self, coroutine: Coroutine[Any, Any, T]) -> T:
        """Run any coroutine on the private loop and wait for its result."""
        return asyncio.run_coroutine_threadsafe(coroutine, self._running_loop()).result()

    def close(self) -> None:
        with self._start_lock:
            loop, thread = self._loop, self._thread
            self._loop = self._thread = None
        if loop is not None and thread is not None:
            aclose = getattr(self.model, "aclose", None)
            if callable(aclose):
                asyncio.run_coroutine_threadsafe(aclose(), loop).result()
            loop.call_soon_threadsafe(loop.stop)
            thread.join()
            loop.close()

    def __enter__(self) -> SyncChatModel:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def _running_loop(self) -> asyncio.AbstractEventLoop:
        with self._start_lock:
            if self._loop is None:
                loop = asyncio.new_event_loop()
                thread = threading.Thread(
                    target=loop.run_forever, name="assistworld-llm-sync", daemon=True
                )
                thread.start()
                self._loop, self._thread = loop, thread
            return self._loop


def complete_sync(model: ChatModel, request: ChatRequest) -> ChatResponse:
    """One request from synchronous code (starts and stops a loop: prefer `SyncChatModel`)."""
    with SyncChatModel(model) as sync_model:
        return sync_model.complete(request)
