"""The run's episode server, with the real MCP client: each episode at its own URL, any other
path refused, huge requests refused before they are read, a flood of calls ends only its own
episode, and the server is gone once its last episode has ended."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
import pytest

from assistworld.core.registry import get_paradigm, load_suite

pytest.importorskip("mcp")

from mcp.client.session import ClientSession
from mcp.client.streamable_http import streamable_http_client

from assistworld.agents.external.endpoint import EpisodeEndpoint
from assistworld.agents.external.server import MAX_REQUEST_BYTES, EpisodeServer


def _endpoint(max_calls: int = 2_000) -> EpisodeEndpoint:
    """The episode of a planning task (no sandbox needed)."""
    suite = load_suite("travelplans")
    paradigm: Any = get_paradigm("appbench")
    task = suite.tasks[0]
    agent = type("Acting", (), {"acts_on_world": True})()
    episode = paradigm.episodes(None)(paradigm.agent_view(task, agent))
    return EpisodeEndpoint(episode, max_calls=max_calls)


async def _call(url: str, name: str, arguments: dict[str, Any]) -> tuple[str, bool]:
    async with streamable_http_client(url) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        result = await session.call_tool(name, arguments)
        text = "".join(getattr(block, "text", "") for block in result.content)
        return text, bool(result.is_error)


def _initialize(url: str, body: bytes | None = None) -> httpx.Response:
    payload = body or (
        b'{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18",'
        b'"capabilities":{},"clientInfo":{"name":"probe","version":"0"}}}'
    )
    headers = {"content-type": "application/json", "accept": "application/json, text/event-stream"}
    return httpx.post(url, content=payload, headers=headers, timeout=10)


def test_each_episode_answers_at_its_own_url_and_no_other() -> None:
    async def scenario() -> dict[str, Any]:
        server = EpisodeServer()
        first, second = _endpoint(), _endpoint()
        seen: dict[str, Any] = {}
        async with server.serve(first) as url_a:
            async with server.serve(second) as url_b:
                seen["distinct"] = url_a != url_b
                seen["a"] = await _call(url_a, "get_task", {})
                token_a = url_a.split("/")[3]
                guessed = url_a.replace(token_a, "x" * len(token_a))
                seen["guessed"] = (await asyncio.to_thread(_initialize, guessed)).status_code
                seen["root"] = (
                    await asyncio.to_thread(_initialize, url_a.rsplit("/", 2)[0] + "/mcp")
                ).status_code
            seen["b_after_end"] = (await asyncio.to_thread(_initialize, url_b)).status_code
            seen["a_still"] = (await asyncio.to_thread(_initialize, url_a)).status_code
        seen["calls_a"], seen["calls_b"] = first.calls, second.calls
        return seen

    seen = asyncio.run(scenario())
    assert seen["distinct"]
    assert "Request:" in seen["a"][0] and not seen["a"][1]
    assert seen["guessed"] == 404 and seen["root"] == 404
    assert seen["b_after_end"] == 404 and seen["a_still"] == 200
    assert seen["calls_a"] == 1 and seen["calls_b"] == 0


def test_a_huge_request_is_refused_and_the_episode_goes_on() -> None:
    async def scenario() -> tuple[int, tuple[str, bool]]:
        server = EpisodeServer()
        async with server.serve(_endpoint()) as url:
            huge = (
                b'{"jsonrpc":"2.0","id":1,"method":"x","params":{"p":"'
                + b"a" * (MAX_REQUEST_BYTES + 10)
                + b'"}}'
            )
            refused = (await asyncio.to_thread(_initialize, url, huge)).status_code
            after = await _call(url, "get_task", {})
        return refused, after

    refused, after = asyncio.run(scenario())
    assert refused == 413
    assert not after[1]


def test_a_flood_of_calls_ends_only_that_episode() -> None:
    async def scenario() -> dict[str, Any]:
        server = EpisodeServer()
        flooded, neighbour = _endpoint(max_calls=50), _endpoint()
        async with server.serve(flooded) as url_f, server.serve(neighbour) as url_n:
            async with (
                streamable_http_client(url_f) as (read, write),
                ClientSession(read, write) as session,
            ):
                await session.initialize()
                results = [await session.call_tool("get_task", {}) for _ in range(60)]
            neighbour_reply = await _call(url_n, "get_task", {})
        return {
            "errors": sum(bool(result.is_error) for result in results),
            "ended_by": flooded.ended_by,
            "finished": flooded.finished.is_set(),
            "neighbour": neighbour_reply,
            "neighbour_finished": neighbour.finished.is_set(),
        }

    seen = asyncio.run(scenario())
    assert seen["errors"] == 10 and seen["ended_by"] == "call_budget" and seen["finished"]
    assert not seen["neighbour"][1] and not seen["neighbour_finished"]


def test_the_server_stops_with_its_last_episode() -> None:
    async def scenario() -> tuple[str, BaseException | None]:
        server = EpisodeServer()
        async with server.serve(_endpoint()) as url:
            pass
        try:
            await asyncio.to_thread(_initialize, url)
        except httpx.ConnectError as error:
            return url, error
        return url, None

    _, error = asyncio.run(scenario())
    assert error is not None
