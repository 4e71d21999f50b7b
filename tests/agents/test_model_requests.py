"""The decoding settings every model-driven agent sends, and how a run records them."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from assistworld.agents.model_requests import CallLog, Decoding
from assistworld.core.sampling import solving_sample
from assistworld.llm.cache import ResponseCache, request_key
from assistworld.llm.chat import user_message
from assistworld.llm.loopback import LoopbackServer
from assistworld.llm.openai_compatible import OpenAICompatibleModel


def test_greedy_by_default_and_every_setting_reaches_the_request() -> None:
    assert Decoding().describe() == {"temperature": 0.0, "max_tokens": None, "seed": None}
    settings = Decoding(temperature=0.7, max_tokens=256, seed=3)
    request = settings.request([user_message("plan my trip")])
    assert (request.temperature, request.max_tokens, request.seed) == (0.7, 256, 3)
    assert [message.content for message in request.messages] == ["plan my trip"]
    assert settings.describe() == {"temperature": 0.7, "max_tokens": 256, "seed": 3}


def _asked(server: LoopbackServer, cache: ResponseCache, sample: int) -> bool:
    """Ask one greedy request as sample ``sample`` of a task; True when it came from the cache."""
    client = OpenAICompatibleModel(model="loopback-model", base_url=server.base_url, cache=cache)

    async def solve() -> bool:
        with solving_sample(sample):
            log = CallLog(client)
            response = await log.ask([user_message("plan my trip")])
            return response.cached

    return asyncio.run(solve())


def test_each_sample_is_a_real_request_then_each_replays_its_own_reply(tmp_path: Path) -> None:
    cache = ResponseCache(tmp_path / "cache")
    with LoopbackServer(reply="a plan") as server:
        assert [_asked(server, cache, sample) for sample in (0, 1, 2)] == [False] * 3
        assert server.chat_requests == 3  # greedy and cached, yet every sample was asked
        assert [_asked(server, cache, sample) for sample in (0, 1, 2)] == [True] * 3
        assert server.chat_requests == 3
    stored = sorted(
        json.loads(path.read_text())["request"].get("sample", 0)
        for path in (tmp_path / "cache").glob("??/*.json")
    )
    assert stored == [0, 1, 2]  # the sample is recorded with each cached request


def test_the_first_sample_keeps_the_cache_key_of_a_run_without_samples() -> None:
    request = Decoding().request([user_message("plan my trip")])
    assert request_key(request, "http://x") == request_key(
        request.model_copy(update={"sample": None}), "http://x"
    )
    assert request_key(request, "http://x") != request_key(
        request.model_copy(update={"sample": 1}), "http://x"
    )
