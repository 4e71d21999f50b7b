"""Client for OpenAI-compatible chat servers (OpenAI, vLLM, SGLang, llama.cpp, Ollama, LiteLLM).

Transport, authentication and response types come from the official `openai` SDK (`AsyncOpenAI`)
with its own retries switched off; retries, caching, the concurrency bound and cost estimates are
ours. Each attempt is classified: timeouts, connection errors, 408/409/429, 5xx, malformed JSON and
streams that end before a finish reason are transient and retried; other 4xx fail at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import httpx
import openai
from openai.types.chat import ChatCompletion

from assistworld.llm.cache import ResponseCache, request_key
from assistworld.llm.chat import ChatRequest, ChatResponse, Usage
from assistworld.llm.errors import FailureKind, ModelCallError, TransientCallError
from assistworld.llm.openai_wire import (
    StreamAssembler,
    WireCompletion,
    completion_from_json,
    malformed,
    request_kwargs,
)
from assistworld.llm.pricing import PriceTable
from assistworld.llm.retry import RetryPolicy, Sleep, call_with_retries, parse_retry_after

RETRYABLE_STATUS = frozenset({408, 409, 429})
REQUESTS_PER_CLIENT = 4
"""Requests in flight that one SDK client (one HTTP connection pool) carries. httpx's pool walks
all its connections, some of them twice over, each time a request starts or ends, so its cost per
request grows with the pool's size; at 16 requests in flight one pool spent more CPU on that than
on the rest of the request. Requests are spread over ``ceil(concurrency / 4)`` clients instead."""


@dataclass
class _LoopResources:
    """The SDK clients and semaphore of one event loop (all bind to the loop that uses them)."""

    loop: asyncio.AbstractEventLoop
    clients: tuple[openai.AsyncOpenAI, ...]
    semaphore: asyncio.Semaphore
    in_flight: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.in_flight = [0] * len(self.clients)

    @contextlib.contextmanager
    def lane(self) -> Iterator[openai.AsyncOpenAI]:
        """The client with the fewest requests in flight, held for one request."""
        index = min(range(len(self.clients)), key=self.in_flight.__getitem__)
        self.in_flight[index] += 1
        try:
            yield self.clients[index]
        finally:
            self.in_flight[index] -= 1


@dataclass
class OpenAICompatibleModel:
    """A `ChatModel` for one model on one OpenAI-compatible server.

    `api_key` None sends a placeholder (servers without authentication ignore it);
    `key_env` only names the variable in error messages. `max_tokens_field` is
    `"max_completion_tokens"` for OpenAI itself (its reasoning models refuse `max_tokens`).
    A request keeps its concurrency slot while it waits to retry, so backoff also lowers the
    load on a server that is rate-limiting. The bound holds per event loop.
    """

    model: str
    base_url: str
    api_key: str | None = None
    key_env: str | None = None
    cache: ResponseCache | None = field(default_factory=ResponseCache)
    use_cache: bool = True
    concurrency: int = 8
    timeout_s: float = 120.0
    retry: RetryPolicy = field(default_factory=RetryPolicy)
    seed: int = 0
    stream: bool = False
    max_tokens_field: str = "max_tokens"
    prices: PriceTable = field(default_factory=PriceTable)
    sleep: Sleep = asyncio.sleep
    _rng: random.Random = field(init=False, repr=False)
    _resources: _LoopResources | None = field(init=False, default=None, repr=False)

    def __post_init__(self) -> None:
        if self.concurrency < 1:
            raise ValueError(f"concurrency must be at least 1, got {self.concurrency}")
        self.base_url = self.base_url.rstrip("/")
        self._rng = random.Random(self.seed)

    @property
    def endpoint(self) -> str:
        return self.base_url

    def describe(self) -> dict[str, Any]:
        """Settings for the run manifest (never the key)."""
        return {
            "client": "openai-compatible",
            "model": self.model,
            "base_url": self.base_url,
            "concurrency": self.concurrency,
            "timeout_s": self.timeout_s,
            "stream": self.stream,
            "retry": {
                "max_attempts": self.retry.max_attempts,
                "base_wait_s": self.retry.base_wait_s,
                "max_wait_s": self.retry.max_wait_s,
                "seed": self.seed,
            },
            "cache_dir": str(self.cache.directory) if self.cache and self.use_cache else None,
        }

    async def complete(self, request: ChatRequest) -> ChatResponse:
        request = request.with_model(request.model or self.model)
        cache = self.cache if self.use_cache else None
        key = request_key(request, self.endpoint)
        if cache is not None and (hit := cache.get(key)) is not None:
            return hit
        resources = self._loop_resources()
        async with resources.semaphore:
            started = time.perf_counter()
            with resources.lane() as client:
                wire, attempts = await call_with_retries(
                    lambda: self._attempt(client, request),
                    policy=self.retry,
                    rng=self._rng,
                    sleep=self.sleep,
                    describe=f"chat completion for {request.model!r} at {self.base_url}",
                )
            latency = time.perf_counter() - started
        response = self._response(wire, str(request.model), latency, attempts)
        if cache is not None:
            cache.put(key, request, self.endpoint, response)
        return response

    async def aclose(self) -> None:
        """Close the HTTP connections (only possible on the loop that opened them)."""
        resources, self._resources = self._resources, None
        if resources is not None and resources.loop is asyncio.get_running_loop():
            for client in resources.clients:
                await client.close()

    # one attempt ------------------------------------------------------------------------------

    async def _attempt(self, client: openai.AsyncOpenAI, request: ChatRequest) -> WireCompletion:
        kwargs = request_kwargs(request, self.max_tokens_field)
        try:
            if self.stream:
                return await self._streamed(client, _raw_tools(kwargs))
            completion = await client.post(  # the body as it is: see _raw_tools
                "/chat/completions",
                body=kwargs,
                cast_to=ChatCompletion,
                options={"security": {"bearer_auth": True}},
            )
            payload: Any = completion.to_dict() if hasattr(completion, "to_dict") else completion
            if not isinstance(payload, dict):
                raise malformed(f"the body is not a JSON object but {type(payload).__name__}")
            return completion_from_json(payload)
        except openai.APIStatusError as error:
            raise self._status_error(error) from error
        except openai.APITimeoutError as error:
            raise TransientCallError(
                f"no answer within {self.timeout_s} s", kind=FailureKind.TIMEOUT
            ) from error
        except httpx.TimeoutException as error:
            raise TransientCallError(
                f"the stream stalled for {self.timeout_s} s", kind=FailureKind.TIMEOUT
            ) from error
        except openai.APIConnectionError as error:
            cause = error.__cause__ or error
            raise TransientCallError(
                f"connection failed: {cause}", kind=FailureKind.CONNECTION
            ) from error
        except httpx.TransportError as error:
            raise TransientCallError(
                f"connection broke mid-stream: {error}", kind=FailureKind.TRUNCATED_STREAM
            ) from error
        except (json.JSONDecodeError, openai.APIResponseValidationError) as error:
            raise malformed(str(error)) from error

    async def _streamed(self, client: openai.AsyncOpenAI, kwargs: dict[str, Any]) -> WireCompletion:
        stream = await client.chat.completions.create(
            **kwargs, stream=True, stream_options={"include_usage": True}
        )
        assembler = StreamAssembler()
        async with stream:
            async for chunk in stream:
                assembler.add(chunk.to_dict())
        if assembler.finish_reason is None:
            raise TransientCallError(
                "the event stream ended before the model finished (no finish_reason)",
                kind=FailureKind.TRUNCATED_STREAM,
            )
        return assembler.result()

    def _status_error(self, error: openai.APIStatusError) -> ModelCallError:
        status = error.status_code
        detail = _error_detail(error)
        if status in RETRYABLE_STATUS or status >= 500:
            kind = FailureKind.RATE_LIMITED if status == 429 else FailureKind.SERVER_ERROR
            return TransientCallError(
                f"HTTP {status}: {detail}",
                kind=kind,
                status=status,
                retry_after_s=parse_retry_after(error.response.headers),
            )
        hint = {
            401: f"check the API key{f' in ${self.key_env}' if self.key_env else ''}",
            403: "the key is not allowed to use this model",
            404: f"check the model name {self.model!r} and the base URL {self.base_url}",
        }.get(status, "the request was refused as invalid; it is not retried")
        return ModelCallError(
            f"{self.base_url} rejected the request (HTTP {status}: {detail}); {hint}",
            kind=FailureKind.REJECTED,
            status=status,
        )

    # helpers ----------------------------------------------------------------------------------

    def _loop_resources(self) -> _LoopResources:
        loop = asyncio.get_running_loop()
        if self._resources is None or self._resources.loop is not loop:
            # one TLS context for all the clients: each would otherwise read the CA bundle again
            # (about 50 ms of CPU apiece), as httpx does for verify=True with the environment
            tls = httpx.create_ssl_context()
            clients = tuple(
                openai.AsyncOpenAI(
                    base_url=self.base_url,
                    api_key=self.api_key or "no-key",
                    max_retries=0,
                    timeout=self.timeout_s,
                    # The SDK's own HTTP client schedules its close, when collected, on whatever
                    # loop runs then: a client of an ended loop (replaced here, or dropped by
                    # ``aclose`` on another loop) would print "Event loop is closed" tracebacks.
                    # This one is left to the garbage collector.
                    http_client=openai.DefaultAsyncHttpxClient(verify=tls),
                )
                for _ in range(-(-max(1, self.concurrency) // REQUESTS_PER_CLIENT))
            )
            self._resources = _LoopResources(loop, clients, asyncio.Semaphore(self.concurrency))
        return self._resources

    def _response(
        self, wire: WireCompletion, requested_model: str, latency: float, attempts: int
    ) -> ChatResponse:
        model_name = wire.model or requested_model
        cost = None
        if wire.prompt_tokens is not None and wire.completion_tokens is not None:
            cost = self.prices.estimate(model_name, wire.prompt_tokens, wire.completion_tokens)
        return ChatResponse(
            text=wire.text,
            tool_calls=wire.tool_calls,
            finish_reason=wire.finish_reason,
            model=model_name,
            usage=Usage(
                prompt_tokens=wire.prompt_tokens or 0,
                completion_tokens=wire.completion_tokens or 0,
                reused_prompt_tokens=wire.reused_prompt_tokens,
                latency_s=latency,
                cost_usd=cost,
            ),
            attempts=attempts,
        )


def _error_detail(error: openai.APIStatusError) -> str:
    body = error.body
    if isinstance(body, dict):
        message = body.get("message") or (body.get("error") or {}).get("message")
        if message:
            return str(message)[:300]
    return error.message[:300]


def _raw_tools(kwargs: dict[str, Any]) -> dict[str, Any]:
    """``kwargs`` with the tool definitions sent as they are (``extra_body``), for streams.

    ``chat.completions.create`` walks every typed parameter recursively before sending it; the
    JSON schemas of a few dozen tools and a long conversation made that walk the largest cost of
    a tool-calling request (tens of milliseconds of CPU each). Our requests are already plain
    JSON that ``ChatRequest`` validated, so a plain completion posts them as they are, and a
    stream (which needs ``create``) at least sends the tools unwalked.
    """
    tools = kwargs.pop("tools", None)
    if tools is not None:
        kwargs["extra_body"] = {**kwargs.get("extra_body", {}), "tools": tools}
    return kwargs
