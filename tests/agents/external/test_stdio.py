"""``assistworld mcp`` with the real MCP client over stdio: a task of each paradigm, answered
right and wrong; the graded result is printed to stderr when the client finishes."""

from __future__ import annotations

import asyncio
import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest

from assistworld.core.registry import load_suite
from assistworld.paradigms.appbench.agents.baselines import gold_plan_text

pytest.importorskip("mcp")

from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client


def _serve(arguments: list[str], calls: list[tuple[str, dict[str, Any]]], log: Path) -> list[Any]:
    """Run ``assistworld mcp ARGUMENTS`` as a client would and make ``calls``; the replies."""
    server = StdioServerParameters(
        command=sys.executable,
        args=["-c", "from assistworld.cli import main; main()", "mcp", *arguments],
        env=dict(os.environ),
    )

    async def talk() -> list[Any]:
        with log.open("w") as errors:
            async with (
                stdio_client(server, errlog=errors) as (read, write),
                ClientSession(read, write) as session,
            ):
                await session.initialize()
                replies = []
                for name, values in calls:
                    result = await session.call_tool(name, values)
                    replies.append(result)
                return replies

    return asyncio.run(talk())


def _graded(log: Path) -> dict[str, Any]:
    lines = log.read_text().strip().splitlines()
    graded: dict[str, Any] = json.loads(lines[-1])
    return graded


def test_a_program_task_graded_when_the_client_finishes(tmp_path: Path) -> None:
    task = next(t for t in load_suite("workplace").tasks if t.query_id.startswith("answer_006"))
    log = tmp_path / "stderr.txt"
    replies = _serve(
        ["--suite", "workplace", "--task", task.query_id, "--unsafe"],
        [("submit_program", {"code": task.program}), ("finish", {"answer": "done"})],
        log,
    )
    assert not any(reply.is_error for reply in replies)
    assert _graded(log)["passed"] is True
    assert f"{task.query_id}: passed" in log.read_text()


def test_a_planning_task_handed_a_wrong_plan_fails(tmp_path: Path) -> None:
    suite = load_suite("travelplans")
    task, other = suite.tasks[0], suite.tasks[1]
    log = tmp_path / "stderr.txt"
    _serve(
        ["--suite", "travelplans", "--task", task.query_id],
        [("submit_plan", {"plan": gold_plan_text(other)}), ("finish", {"answer": ""})],
        log,
    )
    graded = _graded(log)
    assert graded["passed"] is False and graded["outcome"] != "passed"


def test_a_conversation_where_the_client_leaves_without_a_reply(tmp_path: Path) -> None:
    log = tmp_path / "stderr.txt"
    replies = _serve(
        [
            "--suite",
            "personal_demo",
            "--task",
            "st_01_tell_tunde_sunday",
            "--user-model",
            "scripted",
        ],
        [("search_contacts", {"query": "Tunde"})],
        log,
    )
    assert not replies[0].is_error and "Tunde" in replies[0].content[0].text
    assert _graded(log)["outcome"] == "step_limit"
