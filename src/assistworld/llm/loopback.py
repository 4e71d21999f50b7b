"""A real HTTP server on 127.0.0.1 that speaks the OpenAI chat-completions protocol.

Tests and benchmarks point real clients (the official SDK included) at it, and so can a user:
``assistworld loopback`` serves one until interrupted, to try a run end to end or measure the
harness without a model. Replies come from a
fixed text or a rule function; latency and faults (hangs, 429 with Retry-After, 5xx, 400,
malformed JSON, truncated bodies and streams) can be injected; it counts what it received and the
largest number of requests it was serving at once.

    with LoopbackServer(reply=lambda body: "hello") as server:
        server.enqueue(Fault.rate_limited(retry_after="2"))
        ...  # point a client at server.base_url
        assert server.chat_requests == 2
"""

from __future__ import annotations

import json
import sys
import threading
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from assistworld.llm.loopback_replies import (
    Fault,
    FaultKind,
    Reply,
    ReplyRule,
    completion_body,
    stream_events,
)

__all__ = ["Fault", "FaultKind", "LoopbackServer", "RecordedRequest", "Reply", "ReplyRule"]


@dataclass(frozen=True)
class RecordedRequest:
    method: str
    path: str
    headers: dict[str, str]
    body: dict[str, Any] | None


@dataclass
class _Counters:
    lock: threading.Lock = field(default_factory=threading.Lock)
    faults: deque[Fault] = field(default_factory=deque)
    requests: list[RecordedRequest] = field(default_factory=list)
    in_flight: int = 0
    max_in_flight: int = 0


class LoopbackServer:
    """An OpenAI-compatible test server in a background thread; use it as a context manager."""

    def __init__(
        self,
        reply: str | Reply | ReplyRule = "ok",
        *,
        model: str = "loopback-model",
        latency_s: float = 0.0,
        api_key: str | None = None,
        port: int = 0,
    ) -> None:
        self.model = model
        self.port = port
        self.latency_s = latency_s
        self.api_key = api_key
        self._rule = _as_rule(reply)
        self._counters = _Counters()
        self._stopping = threading.Event()
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # lifecycle -------------------------------------------------------------------------------

    def start(self) -> LoopbackServer:
        if self._server is not None:
            raise RuntimeError("the loopback server is already running")
        server = _Server(("127.0.0.1", self.port), _handler_class(self))
        self._server = server
        self._thread = threading.Thread(
            target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stopping.set()
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)
        self._server = None
        self._thread = None

    def __enter__(self) -> LoopbackServer:
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    # what tests read and script ---------------------------------------------------------------

    @property
    def base_url(self) -> str:
        """`http://127.0.0.1:<port>/v1`, the value to give a client as its base URL."""
        if self._server is None:
            raise RuntimeError("start the loopback server before asking for its URL")
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}/v1"

    def enqueue(self, *faults: Fault) -> None:
        """Queue faults; each chat request takes the next one, then normal replies resume."""
        with self._counters.lock:
            self._counters.faults.extend(faults)

    def set_reply(self, reply: str | Reply | ReplyRule) -> None:
        self._rule = _as_rule(reply)

    @property
    def requests(self) -> list[RecordedRequest]:
        with self._counters.lock:
            return list(self._counters.requests)

    @property
    def chat_requests(self) -> int:
        """How many chat-completion requests arrived (faulted ones included)."""
        return sum(1 for r in self.requests if r.path.endswith("/chat/completions"))

    @property
    def max_in_flight(self) -> int:
        with self._counters.lock:
            return self._counters.max_in_flight

    # used by the handler ----------------------------------------------------------------------

    def _record(self, request: RecordedRequest) -> Fault | None:
        with self._counters.lock:
            self._counters.requests.append(request)
            is_chat = request.method == "POST" and request.path.endswith("/chat/completions")
            if is_chat:
                self._counters.in_flight += 1
                self._counters.max_in_flight = max(
                    self._counters.max_in_flight, self._counters.in_flight
                )
            if is_chat and self._counters.faults:
                return self._counters.faults.popleft()
            return None

    def _finish(self) -> None:
        with self._counters.lock:
            self._counters.in_flight -= 1

    def _reply_to(self, body: dict[str, Any]) -> Reply:
        answer = self._rule(body)
        return Reply(text=answer) if isinstance(answer, str) else answer

    def _pause(self, seconds: float) -> None:
        """Sleep that ends early when the server stops (so hangs never outlive the server)."""
        self._stopping.wait(seconds)


def _as_rule(reply: str | Reply | ReplyRule) -> ReplyRule:
    if isinstance(reply, str | Reply):
        fixed = reply
        return lambda _body: fixed
    return reply


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 256  # the default listen backlog of 5 drops bursts of connections

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A client that went away mid-request (Ctrl-C on a run) is one line, not a traceback;
        any other failure keeps the standard report."""
        error = sys.exc_info()[1]
        if isinstance(error, ConnectionError):
            host, port = client_address[:2]
            print(
                f"loopback: client {host}:{port} went away mid-request ({type(error).__name__})",
                file=sys.stderr,
                flush=True,
            )
            return
        super().handle_error(request, client_address)


def _handler_class(owner: LoopbackServer) -> type[BaseHTTPRequestHandler]:
    class Handler(_LoopbackHandler):
        server_owner = owner

    return Handler


class _LoopbackHandler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True  # else headers and body in two writes wait ~40 ms for an ACK
    server_owner: LoopbackServer

    def log_message(self, format: str, *args: Any) -> None:
        """Silence the default per-request logging to stderr."""

    def do_GET(self) -> None:
        owner = self.server_owner
        owner._record(RecordedRequest("GET", self.path, dict(self.headers.items()), None))
        if not self._authorised():
            return
        if self.path.rstrip("/").endswith("/models"):
            listing = {"object": "list", "data": [{"id": owner.model, "object": "model"}]}
            self._send_json(200, listing)
        else:
            self._send_json(404, {"error": {"message": f"no route {self.path}"}})

    def do_POST(self) -> None:
        owner = self.server_owner
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        try:
            body = json.loads(raw or b"{}")
        except ValueError:
            body = None
        fault = owner._record(RecordedRequest("POST", self.path, dict(self.headers.items()), body))
        if not self.path.endswith("/chat/completions"):
            self._send_json(404, {"error": {"message": f"no route {self.path}"}})
            return
        try:
            if not isinstance(body, dict):
                self._send_json(400, {"error": {"message": "request body is not a JSON object"}})
            elif self._authorised():
                owner._pause(owner.latency_s)
                self._answer(body, fault)
        finally:
            owner._finish()

    def _authorised(self) -> bool:
        expected = self.server_owner.api_key
        if expected is None or self.headers.get("Authorization") == f"Bearer {expected}":
            return True
        self._send_json(401, {"error": {"message": "invalid API key", "type": "auth"}})
        return False

    def _answer(self, body: dict[str, Any], fault: Fault | None) -> None:
        owner = self.server_owner
        streaming = bool(body.get("stream"))
        if fault is None:
            reply = owner._reply_to(body)
            if streaming:
                self._send_stream(stream_events(owner.model, body, reply))
            else:
                self._send_json(200, completion_body(owner.model, body, reply))
            return
        if fault.kind is FaultKind.HANG:
            owner._pause(3600.0)
            self.close_connection = True
        elif fault.kind in (FaultKind.RATE_LIMIT, FaultKind.SERVER_ERROR, FaultKind.BAD_REQUEST):
            extra = {"Retry-After": fault.retry_after} if fault.retry_after is not None else {}
            error = {"error": {"message": f"injected {fault.kind}", "type": str(fault.kind)}}
            self._send_json(fault.status, error, extra)
        elif fault.kind is FaultKind.MALFORMED_JSON:
            if streaming:
                self._send_stream(iter(["{this is not json", "[DONE]"]))
            else:
                self._send_raw(200, b'{"choices": [{"message": ', "application/json")
        else:
            reply = owner._reply_to(body)
            if streaming:
                events = list(stream_events(owner.model, body, reply))
                self._send_stream(iter(events[: max(1, len(events) // 2 - 1)]))
            else:
                whole = json.dumps(completion_body(owner.model, body, reply)).encode()
                self._send_raw(200, whole, "application/json", cut_at=len(whole) // 2)

    def _send_json(
        self, status: int, payload: dict[str, Any], extra: dict[str, str] | None = None
    ) -> None:
        self._send_raw(status, json.dumps(payload).encode(), "application/json", extra=extra)

    def _send_raw(
        self,
        status: int,
        data: bytes,
        content_type: str,
        *,
        extra: dict[str, str] | None = None,
        cut_at: int | None = None,
    ) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        for name, value in (extra or {}).items():
            self.send_header(name, value)
        if cut_at is not None:
            self.send_header("Connection", "close")
            self.close_connection = True
        self.end_headers()
        self.wfile.write(data if cut_at is None else data[:cut_at])
        self.wfile.flush()

    def _send_stream(self, events: Iterator[str]) -> None:
        """Server-sent events without a length; the body ends when the connection closes."""
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Connection", "close")
        self.close_connection = True
        self.end_headers()
        for event in events:
            self.wfile.write(f"data: {event}\n\n".encode())
        self.wfile.flush()
