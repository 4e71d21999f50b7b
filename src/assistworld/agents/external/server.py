"""One streamable-HTTP MCP server on 127.0.0.1 for a run, each episode under its own path.

An episode is served at ``/<token>/mcp``, the token 256 random bits, so its URL cannot be
guessed; a request for any other path (a finished episode's, another's guessed) is answered 404
before it reaches an MCP session. Each episode has its own MCP server and session manager,
entered while it is served and left when it ends, so no state crosses episodes. Requests are
limited in size (a huge argument is refused with 413 before it is parsed).
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import socket
from collections.abc import AsyncIterator, Iterator
from typing import Any

import uvicorn
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
from mcp.server.transport_security import TransportSecuritySettings
from starlette.types import Receive, Scope, Send

from assistworld.agents.external.endpoint import EpisodeEndpoint

HOST = "127.0.0.1"
MAX_REQUEST_BYTES = 1 << 20
"""Largest request body an episode accepts (a program, a plan or a message fits many times)."""

GRACEFUL_SECONDS = 1
"""When the last episode has ended, how long a connection an agent still holds may stay."""

LOCAL_ONLY = TransportSecuritySettings(
    enable_dns_rebinding_protection=True,
    allowed_hosts=[f"{HOST}:*", "localhost:*"],
    allowed_origins=[f"http://{HOST}:*", "http://localhost:*"],
)


class _QuietServer(uvicorn.Server):
    """uvicorn without its signal handlers: Ctrl-C belongs to the run, which stops the server."""

    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        yield


async def _not_found(send: Send) -> None:
    await send(
        {
            "type": "http.response.start",
            "status": 404,
            "headers": [(b"content-type", b"text/plain; charset=utf-8")],
        }
    )
    await send({"type": "http.response.body", "body": b"no such episode\n"})


class EpisodeServer:
    """The run's server; :meth:`serve` gives an episode its URL for as long as it lasts."""

    def __init__(self) -> None:
        self._routes: dict[str, StreamableHTTPSessionManager] = {}
        self._server: _QuietServer | None = None
        self._task: asyncio.Task[None] | None = None
        self._socket: socket.socket | None = None
        self._users = 0
        self._lock = asyncio.Lock()

    @property
    def port(self) -> int:
        if self._socket is None:
            raise RuntimeError("the episode server is not running")
        port: int = self._socket.getsockname()[1]
        return port

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return
        parts = str(scope.get("path", "")).split("/")
        manager = self._routes.get(parts[1]) if len(parts) == 3 and parts[2] == "mcp" else None
        if manager is None:
            await _not_found(send)
            return
        await manager.handle_request(scope, receive, send)

    async def _start(self) -> None:
        listening = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listening.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        listening.bind((HOST, 0))
        listening.listen(128)
        listening.setblocking(False)
        config = uvicorn.Config(
            self,
            lifespan="off",
            log_level="warning",
            access_log=False,
            ws="none",
            timeout_graceful_shutdown=GRACEFUL_SECONDS,
        )
        server = _QuietServer(config)
        self._socket, self._server = listening, server
        self._task = asyncio.create_task(server.serve(sockets=[listening]))
        while not server.started:
            if self._task.done():
                self._task.result()
                raise RuntimeError("the episode server stopped as it started")
            await asyncio.sleep(0.001)

    async def _stop(self) -> None:
        server, task, listening = self._server, self._task, self._socket
        self._server = self._task = self._socket = None
        if server is not None and task is not None:
            server.should_exit = True
            await task
        if listening is not None:
            listening.close()

    @contextlib.asynccontextmanager
    async def serve(self, endpoint: EpisodeEndpoint) -> AsyncIterator[str]:
        """Serve ``endpoint`` while the block runs; yields its URL. The server starts with its
        first episode and stops when its last one ends."""
        async with self._lock:
            if self._server is None:
                await self._start()
            self._users += 1
        token = secrets.token_urlsafe(32)
        manager = StreamableHTTPSessionManager(
            app=endpoint.server(),
            json_response=True,
            security_settings=LOCAL_ONLY,
            max_request_body_size=MAX_REQUEST_BYTES,
            session_idle_timeout=None,
            max_sessions=4,
        )
        try:
            async with manager.run():
                self._routes[token] = manager
                try:
                    yield f"http://{HOST}:{self.port}/{token}/mcp"
                finally:
                    del self._routes[token]
        finally:
            async with self._lock:
                self._users -= 1
                if self._users == 0:
                    await self._stop()


def server_settings() -> dict[str, Any]:
    """What the manifest records of how episodes are served."""
    return {
        "transport": "streamable-http",
        "host": HOST,
        "max_request_bytes": MAX_REQUEST_BYTES,
        "url": "one unguessable path per episode; any other path answers 404",
    }


__all__ = ["HOST", "MAX_REQUEST_BYTES", "EpisodeServer", "server_settings"]
