"""The in-process local model. Unit tests here never load the model; the tests marked
`local_model` load the real packaged model once (skipped when it is not installed)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest

from assistworld.llm.cache import ResponseCache, request_key
from assistworld.llm.chat import (
    ChatMessage,
    ChatRequest,
    ChatResponse,
    system_message,
    user_message,
)
from assistworld.llm.errors import ModelConfigError
from assistworld.llm.local import LocalModel, runtime_available
from assistworld.llm.model_package import QWEN25_CODER_1_5B

MODEL_INSTALLED = runtime_available() and not QWEN25_CODER_1_5B.missing_distributions()


def test_unknown_local_model_is_refused() -> None:
    with pytest.raises(ModelConfigError, match="unknown local model 'tiny'"):
        LocalModel(name="tiny")


def test_thread_count_must_be_positive() -> None:
    with pytest.raises(ValueError, match="threads must be at least 1"):
        LocalModel(threads=0, cache=None)


def test_cached_reply_is_served_without_loading_the_model(tmp_path: Path) -> None:
    cache = ResponseCache(tmp_path)
    model = LocalModel(cache=cache)
    request = ChatRequest(model=model.name, messages=(user_message("hi"),))
    cache.put(
        request_key(request, model.endpoint), request, model.endpoint, ChatResponse(text="yo")
    )
    response = asyncio.run(model.complete(ChatRequest(messages=(user_message("hi"),))))
    assert (response.text, response.cached) == ("yo", True)
    assert model._server is None


def test_endpoint_pins_the_model_checksum() -> None:
    assert LocalModel(cache=None).endpoint == f"local:qwen2.5-coder-1.5b@{QWEN25_CODER_1_5B.sha256}"


@pytest.fixture(scope="module")
def local_model(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LocalModel]:
    if not MODEL_INSTALLED:
        pytest.skip("the local model packages are not installed (pip install 'assistworld[local]')")
    model = LocalModel(
        threads=2,
        context_tokens=2048,
        cache=ResponseCache(tmp_path_factory.mktemp("local-cache")),
        use_cache=False,
        prefix_dir=tmp_path_factory.mktemp("prefixes"),
    )
    model.load()
    yield model
    model.close()


@pytest.mark.local_model
def test_real_model_completes_ten_tokens(local_model: LocalModel) -> None:
    request = ChatRequest(messages=(user_message("Write a Python hello world."),), max_tokens=10)
    response = asyncio.run(local_model.complete(request))
    assert response.text.strip()
    assert 0 < response.usage.completion_tokens <= 10
    assert response.usage.prompt_tokens > 5
    assert response.usage.cost_usd == 0.0
    assert response.model == "qwen2.5-coder-1.5b"


@pytest.mark.local_model
def test_real_model_reuses_a_shared_prompt_prefix(local_model: LocalModel) -> None:
    shared = system_message("You answer questions about the calendar library. " * 10)

    def ask(question: str) -> ChatResponse:
        request = ChatRequest(messages=(shared, user_message(question)), max_tokens=1)
        return asyncio.run(local_model.complete(request))

    ask("What is a meeting?")
    second = ask("What is a room?")
    assert second.usage.reused_prompt_tokens > 80
    assert second.usage.reused_prompt_tokens < second.usage.prompt_tokens


@pytest.mark.local_model
def test_a_read_system_prompt_is_restored_in_the_next_process_only_for_that_prompt(
    tmp_path: Path,
) -> None:
    if not MODEL_INSTALLED:
        pytest.skip("the local model packages are not installed (pip install 'assistworld[local]')")
    shared = system_message("You answer questions about the room booking library. " * 40)

    def fresh_model() -> LocalModel:
        return LocalModel(context_tokens=2048, use_cache=False, cache=None, prefix_dir=tmp_path)

    def ask(model: LocalModel, system: ChatMessage, question: str) -> ChatResponse:
        request = ChatRequest(messages=(system, user_message(question)), max_tokens=1)
        return asyncio.run(model.complete(request))

    first = fresh_model()
    told: list[str] = []
    first.listen(told.append)
    assert ask(first, shared, "What is a room?").usage.reused_prompt_tokens == 0
    first.close()
    assert any(line.startswith("reading a new prompt into the local model") for line in told)
    assert len(list(tmp_path.glob("*.slot"))) == 1

    second = fresh_model()
    told.clear()
    second.listen(told.append)
    restored = ask(second, shared, "What is a desk?")
    assert restored.usage.reused_prompt_tokens > 100
    assert any(line.startswith("restoring") for line in told)
    changed = system_message("You answer questions about the calendar library. " * 12)
    assert ask(second, changed, "What is a desk?").usage.reused_prompt_tokens < 20
    second.close()


def test_decoding_threads_are_chosen_at_load_unless_told() -> None:
    chosen = "chosen when the model loads"
    assert LocalModel(threads=2, cache=None).describe()["decode_threads"] == chosen
    assert LocalModel(threads=2, decode_threads=2, cache=None).describe()["decode_threads"] == 2
    assert LocalModel(threads=8, decode_threads=1, cache=None).describe()["decode_threads"] == 1
    with pytest.raises(ValueError, match="decode_threads must be at least 1"):
        LocalModel(decode_threads=0, cache=None)
