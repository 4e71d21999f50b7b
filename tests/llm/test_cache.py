"""The disk cache: stable keys over the full request, atomic entries, and re-runs that make no
requests (counted at the loopback server)."""

from __future__ import annotations

import asyncio
import json
import threading
from pathlib import Path

import pytest

from assistworld.llm.cache import ResponseCache, default_cache_dir, request_key
from assistworld.llm.chat import ChatRequest, ChatResponse, ResponseFormat, Usage, user_message
from assistworld.llm.loopback import LoopbackServer
from tests.llm.helpers import RecordingSleep, ask, make_client

BASE = ask("plan my day", temperature=0.0, seed=1)
TOOL = {"type": "function", "function": {"name": "f", "parameters": {"type": "object"}}}
URL = "http://127.0.0.1:8000/v1"


def test_key_is_stable_and_ignores_dict_order() -> None:
    first = ChatRequest(messages=(user_message("x"),), tools=({"type": "function", **TOOL},))
    reordered_tool = {
        "function": {"parameters": {"type": "object"}, "name": "f"},
        "type": "function",
    }
    second = ChatRequest(messages=(user_message("x"),), tools=(reordered_tool,))
    assert request_key(first, URL) == request_key(second, URL)
    assert request_key(BASE, URL) == request_key(ask("plan my day", temperature=0.0, seed=1), URL)
    assert len(request_key(BASE, URL)) == 64


@pytest.mark.parametrize(
    "changed",
    [
        pytest.param(BASE.model_copy(update={"seed": 2}), id="seed"),
        pytest.param(BASE.model_copy(update={"temperature": 0.5}), id="temperature"),
        pytest.param(BASE.model_copy(update={"max_tokens": 10}), id="max_tokens"),
        pytest.param(BASE.model_copy(update={"stop": ("x",)}), id="stop"),
        pytest.param(BASE.model_copy(update={"model": "other"}), id="model"),
        pytest.param(BASE.model_copy(update={"tools": (TOOL,)}), id="tools"),
        pytest.param(
            BASE.model_copy(update={"response_format": ResponseFormat(json_schema={})}),
            id="response_format",
        ),
        pytest.param(ask("plan my night", temperature=0.0, seed=1), id="messages"),
    ],
)
def test_key_changes_with_every_part_of_the_request(changed: ChatRequest) -> None:
    assert request_key(changed, URL) != request_key(BASE, URL)


def test_key_changes_with_the_endpoint() -> None:
    assert request_key(BASE, URL) != request_key(BASE, "http://127.0.0.1:9000/v1")


def test_stored_response_comes_back_marked_cached(tmp_path: Path) -> None:
    cache = ResponseCache(tmp_path)
    response = ChatResponse(text="hi", usage=Usage(prompt_tokens=3, completion_tokens=1))
    key = request_key(BASE, URL)
    assert cache.get(key) is None
    path = cache.put(key, BASE, URL, response)
    assert path.parent.name == key[:2]
    stored = json.loads(path.read_text())
    assert stored["request"]["messages"][0]["content"] == "plan my day"
    assert stored["response"]["cached"] is False
    assert cache.get(key) == response.model_copy(update={"cached": True})
    assert len(cache) == 1


@pytest.mark.parametrize(
    "content", ["", "{not json", '{"key": "other"}', '{"key": "K", "response": 3}']
)
def test_corrupt_entry_is_a_miss(tmp_path: Path, content: str) -> None:
    cache = ResponseCache(tmp_path)
    key = request_key(BASE, URL)
    path = cache.path_for(key)
    path.parent.mkdir(parents=True)
    path.write_text(content.replace("K", key))
    assert cache.get(key) is None
    cache.put(key, BASE, URL, ChatResponse(text="fresh"))
    hit = cache.get(key)
    assert hit is not None and hit.text == "fresh"


def test_concurrent_writers_leave_only_complete_entries(tmp_path: Path) -> None:
    cache = ResponseCache(tmp_path)
    requests = [ask(f"q{n % 5}") for n in range(40)]

    def write(index: int) -> None:
        request = requests[index]
        text = request.messages[0].content or ""
        cache.put(request_key(request, URL), request, URL, ChatResponse(text=text * 500))

    threads = [threading.Thread(target=write, args=(n,)) for n in range(40)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(cache) == 5
    assert not [p for p in tmp_path.rglob("*") if p.is_file() and p.name.startswith(".")]
    for n in range(5):
        hit = cache.get(request_key(ask(f"q{n}"), URL))
        assert hit is not None and hit.text == f"q{n}" * 500


def test_default_directory_follows_the_environment(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("ASSISTWORLD_CACHE_DIR", str(tmp_path / "explicit"))
    assert default_cache_dir() == tmp_path / "explicit"
    assert ResponseCache().directory == tmp_path / "explicit"
    monkeypatch.delenv("ASSISTWORLD_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert default_cache_dir() == tmp_path / "xdg" / "assistworld" / "llm"
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert default_cache_dir() == Path.home() / ".cache" / "assistworld" / "llm"


def test_repeated_run_makes_no_requests(
    server: LoopbackServer, cache: ResponseCache, sleep: RecordingSleep
) -> None:
    questions = [ask(f"question {n}") for n in range(6)]

    async def run() -> list[ChatResponse]:
        client = make_client(server, cache, sleep)
        return await asyncio.gather(*(client.complete(q) for q in questions))

    first = asyncio.run(run())
    assert server.chat_requests == 6
    second = asyncio.run(run())
    assert server.chat_requests == 6
    assert [r.cached for r in first] == [False] * 6
    assert [r.cached for r in second] == [True] * 6
    assert [r.text for r in second] == [r.text for r in first]
    assert [r.usage for r in second] == [r.usage for r in first]


def test_no_cache_flag_calls_the_server_every_time(
    server: LoopbackServer, cache: ResponseCache, sleep: RecordingSleep
) -> None:
    client = make_client(server, cache, sleep, use_cache=False)
    for _ in range(3):
        assert asyncio.run(client.complete(ask("same"))).cached is False
    assert server.chat_requests == 3
    assert len(cache) == 0


def test_same_model_on_another_server_is_not_a_hit(
    cache: ResponseCache, sleep: RecordingSleep
) -> None:
    with LoopbackServer(reply="from A") as first, LoopbackServer(reply="from B") as second:
        assert asyncio.run(make_client(first, cache, sleep).complete(ask("q"))).text == "from A"
        response = asyncio.run(make_client(second, cache, sleep).complete(ask("q")))
        assert (response.text, response.cached) == ("from B", False)
        assert second.chat_requests == 1


def test_failed_calls_are_not_cached(
    server: LoopbackServer, cache: ResponseCache, sleep: RecordingSleep
) -> None:
    from assistworld.llm.errors import ModelCallError
    from assistworld.llm.loopback import Fault

    client = make_client(server, cache, sleep)
    server.enqueue(Fault.bad_request())
    with pytest.raises(ModelCallError):
        asyncio.run(client.complete(ask("q")))
    assert asyncio.run(client.complete(ask("q"))).text == "echo: q"
    assert server.chat_requests == 2
