"""The OpenAI-compatible client against a real HTTP loopback server: retries per fault kind,
Retry-After, non-retryable errors, streaming, tool calls and the concurrency bound."""

from __future__ import annotations

import asyncio
import json
import ssl
from email.utils import format_datetime

import pytest

from assistworld.llm.cache import ResponseCache
from assistworld.llm.chat import ChatResponse, ResponseFormat, ToolCall
from assistworld.llm.errors import FailureKind, ModelCallError
from assistworld.llm.loopback import Fault, LoopbackServer, Reply
from assistworld.llm.retry import RetryPolicy
from tests.llm.helpers import RecordingSleep, ask, make_client

TRANSIENT_FAULTS = [
    pytest.param(Fault.server_error(500), FailureKind.SERVER_ERROR, id="500"),
    pytest.param(Fault.server_error(503), FailureKind.SERVER_ERROR, id="503"),
    pytest.param(Fault.rate_limited(), FailureKind.RATE_LIMITED, id="429-no-retry-after"),
    pytest.param(Fault.malformed_json(), FailureKind.MALFORMED_RESPONSE, id="malformed-json"),
    pytest.param(Fault.truncated(), FailureKind.CONNECTION, id="truncated-body"),
]


@pytest.mark.parametrize("stream", [False, True], ids=["plain", "stream"])
@pytest.mark.parametrize(("fault", "kind"), TRANSIENT_FAULTS)
def test_transient_fault_is_retried_until_the_call_succeeds(
    server: LoopbackServer,
    cache: ResponseCache,
    sleep: RecordingSleep,
    fault: Fault,
    kind: FailureKind,
    stream: bool,
) -> None:
    client = make_client(server, cache, sleep, stream=stream)
    server.enqueue(fault, fault)
    response = asyncio.run(client.complete(ask("hello")))
    assert response.text == "echo: hello"
    assert response.attempts == 3
    assert server.chat_requests == 3
    assert len(sleep.waits) == 2


@pytest.mark.parametrize("stream", [False, True], ids=["plain", "stream"])
@pytest.mark.parametrize(("fault", "kind"), TRANSIENT_FAULTS)
def test_transient_fault_that_persists_raises_after_the_attempt_budget(
    server: LoopbackServer,
    cache: ResponseCache,
    sleep: RecordingSleep,
    fault: Fault,
    kind: FailureKind,
    stream: bool,
) -> None:
    client = make_client(server, cache, sleep, stream=stream, retry=RetryPolicy(max_attempts=3))
    server.enqueue(*[fault] * 3)
    with pytest.raises(ModelCallError, match="after 3 attempt") as caught:
        asyncio.run(client.complete(ask("hello")))
    expected = FailureKind.TRUNCATED_STREAM if stream and fault.kind == "truncated" else kind
    assert caught.value.kind is expected
    assert caught.value.attempts == 3
    assert server.chat_requests == 3
    assert len(sleep.waits) == 2


def test_truncated_stream_without_finish_reason_is_retried(
    server: LoopbackServer, cache: ResponseCache, sleep: RecordingSleep
) -> None:
    client = make_client(server, cache, sleep, stream=True, retry=RetryPolicy(max_attempts=2))
    server.set_reply("one two three four five six seven eight")
    server.enqueue(Fault.truncated(), Fault.truncated())
    with pytest.raises(ModelCallError) as caught:
        asyncio.run(client.complete(ask("hello")))
    assert caught.value.kind is FailureKind.TRUNCATED_STREAM
    assert "finish_reason" in str(caught.value)


@pytest.mark.parametrize("stream", [False, True], ids=["plain", "stream"])
def test_hanging_server_times_out_and_the_retry_succeeds(
    server: LoopbackServer, cache: ResponseCache, sleep: RecordingSleep, stream: bool
) -> None:
    client = make_client(server, cache, sleep, timeout_s=1.0, stream=stream)
    server.enqueue(Fault.hang())
    response = asyncio.run(client.complete(ask("hello")))
    assert response.text == "echo: hello"
    assert response.attempts == 2


def test_hanging_server_every_time_raises_a_timeout_error(
    server: LoopbackServer, cache: ResponseCache, sleep: RecordingSleep
) -> None:
    client = make_client(server, cache, sleep, timeout_s=1.0, retry=RetryPolicy(max_attempts=2))
    server.enqueue(Fault.hang(), Fault.hang())
    with pytest.raises(ModelCallError) as caught:
        asyncio.run(client.complete(ask("hello")))
    assert caught.value.kind is FailureKind.TIMEOUT


@pytest.mark.parametrize("retry_after", ["7", "0.5", "120"])
def test_retry_after_seconds_is_the_wait_requested(
    server: LoopbackServer, cache: ResponseCache, sleep: RecordingSleep, retry_after: str
) -> None:
    client = make_client(server, cache, sleep, retry=RetryPolicy(max_wait_s=60.0))
    server.enqueue(Fault.rate_limited(retry_after=retry_after))
    asyncio.run(client.complete(ask("hello")))
    assert sleep.waits == [min(float(retry_after), 60.0)]


def test_retry_after_http_date_is_converted_to_seconds(
    server: LoopbackServer, cache: ResponseCache, sleep: RecordingSleep
) -> None:
    from datetime import UTC, datetime, timedelta

    when = datetime.now(UTC) + timedelta(seconds=20)
    client = make_client(server, cache, sleep)
    server.enqueue(Fault.rate_limited(retry_after=format_datetime(when, usegmt=True)))
    asyncio.run(client.complete(ask("hello")))
    assert len(sleep.waits) == 1
    assert 17.0 <= sleep.waits[0] <= 20.0


def test_retry_after_on_a_503_is_honoured(
    server: LoopbackServer, cache: ResponseCache, sleep: RecordingSleep
) -> None:
    client = make_client(server, cache, sleep)
    server.enqueue(Fault.server_error(503, retry_after="3"))
    asyncio.run(client.complete(ask("hello")))
    assert sleep.waits == [3.0]


def test_backoff_without_retry_after_grows_and_repeats_for_the_same_seed(
    server: LoopbackServer, cache: ResponseCache
) -> None:
    waits = []
    for _ in range(2):
        sleep = RecordingSleep()
        client = make_client(server, cache, sleep, seed=42, use_cache=False)
        server.enqueue(*[Fault.server_error()] * 4)
        asyncio.run(client.complete(ask("hello")))
        waits.append(sleep.waits)
    assert waits[0] == waits[1]
    for attempt, wait in enumerate(waits[0], start=1):
        ceiling = 1.0 * 2 ** (attempt - 1)
        assert ceiling / 2 <= wait <= ceiling


@pytest.mark.parametrize("status", [400, 404, 422])
def test_non_retryable_client_error_raises_at_once(
    server: LoopbackServer, cache: ResponseCache, sleep: RecordingSleep, status: int
) -> None:
    client = make_client(server, cache, sleep)
    server.enqueue(Fault.bad_request(status))
    with pytest.raises(ModelCallError, match=f"HTTP {status}") as caught:
        asyncio.run(client.complete(ask("hello")))
    assert caught.value.kind is FailureKind.REJECTED
    assert caught.value.status == status
    assert caught.value.attempts == 1
    assert server.chat_requests == 1
    assert sleep.waits == []


def test_wrong_api_key_names_the_variable_to_fix(
    cache: ResponseCache, sleep: RecordingSleep
) -> None:
    with LoopbackServer(api_key="right") as server:
        client = make_client(server, cache, sleep, api_key="wrong", key_env="MY_KEY")
        with pytest.raises(ModelCallError, match=r"HTTP 401.*\$MY_KEY"):
            asyncio.run(client.complete(ask("hello")))
        client = make_client(server, cache, sleep, api_key="right")
        assert asyncio.run(client.complete(ask("hello"))).text == "ok"


def test_request_carries_every_parameter(
    server: LoopbackServer, cache: ResponseCache, sleep: RecordingSleep
) -> None:
    tool = {"type": "function", "function": {"name": "lookup", "parameters": {"type": "object"}}}
    request = ask(
        "hi",
        tools=(tool,),
        tool_choice="auto",
        response_format=ResponseFormat(name="answer", json_schema={"type": "object"}),
        temperature=0.0,
        max_tokens=17,
        seed=5,
        stop=("END",),
    )
    client = make_client(server, cache, sleep, max_tokens_field="max_completion_tokens")
    asyncio.run(client.complete(request))
    body = server.requests[-1].body
    assert body is not None
    assert body["model"] == "loopback-model"
    assert body["messages"] == [{"role": "user", "content": "hi"}]
    assert body["tools"] == [tool]
    assert body["tool_choice"] == "auto"
    assert body["response_format"]["json_schema"]["name"] == "answer"
    assert body["max_completion_tokens"] == 17
    assert "max_tokens" not in body
    assert (body["temperature"], body["seed"], body["stop"]) == (0.0, 5, ["END"])


@pytest.mark.parametrize("stream", [False, True], ids=["plain", "stream"])
def test_tool_calls_and_usage_are_returned(
    server: LoopbackServer, cache: ResponseCache, sleep: RecordingSleep, stream: bool
) -> None:
    call = ToolCall(id="call_1", name="find_employee", arguments=json.dumps({"name": "Ann"}))
    server.set_reply(Reply(text="looking", tool_calls=(call,)))
    client = make_client(server, cache, sleep, stream=stream)
    response = asyncio.run(client.complete(ask("who is three words")))
    assert response.tool_calls == (call,)
    assert response.tool_calls[0].parsed_arguments() == {"name": "Ann"}
    assert response.finish_reason == "tool_calls"
    assert (response.usage.prompt_tokens, response.usage.completion_tokens) == (4, 1)
    assert response.cached is False


@pytest.mark.parametrize("stream", [False, True], ids=["plain", "stream"])
def test_a_call_the_server_left_as_text_is_read_back_as_a_call(
    server: LoopbackServer, cache: ResponseCache, sleep: RecordingSleep, stream: bool
) -> None:
    # llama.cpp leaves a small model's Hermes-style call as text when its parser misses it
    tool = {"type": "function", "function": {"name": "find_employee", "parameters": {}}}
    written = '<tool_call>\n{"name": "find_employee", "arguments": {"name": "Ann"}}\n</tool_call>'
    server.set_reply(Reply(text=written))
    client = make_client(server, cache, sleep, stream=stream)
    response = asyncio.run(client.complete(ask("who is Ann", tools=(tool,))))
    assert [(c.name, c.parsed_arguments()) for c in response.tool_calls] == [
        ("find_employee", {"name": "Ann"})
    ]
    assert response.finish_reason == "tool_calls" and not (response.text or "").strip()
    plain = asyncio.run(client.complete(ask("who is Ann, in prose", tools=(tool,))))
    assert plain.tool_calls, "the same reply, asked again, is read the same way"
    server.set_reply(Reply(text='Use {"name": "find_employee"} if you like.'))
    prose = asyncio.run(client.complete(ask("and now?", tools=(tool,))))
    assert prose.tool_calls == () and "find_employee" in (prose.text or "")


def test_assistant_tool_call_history_is_sent_in_openai_form(
    server: LoopbackServer, cache: ResponseCache, sleep: RecordingSleep
) -> None:
    from assistworld.llm.chat import ChatMessage, ChatRequest

    call = ToolCall(id="c1", name="now", arguments="{}")
    request = ChatRequest(
        messages=(
            ChatMessage(role="user", content="time?"),
            ChatMessage(role="assistant", tool_calls=(call,)),
            ChatMessage(role="tool", tool_call_id="c1", content="09:06"),
        )
    )
    asyncio.run(make_client(server, cache, sleep).complete(request))
    body = server.requests[-1].body
    assert body is not None
    assert body["messages"][1]["tool_calls"][0]["function"] == {"name": "now", "arguments": "{}"}
    assert body["messages"][2] == {"role": "tool", "content": "09:06", "tool_call_id": "c1"}


def test_cost_is_estimated_for_a_priced_model(cache: ResponseCache, sleep: RecordingSleep) -> None:
    with LoopbackServer(reply="four words of reply") as server:
        client = make_client(server, cache, sleep, model="gpt-4o-mini")
        response = asyncio.run(client.complete(ask("one two")))
        unpriced = asyncio.run(make_client(server, cache, sleep).complete(ask("one two")))
    assert response.usage.cost_usd == pytest.approx((2 * 0.15 + 4 * 0.60) / 1e6)
    assert unpriced.usage.cost_usd is None


@pytest.mark.parametrize("bound", [1, 3])
def test_concurrency_bound_is_respected_at_the_server(
    cache: ResponseCache, sleep: RecordingSleep, bound: int
) -> None:
    async def burst(client_count: int) -> list[ChatResponse]:
        requests = [ask(f"question {n}") for n in range(client_count)]
        return await asyncio.gather(*(client.complete(r) for r in requests))

    with LoopbackServer(latency_s=0.25) as server:
        client = make_client(server, cache, sleep, concurrency=bound)
        responses = asyncio.run(burst(8))
        assert len(responses) == 8
        assert server.max_in_flight == bound


def test_unbounded_burst_overlaps_at_the_server(
    cache: ResponseCache, sleep: RecordingSleep
) -> None:
    """The loopback server does see overlap when the client allows it (so the bound test above
    measures the client, not a server that handles one request at a time)."""

    async def burst() -> None:
        await asyncio.gather(*(client.complete(ask(f"q{n}")) for n in range(8)))

    with LoopbackServer(latency_s=0.2) as server:
        client = make_client(server, cache, sleep, concurrency=8)
        asyncio.run(burst())
        assert server.max_in_flight > 3


def test_client_survives_being_used_from_successive_event_loops(
    server: LoopbackServer, cache: ResponseCache, sleep: RecordingSleep
) -> None:
    client = make_client(server, cache, sleep, use_cache=False)
    first = asyncio.run(client.complete(ask("a")))
    second = asyncio.run(client.complete(ask("b")))
    assert (first.text, second.text) == ("echo: a", "echo: b")


def test_requests_in_flight_are_spread_over_small_connection_pools(
    cache: ResponseCache, sleep: RecordingSleep
) -> None:
    """At concurrency 8 the requests go through two HTTP clients of at most four requests each
    (one pool of eight costs more CPU per request), still eight at once at the server."""
    seen: list[list[int]] = []

    async def burst() -> list[bool]:
        responses = await asyncio.gather(*(client.complete(ask(f"q{n}")) for n in range(16)))
        assert [r.text for r in responses] == [f"echo: q{n}" for n in range(16)]
        resources = client._resources
        assert resources is not None
        clients = resources.clients
        await client.aclose()
        return [each.is_closed for each in clients]

    def rule(body: dict[str, object]) -> str:
        resources = client._resources
        if resources is not None:
            seen.append(list(resources.in_flight))
        messages = body["messages"]
        assert isinstance(messages, list)
        return f"echo: {messages[-1]['content']}"

    with LoopbackServer(reply=rule, latency_s=0.2) as server:
        client = make_client(server, cache, sleep, concurrency=8, use_cache=False)
        closed = asyncio.run(burst())
        assert server.max_in_flight == 8
    assert closed == [True, True]
    assert all(len(counts) == 2 and max(counts) <= 4 for counts in seen)
    assert max(sum(counts) for counts in seen) == 8


def test_the_clients_of_a_loop_share_one_tls_context(
    cache: ResponseCache, sleep: RecordingSleep, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Reading the CA bundle costs about 50 ms of CPU; four clients read it once."""
    import httpx

    built: list[object] = []
    original = httpx.create_ssl_context

    def counting(verify: object = True, *args: object, **kwargs: object) -> object:
        if not isinstance(verify, ssl.SSLContext):
            built.append(verify)
        return original(verify, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(httpx, "create_ssl_context", counting)
    monkeypatch.setattr("httpx._transports.default.create_ssl_context", counting)

    async def one() -> str:
        response = await client.complete(ask("q"))
        assert client._resources is not None and len(client._resources.clients) == 4
        return response.text

    with LoopbackServer() as server:
        client = make_client(server, cache, sleep, concurrency=16, use_cache=False)
        assert asyncio.run(one()) == "ok"
    assert len(built) == 1
