"""What serving an episode over MCP costs the harness: per tool call and per episode start.

- per call: the same service tool (a planning task's weather lookup) called N times through the
  real MCP client over streamable HTTP on 127.0.0.1, against the same call made in process
  through the episode (no transport); median and p95 of each, and their difference (what the
  transport adds). Client and server share this process and its cores, so the figure is an
  upper bound of the harness's own share.
- per episode start: entering an episode's URL (a new MCP server and session manager, the route
  registered; the run's HTTP server already up, as for every episode after the first), the
  first episode's (which starts the HTTP server too), the agent's first request answered (its
  client's connection and handshake included), and starting the agent's process.

Targets on a 2-core machine: under 2 ms per call, under 100 ms per episode start.

Run: ``python bench/mcp_episode.py [--calls N] [--episodes N]``
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import time
from typing import Any

from mcp.client.session import ClientSession
from mcp.client.streamable_http import streamable_http_client
from starlette.types import Receive, Scope, Send

from assistworld.agents.external.endpoint import EpisodeEndpoint
from assistworld.agents.external.process import AgentProcessSpec, start_agent_process
from assistworld.agents.external.server import EpisodeServer
from assistworld.core.registry import get_paradigm, load_suite


class _TimedServer(EpisodeServer):
    """The episode server, timing each POST from its arrival to its reply's last byte: the
    harness's own share of a call (the client's is not in it)."""

    def __init__(self) -> None:
        super().__init__()
        self.posts: list[float] = []

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("method") != "POST":
            await super().__call__(scope, receive, send)
            return
        began = time.perf_counter()
        await super().__call__(scope, receive, send)
        self.posts.append(time.perf_counter() - began)


class _Acting:
    """What the paradigm's view reads of an agent that acts on the services."""

    name = "external"
    acts_on_world = True


def _endpoint() -> tuple[EpisodeEndpoint, str, dict[str, Any]]:
    suite = load_suite("travelplans")
    paradigm: Any = get_paradigm("appbench")
    task = next(t for t in suite.tasks if any(c.app == "Weather" for c in t.calls))
    call = next(c for c in task.calls if c.app == "Weather")
    episode = paradigm.episodes(None)(paradigm.agent_view(task, _Acting()))
    arguments = {name: argument.value for name, argument in call.arguments.items()}
    return EpisodeEndpoint(episode, max_calls=10**9), f"Weather_{call.api}", arguments


def _ms(samples: list[float]) -> str:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"median {statistics.median(ordered) * 1000:.3f} ms, p95 {p95 * 1000:.3f} ms"


async def per_call(calls: int) -> None:
    endpoint, tool, arguments = _endpoint()
    in_process = []
    for _ in range(calls):
        started = time.perf_counter()
        reply = await endpoint.call(tool, arguments)
        in_process.append(time.perf_counter() - started)
    assert not reply.is_error, reply.text
    over_mcp = []
    server = _TimedServer()
    async with (
        server.serve(endpoint) as url,
        streamable_http_client(url) as (read, write),
        ClientSession(read, write) as session,
    ):
        await session.initialize()
        server.posts.clear()
        for _ in range(calls):
            started = time.perf_counter()
            result = await session.call_tool(tool, arguments)
            over_mcp.append(time.perf_counter() - started)
        assert not result.is_error
        served = list(server.posts)
    added = statistics.median(over_mcp) - statistics.median(in_process)
    print(f"tool call {tool} x{calls}")
    print(f"  in process : {_ms(in_process)}")
    print(f"  over MCP, round trip (client included): {_ms(over_mcp)}")
    print(f"  over MCP, the server's share (request in to reply out): {_ms(served)}")
    print(f"  transport adds (median): {added * 1000:.3f} ms")


CLIENT = """
import asyncio, json, sys, time
from mcp.client.session import ClientSession
from mcp.client.streamable_http import streamable_http_client
async def main(url, tool, arguments, calls):
    async with streamable_http_client(url) as (r, w), ClientSession(r, w) as session:
        await session.initialize()
        times = []
        for _ in range(calls):
            began = time.perf_counter()
            await session.call_tool(tool, arguments)
            times.append(time.perf_counter() - began)
    print(json.dumps(times))
asyncio.run(main(sys.argv[1], sys.argv[2], json.loads(sys.argv[3]), int(sys.argv[4])))
"""


async def per_call_from_another_process(calls: int) -> None:
    """The client in a process of its own: the harness's CPU time per call is what it spent
    (HTTP parsing, the MCP session, the tool) while serving them, the handshake included."""
    endpoint, tool, arguments = _endpoint()
    server = EpisodeServer()
    async with server.serve(endpoint) as url:
        cpu = time.process_time()
        client = await asyncio.create_subprocess_exec(
            sys.executable, "-c", CLIENT, url, tool, json.dumps(arguments), str(calls),
            stdout=asyncio.subprocess.PIPE,
        )  # fmt: skip
        out, _ = await client.communicate()
        cpu = time.process_time() - cpu
    times = json.loads(out)
    print(f"tool call {tool} x{calls}, client in another process")
    print(f"  round trip as the client sees it: {_ms(times)}")
    print(f"  the harness's CPU time per call: {cpu / calls * 1000:.3f} ms")


async def per_episode(episodes: int) -> None:
    server = EpisodeServer()
    keep, _, _ = _endpoint()
    started = time.perf_counter()
    async with server.serve(keep):
        first = time.perf_counter() - started
        entering, answering = [], []
        for _ in range(episodes):
            endpoint, _, _ = _endpoint()
            began = time.perf_counter()
            async with server.serve(endpoint) as url:
                entering.append(time.perf_counter() - began)
                async with (
                    streamable_http_client(url) as (read, write),
                    ClientSession(read, write) as session,
                ):
                    await session.initialize()
                    await session.call_tool("get_task", {})
                answering.append(time.perf_counter() - began)
    print(f"episode start x{episodes} (the run's server already up)")
    print(f"  URL served        : {_ms(entering)}")
    print(f"  first call answered (client connect + initialize + get_task): {_ms(answering)}")
    print(f"  first episode of a run (starts the HTTP server): {first * 1000:.3f} ms")
    spawned = []
    for _ in range(episodes):
        began = time.perf_counter()
        process = await start_agent_process(
            AgentProcessSpec(argv=["/bin/true"], env={}, time_limit=10, unsafe=True)
        )
        spawned.append(time.perf_counter() - began)
        await process.wait()
    print(f"  the agent's process started (/bin/true): {_ms(spawned)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=500)
    parser.add_argument("--episodes", type=int, default=50)
    args = parser.parse_args()
    asyncio.run(per_call(args.calls))
    asyncio.run(per_call_from_another_process(args.calls))
    asyncio.run(per_episode(args.episodes))


if __name__ == "__main__":
    main()
