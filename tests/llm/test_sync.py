"""Calling models from synchronous code."""

from __future__ import annotations

import threading

from assistworld.llm.cache import ResponseCache
from assistworld.llm.loopback import LoopbackServer
from assistworld.llm.sync import SyncChatModel, complete_sync
from tests.llm.helpers import RecordingSleep, ask, make_client


def test_sync_wrapper_serves_many_calls_on_one_loop(
    server: LoopbackServer, cache: ResponseCache, sleep: RecordingSleep
) -> None:
    client = make_client(server, cache, sleep, use_cache=False)
    with SyncChatModel(client) as model:
        texts = [model.complete(ask(f"n{n}")).text for n in range(5)]
    assert texts == [f"echo: n{n}" for n in range(5)]
    assert server.chat_requests == 5


def test_sync_wrapper_is_usable_from_several_threads_under_the_bound(
    cache: ResponseCache, sleep: RecordingSleep
) -> None:
    with LoopbackServer(reply="ok", latency_s=0.2) as server:
        client = make_client(server, cache, sleep, use_cache=False, concurrency=2)
        results: list[str] = []
        with SyncChatModel(client) as model:
            threads = [
                threading.Thread(
                    target=lambda n=n: results.append(model.complete(ask(str(n))).text)
                )
                for n in range(8)
            ]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
        assert results == ["ok"] * 8
        assert server.max_in_flight == 2


def test_complete_sync_one_off(
    server: LoopbackServer, cache: ResponseCache, sleep: RecordingSleep
) -> None:
    assert complete_sync(make_client(server, cache, sleep), ask("x")).text == "echo: x"
