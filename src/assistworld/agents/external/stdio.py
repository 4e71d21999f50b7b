"""One episode over stdio, for a person at an MCP client (a desktop assistant, an IDE): the
client starts ``assistworld mcp --suite S --task ID`` as a server and talks to it on
stdin/stdout; the episode ends when the client calls ``finish`` or disconnects, and is graded
then. Stdout is the protocol's, so nothing else is written there."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from mcp.server.stdio import stdio_server

from assistworld.agents.base import AgentOutput
from assistworld.agents.external.endpoint import EpisodeEndpoint
from assistworld.core.episode import EpisodeMaker

REPLY_FLUSH_SECONDS = 0.2
"""After ``finish``, how long its reply has to reach the client before the server stops."""


class StdioEpisodeAgent:
    """The external agent of one episode served over stdio (``assistworld mcp``)."""

    name = "external"
    needs_trial_world = True
    acts_on_world = True

    def __init__(self, episodes: EpisodeMaker) -> None:
        self.episodes = episodes

    def settings(self) -> dict[str, Any]:
        return {"agent": self.name, "server": {"transport": "stdio"}}

    async def solve(self, task: Any) -> AgentOutput:
        episode = self.episodes(task)
        endpoint = EpisodeEndpoint(episode)
        server = endpoint.server()
        async with stdio_server() as (read, write):
            serving = asyncio.create_task(
                server.run(read, write, server.create_initialization_options())
            )
            finishing = asyncio.create_task(endpoint.finished.wait())
            await asyncio.wait({serving, finishing}, return_when=asyncio.FIRST_COMPLETED)
            if finishing.done():
                await asyncio.sleep(REPLY_FLUSH_SECONDS)
            finishing.cancel()
            serving.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await serving
        if endpoint.ended_by is None:
            endpoint.end("client_left")
        output = await episode.finish(endpoint.answer)
        return output.model_copy(
            update={"details": {**output.details, "external": endpoint.record()}}
        )


__all__ = ["StdioEpisodeAgent"]
