"""An MCP agent for the tests: makes the calls a JSON file lists, writes what it got back.

``python scripted_agent.py STEPS.json REPLIES.json``: each step is ``{"tool": NAME, "arguments":
{...}}`` (or ``{"list_tools": true}``, ``{"exit": STATUS}``, ``{"sleep": SECONDS}``); every reply
(text and whether it is an error) is written to REPLIES.json as the agent goes.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
from pathlib import Path
from typing import Any

from mcp.client.session import ClientSession
from mcp.client.streamable_http import streamable_http_client


def _write(path: Path, replies: list[dict[str, Any]]) -> None:
    path.write_text(json.dumps(replies))


async def main(steps_path: Path, replies_path: Path) -> int:
    steps = json.loads(steps_path.read_text())
    replies: list[dict[str, Any]] = []
    url = os.environ["ASSISTWORLD_MCP_URL"]
    async with streamable_http_client(url) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        for step in steps:
            if "exit" in step:
                _write(replies_path, replies)
                os._exit(int(step["exit"]))
            if "sleep" in step:
                await asyncio.sleep(float(step["sleep"]))
                continue
            if step.get("list_tools"):
                listed = await session.list_tools()
                replies.append({"tools": [tool.name for tool in listed.tools]})
            else:
                result = await session.call_tool(step["tool"], step.get("arguments", {}))
                text = "".join(getattr(block, "text", "") for block in result.content)
                replies.append({"text": text, "is_error": bool(result.is_error)})
            _write(replies_path, replies)
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main(Path(sys.argv[1]), Path(sys.argv[2]))))
