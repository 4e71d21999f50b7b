"""The loopback server itself, spoken to with the official SDK and plain HTTP."""

from __future__ import annotations

import json
import socket
import struct
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

import openai
import pytest

from assistworld.llm.loopback import Fault, LoopbackServer, Reply


def _sdk(server: LoopbackServer, key: str = "k") -> openai.OpenAI:
    return openai.OpenAI(base_url=server.base_url, api_key=key, max_retries=0, timeout=5)


def test_rule_sees_the_request_and_answers_through_the_sdk() -> None:
    seen = []

    def rule(body: dict[str, object]) -> str:
        seen.append(body)
        return "rule reply"

    with LoopbackServer(reply=rule, model="served") as server:
        completion = _sdk(server).chat.completions.create(
            model="asked", messages=[{"role": "user", "content": "a b c"}], max_tokens=3
        )
        assert completion.choices[0].message.content == "rule reply"
        assert completion.model == "asked"
        assert completion.usage is not None and completion.usage.prompt_tokens == 3
        assert seen[0]["max_tokens"] == 3
        assert server.chat_requests == 1
        assert server.requests[0].body == seen[0]


def test_models_listing() -> None:
    with LoopbackServer(model="served") as server:
        listing = _sdk(server).models.list()
        assert [m.id for m in listing.data] == ["served"]
        assert server.chat_requests == 0
        assert server.requests[0].method == "GET"


def test_streamed_reply_assembles_to_the_text() -> None:
    with LoopbackServer(reply="alpha beta gamma") as server:
        stream = _sdk(server).chat.completions.create(
            model="m", messages=[{"role": "user", "content": "x"}], stream=True
        )
        pieces = [c.choices[0].delta.content or "" for c in stream if c.choices]
        assert "".join(pieces) == "alpha beta gamma"


def test_faults_are_consumed_in_order_then_replies_resume() -> None:
    with LoopbackServer(reply="fine") as server:
        server.enqueue(Fault.rate_limited(retry_after="4"), Fault.server_error(502))
        client = _sdk(server)
        message = [{"role": "user", "content": "x"}]
        with pytest.raises(openai.RateLimitError) as limited:
            client.chat.completions.create(model="m", messages=message)  # type: ignore[arg-type]
        assert limited.value.response.headers["retry-after"] == "4"
        with pytest.raises(openai.InternalServerError) as failed:
            client.chat.completions.create(model="m", messages=message)  # type: ignore[arg-type]
        assert failed.value.status_code == 502
        reply = client.chat.completions.create(model="m", messages=message)  # type: ignore[arg-type]
        assert reply.choices[0].message.content == "fine"
        assert server.chat_requests == 3


def test_api_key_is_enforced_when_set() -> None:
    with LoopbackServer(api_key="secret") as server:
        with pytest.raises(openai.AuthenticationError):
            _sdk(server, key="wrong").models.list()
        assert _sdk(server, key="secret").models.list().data


def test_tool_call_reply_has_finish_reason_tool_calls() -> None:
    from assistworld.llm.chat import ToolCall

    call = ToolCall(id="c", name="f", arguments='{"x": 1}')
    with LoopbackServer(reply=Reply(tool_calls=(call,))) as server:
        choice = (
            _sdk(server)
            .chat.completions.create(model="m", messages=[{"role": "user", "content": "x"}])
            .choices[0]
        )
        assert choice.finish_reason == "tool_calls"
        assert choice.message.tool_calls is not None
        assert choice.message.tool_calls[0].function.name == "f"  # type: ignore[union-attr]


def test_malformed_json_body_is_not_json() -> None:
    with LoopbackServer() as server:
        server.enqueue(Fault.malformed_json())
        body = json.dumps({"model": "m", "messages": []}).encode()
        request = urllib.request.Request(
            f"{server.base_url}/chat/completions", data=body, method="POST"
        )
        with urllib.request.urlopen(request, timeout=5) as answer:
            raw = answer.read()
        with pytest.raises(ValueError):
            json.loads(raw)


def test_unknown_route_is_404() -> None:
    with LoopbackServer() as server:
        with pytest.raises(urllib.error.HTTPError) as caught:
            urllib.request.urlopen(f"{server.base_url}/nothing", timeout=5)
        assert caught.value.code == 404


def test_stopping_releases_a_hanging_request() -> None:
    server = LoopbackServer().start()
    server.enqueue(Fault.hang())
    errors: list[BaseException] = []

    def call() -> None:
        try:
            _sdk(server).chat.completions.create(
                model="m", messages=[{"role": "user", "content": "x"}]
            )
        except BaseException as error:  # the connection is closed without an answer
            errors.append(error)

    caller = threading.Thread(target=call)
    caller.start()
    while server.chat_requests == 0:
        threading.Event().wait(0.01)
    server.stop()
    caller.join(timeout=10)
    assert not caller.is_alive()
    assert errors and isinstance(errors[0], openai.APIConnectionError)


def test_base_url_before_start_is_an_error() -> None:
    with pytest.raises(RuntimeError, match="start the loopback server"):
        _ = LoopbackServer().base_url


def test_a_client_gone_mid_request_is_one_line_not_a_traceback(
    capsys: pytest.CaptureFixture[str],
) -> None:
    body = json.dumps({"model": "m", "messages": [{"role": "user", "content": "hi"}]}).encode()
    printed = ""
    with LoopbackServer("x" * 200_000, latency_s=0.3) as server:
        port = urllib.parse.urlsplit(server.base_url).port
        client = socket.create_connection(("127.0.0.1", port))
        client.sendall(
            b"POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json"
            + f"\r\nContent-Length: {len(body)}\r\n\r\n".encode()
            + body
        )
        # closed with a reset while the reply is being prepared, as a killed client's socket is
        client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        client.close()
        deadline = time.monotonic() + 10
        while "went away" not in printed and time.monotonic() < deadline:
            time.sleep(0.05)
            printed += capsys.readouterr().err
        answered = _sdk(server).chat.completions.create(
            model="m", messages=[{"role": "user", "content": "again"}]
        )
    assert answered.choices[0].message.content == "x" * 200_000, "the server still serves"
    lines = [line for line in printed.splitlines() if line.strip()]
    assert len(lines) == 1, printed
    assert lines[0].startswith("loopback: client 127.0.0.1:")
    assert "went away mid-request" in lines[0]
    assert "Traceback" not in printed
