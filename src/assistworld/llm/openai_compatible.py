"""Client for OpenAI-compatible chat servers (OpenAI, vLLM, SGLang, llama.cpp, Ollama, LiteLLM).

The requests are plain HTTP (httpx): a JSON body posted to ``{base_url}/chat/completions`` with a
bearer key, and for a stream its server-sent events read line by line. Translating to and from our
types is :mod:`~assistworld.llm.openai_wire`'s; retries, caching, the concurrency bound and cost
estimates are ours. Each attempt is classified: timeouts, connection errors, 408/409/429, 5xx,
malformed JSON and streams that end before a finish reason are transient and retried; other 4xx
fail at once.

The official ``openai`` SDK is not used: every request here is already plain JSON that
``ChatRequest`` validated, so the SDK only added its import (over a second of CPU on the machines
this runs on, paid by every command that asks a model) and a walk over the tool definitions.
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

import assistworld
from assistworld.llm.cache import ResponseCache, request_key
from assistworld.llm.chat import ChatRequest, ChatResponse, Usage
from assistworld.llm.errors import FailureKind, ModelCallError, TransientCallError
from assistworld.llm.openai_wire import (
    StreamAssembler,
    WireCompletion,
    completion_from_json,
    malformed,
    request_kwargs,
    server_sent_events,
)
from assistworld.llm.pricing import PriceTable
from assistworld.llm.retry import RetryPolicy, Sleep, call_with_retries, parse_retry_after
from assistworld.llm.text_tool_calls import tool_calls_from_text, tool_names

COMPLETIONS_PATH = "chat/completions"
"""Relative to the base URL (which keeps its own path, such as ``/v1``)."""
RETRYABLE_STATUS = frozenset({408, 409, 429})
REQUESTS_PER_CLIENT = 4
"""Requests in flight that one HTTP client (one connection pool) carries. httpx's pool walks
all its connections, some of them twice over, each time a request starts or ends, so its cost per
request grows with the pool's size; at 16 requests in flight one pool spent more CPU on that than
on the rest of the request. Requests are spread over ``ceil(concurrency / 4)`` clients instead."""


@dataclass
class _LoopResources:
    """The HTTP clients and semaphore of one event loop (all bind to the loop that uses them)."""

    loop: asyncio.AbstractEventLoop
    clients: tuple[httpx.AsyncClient, ...]
    semaphore: asyncio.Semaphore
    in_flight: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.in_flight = [0] * len(self.clients)

    @contextlib.contextmanager
    def lane(self) -> Iterator[httpx.AsyncClient]:
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
        if request.tools and not response.tool_calls:
            response = _calls_written_as_text(response, request)
        if cache is not None:
            cache.put(key, request, self.endpoint, response)
        return response

    async def aclose(self) -> None:
        """Close the HTTP connections (only possible on the loop that opened them)."""
        resources, self._resources = self._resources, None
        if resources is not None and resources.loop is asyncio.get_running_loop():
            for client in resources.clients:
                await client.aclose()

    # one attempt ------------------------------------------------------------------------------

    async def _attempt(self, client: httpx.AsyncClient, request: ChatRequest) -> WireCompletion:
        body = request_kwargs(request, self.max_tokens_field)
        try:
            if self.stream:
                return await self._streamed(client, body)
            response = await client.post(COMPLETIONS_PATH, content=_json_body(body))
            if response.status_code >= 400:
                raise self._status_error(response)
            payload: Any = response.json()
            if not isinstance(payload, dict):
                raise malformed(f"the body is not a JSON object but {type(payload).__name__}")
            return completion_from_json(payload)
        except httpx.TransportError as error:
            raise _transport_failure(error, self.timeout_s, mid_stream=False) from error
        except (json.JSONDecodeError, UnicodeDecodeError) as error:
            raise malformed(str(error)) from error

    async def _streamed(self, client: httpx.AsyncClient, body: dict[str, Any]) -> WireCompletion:
        body = {**body, "stream": True, "stream_options": {"include_usage": True}}
        assembler = StreamAssembler()
        async with client.stream("POST", COMPLETIONS_PATH, content=_json_body(body)) as response:
            if response.status_code >= 400:
                await response.aread()
                raise self._status_error(response)
            try:
                async for data in server_sent_events(response.aiter_lines()):
                    chunk = json.loads(data)
                    if not isinstance(chunk, dict):
                        raise malformed(f"a stream event is not a JSON object: {data[:80]!r}")
                    if chunk.get("error") is not None:
                        raise TransientCallError(
                            f"the server reported an error mid-stream: {_message(chunk)}",
                            kind=FailureKind.SERVER_ERROR,
                        )
                    assembler.add(chunk)
            except httpx.TransportError as error:
                raise _transport_failure(error, self.timeout_s, mid_stream=True) from error
        if assembler.finish_reason is None:
            raise TransientCallError(
                "the event stream ended before the model finished (no finish_reason)",
                kind=FailureKind.TRUNCATED_STREAM,
            )
        return assembler.result()

    def _status_error(self, response: httpx.Response) -> ModelCallError:
        status = response.status_code
        detail = _error_detail(response)
        if status in RETRYABLE_STATUS or status >= 500:
            kind = FailureKind.RATE_LIMITED if status == 429 else FailureKind.SERVER_ERROR
            return TransientCallError(
                f"HTTP {status}: {detail}",
                kind=kind,
                status=status,
                retry_after_s=parse_retry_after(response.headers),
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
            headers = {
                "Authorization": f"Bearer {self.api_key or 'no-key'}",
                "Content-Type": "application/json",
                "Accept": "application/json",
                "User-Agent": f"assistworld/{assistworld.__version__}",
            }
            clients = tuple(
                # A client dropped with its loop (replaced here, or not closed by ``aclose`` on
                # another loop) is left to the garbage collector, which closes its sockets.
                httpx.AsyncClient(
                    base_url=self.base_url,
                    headers=headers,
                    timeout=self.timeout_s,
                    verify=tls,
                    follow_redirects=True,
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


def _calls_written_as_text(response: ChatResponse, request: ChatRequest) -> ChatResponse:
    """A reply whose tool calls the server left as text (a small model writing
    ``<tool_call>{...}</tool_call>`` that llama.cpp's or vLLM's template parser did not take),
    with those calls read back as calls, as the local model's replies are
    (:mod:`assistworld.llm.text_tool_calls`); a reply holding no such call is returned as is."""
    text, calls = tool_calls_from_text(response.text or "", tool_names(request.tools))
    if not calls:
        return response
    return response.model_copy(
        update={"text": text, "tool_calls": calls, "finish_reason": "tool_calls"}
    )


def _transport_failure(
    error: httpx.TransportError, timeout_s: float, *, mid_stream: bool
) -> TransientCallError:
    """What went wrong on the wire, as a retryable failure of the right kind: no answer in
    time, no connection, or (``mid_stream``) a stream that stalled or broke off."""
    if isinstance(error, httpx.TimeoutException):
        waited = "the stream stalled for" if mid_stream else "no answer within"
        return TransientCallError(
            f"{waited} {timeout_s:g} s (a server on a CPU may take longer to read a long "
            "prompt: raise run's --model-timeout)",
            kind=FailureKind.TIMEOUT,
        )
    detail = str(error) or type(error).__name__
    if mid_stream:
        return TransientCallError(
            f"connection broke mid-stream: {detail}", kind=FailureKind.TRUNCATED_STREAM
        )
    return TransientCallError(f"connection failed: {detail}", kind=FailureKind.CONNECTION)


def _error_detail(response: httpx.Response) -> str:
    """What the server said about a refused request: its JSON error message, else the text."""
    try:
        body = response.json()
    except (json.JSONDecodeError, UnicodeDecodeError):
        body = None
    if isinstance(body, dict) and (message := _message(body)):
        return message
    return (response.text.strip() or response.reason_phrase or "no detail")[:300]


def _message(body: dict[str, Any]) -> str:
    """The ``message`` of an OpenAI-style error body (``{"error": {"message": ...}}``)."""
    error = body.get("error")
    message = body.get("message") or (error.get("message") if isinstance(error, dict) else error)
    return str(message)[:300] if message else ""


def _json_body(body: dict[str, Any]) -> bytes:
    return json.dumps(body, ensure_ascii=False).encode("utf-8")
