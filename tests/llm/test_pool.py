"""Building models for roles from model strings."""

from __future__ import annotations

import asyncio
import gc
import sys
from pathlib import Path

import pytest

from assistworld.llm.errors import ModelConfigError
from assistworld.llm.local import LocalModel
from assistworld.llm.loopback import LoopbackServer
from assistworld.llm.openai_compatible import OpenAICompatibleModel
from assistworld.llm.pool import ClientSettings, ModelPool
from tests.llm.helpers import ask


def test_same_string_gives_the_same_client_for_every_role(tmp_path: Path) -> None:
    pool = ModelPool(ClientSettings(cache_dir=tmp_path), environ={})
    agent = pool.get("openai-compatible:m@http://127.0.0.1:9/v1")
    judge = pool.get("openai-compatible:m@http://127.0.0.1:9/v1/")
    other = pool.get("openai-compatible:n@http://127.0.0.1:9/v1")
    assert agent is judge
    assert other is not agent
    assert set(pool.describe()) == {
        "openai-compatible:m@http://127.0.0.1:9/v1",
        "openai-compatible:n@http://127.0.0.1:9/v1",
    }


def test_openai_models_get_the_key_and_max_completion_tokens(tmp_path: Path) -> None:
    pool = ModelPool(ClientSettings(cache_dir=tmp_path), environ={"OPENAI_API_KEY": "sk-test"})
    model = pool.get("openai:gpt-4o")
    assert isinstance(model, OpenAICompatibleModel)
    assert (model.api_key, model.key_env) == ("sk-test", "OPENAI_API_KEY")
    assert model.max_tokens_field == "max_completion_tokens"
    assert model.base_url == "https://api.openai.com/v1"
    assert "sk-test" not in str(pool.describe())


def test_settings_reach_the_client_and_no_cache_means_every_call_is_made(tmp_path: Path) -> None:
    settings = ClientSettings(cache_dir=tmp_path, use_cache=False, concurrency=3, seed=9)
    with LoopbackServer(reply="hi") as server:
        pool = ModelPool(settings, environ={})
        model = pool.get(f"openai-compatible:loopback-model@{server.base_url}")
        assert isinstance(model, OpenAICompatibleModel)
        assert (model.concurrency, model.seed, model.use_cache) == (3, 9, False)
        for _ in range(2):
            asyncio.run(model.complete(ask("same")))
        assert server.chat_requests == 2
        asyncio.run(pool.aclose())


def test_local_model_is_shared_and_not_loaded_until_used(tmp_path: Path) -> None:
    pool = ModelPool(ClientSettings(cache_dir=tmp_path, local_threads=1), environ={})
    agent = pool.get("local:qwen2.5-coder-1.5b")
    user = pool.get("local:qwen2.5-coder-1.5b")
    assert agent is user
    assert isinstance(agent, LocalModel)
    assert agent.threads == 1
    assert agent.describe()["sha256"] == agent.model_file.sha256
    assert agent._server is None


def test_closing_after_the_run_loop_ended_prints_no_event_loop_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A run asks its model inside one event loop and the pool is closed after that loop has
    ended: its connections are dropped, never closed on the new loop ("Event loop is closed"
    tracebacks after every run)."""
    errors: list[dict[str, object]] = []

    def loop_errors(loop: asyncio.AbstractEventLoop, context: dict[str, object]) -> None:
        errors.append(context)

    async def ask_once(model: OpenAICompatibleModel) -> None:
        asyncio.get_running_loop().set_exception_handler(loop_errors)
        await model.complete(ask("hello"))

    with LoopbackServer(reply="hi") as server:
        pool = ModelPool(ClientSettings(cache_dir=tmp_path, use_cache=False), environ={})
        model = pool.get(f"openai-compatible:loopback-model@{server.base_url}")
        assert isinstance(model, OpenAICompatibleModel)
        asyncio.run(ask_once(model))
        original = asyncio.events.new_event_loop

        def watched_loop() -> asyncio.AbstractEventLoop:
            loop = original()
            loop.set_exception_handler(loop_errors)
            return loop

        monkeypatch.setattr(asyncio.events, "new_event_loop", watched_loop)
        pool.close()
        gc.collect()
        assert server.chat_requests == 1
    assert errors == []
    assert "Event loop is closed" not in capsys.readouterr().err


def test_a_model_over_http_without_httpx_installed_names_the_extra_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "httpx", None)
    monkeypatch.delitem(sys.modules, "assistworld.llm.openai_compatible", raising=False)
    pool = ModelPool(ClientSettings(cache_dir=tmp_path), environ={})
    with pytest.raises(ModelConfigError, match=r"'httpx'.*pip install 'assistworld\[llm\]'"):
        pool.get("openai-compatible:some-model@http://127.0.0.1:9/v1")


def test_an_inspect_role_is_refused_outside_inspect_naming_our_model_strings() -> None:
    with pytest.raises(ModelConfigError) as refused:
        ModelPool().get("inspect:model")
    assert "exists only while `inspect eval assistworld/<suite>` runs" in str(refused.value)
    assert "openai-compatible:MODEL@BASE_URL" in str(refused.value)
