"""An astra suite run through the runner against the loopback model server: results, manifest
with every role's model, and a repeat run served from the cache without a single model call."""

from __future__ import annotations

import datetime
import json
from pathlib import Path
from typing import Any

import yaml

from assistworld.core.paradigm import AgentRequest
from assistworld.core.registry import get_paradigm, load_suite
from assistworld.llm.loopback import LoopbackServer, Reply
from assistworld.llm.pool import ClientSettings, ModelPool
from assistworld.paradigms.astra.agents.options import AstraRunOptions
from assistworld.runner.session import RunSettings, execute_run

from .helpers import call, scenario


def write_suite(folder: Path) -> Path:
    folder.mkdir()
    (folder / "worlds").mkdir()
    base = scenario().model_dump(mode="json", exclude={"source", "complexity_labels"})
    world = base.pop("world")
    (folder / "worlds" / "dana.yaml").write_text(yaml.safe_dump(world))
    single = {**base, "world": "worlds/dana.yaml", "query_id": "cancel_single"}
    multi = {
        **single,
        "query_id": "cancel_multi",
        "mode": "multi_turn",
        "query": "Cancel my meeting tomorrow.",
        "user_goal": "Cancel the 1:1 with Priya on Friday.",
        "knowledge_boundary": ["It is the meeting with Priya."],
    }
    for data in (single, multi):
        (folder / f"{data['query_id']}.yaml").write_text(yaml.safe_dump(data, sort_keys=False))
    return folder


def loopback_rule(body: dict[str, Any]) -> Reply:
    """The assistant cancels Priya's meeting (asking first in the multi-turn scenario); the
    simulated user (no tools in its request) names the meeting, then ends."""
    messages = body["messages"]
    if "tools" not in body:
        users = [m for m in messages if m["role"] == "assistant"]
        return Reply(text="The one with Priya." if not users else "Great. [END goal_met]")
    results = [json.loads(m["content"]) for m in messages if m["role"] == "tool"]
    multi = "The user is available" in messages[0]["content"]
    if multi and sum(m["role"] == "user" for m in messages) == 1:
        return Reply(text="Which meeting tomorrow?")
    if not results:
        return Reply(tool_calls=(call(1, "find_events", {}),))
    if len(results) == 1:
        (event,) = [e for e in results[0]["result"] if e["subject"] == "1:1 Priya"]
        return Reply(tool_calls=(call(2, "delete_event", {"event": event}),))
    return Reply(text="I cancelled your 1:1 with Priya.")


def test_a_suite_runs_and_a_repeat_run_makes_no_model_calls(tmp_path: Path) -> None:
    suite = load_suite(write_suite(tmp_path / "suite"))
    assert suite.paradigm == "astra" and len(suite.tasks) == 2
    paradigm = get_paradigm("astra")
    with LoopbackServer(reply=loopback_rule, latency_s=0.01) as server:
        spec = f"openai-compatible:loopback-model@{server.base_url}"

        def run_once(out: Path) -> Any:
            pool = ModelPool(ClientSettings(cache_dir=tmp_path / "cache", concurrency=4))
            try:
                agent = paradigm.build_agent(
                    AgentRequest(name="tools", model=spec, models=pool, suite=suite)
                )
                settings = RunSettings(out_dir=out, concurrency=2)
                return execute_run(suite, agent, settings, models=pool.describe())
            finally:
                pool.close()

        first = run_once(tmp_path / "first")
        calls_after_first = server.chat_requests
        second = run_once(tmp_path / "second")
        assert server.chat_requests == calls_after_first > 0

    for report in (first, second):
        assert [r.passed for r in report.results] == [True, True], [
            (r.outcome, r.details.checks) for r in report.results
        ]
    assert first.metrics.usage["calls"] == calls_after_first
    assert second.metrics.usage["calls"] == 0 and second.metrics.usage["cache_hits"] > 0
    manifest = json.loads((tmp_path / "first" / "manifest.json").read_text())
    assert manifest["paradigm"] == "astra"
    assert manifest["agent"]["model"] == manifest["agent"]["user_model"] == spec
    lines = (tmp_path / "first" / "results.jsonl").read_text().splitlines()
    multi = next(json.loads(line) for line in lines if "cancel_multi" in line)
    assert multi["details"]["end_reason"] == "goal_met"
    assert set(multi["details"]["usage_by_role"]) == {"assistant", "user"}
    assert multi["details"]["conversation"]["world_versions"][-1] == 1
    # the simulated user behaved; the run did not end conversations on a repeat
    assert multi["details"]["user_checks"] == {"flags": []}
    assert manifest["agent"]["end_on_repeat"] is False
    users = json.loads((tmp_path / "first" / "summary.json").read_text())["user_checks"]
    assert users["checked"] == 1 and users["flagged"] == 0 and users["success_user_behaved"] == 1


def test_end_on_repeat_reaches_the_agent_from_the_run_options() -> None:
    paradigm = get_paradigm("astra")
    spec = "openai-compatible:m@http://127.0.0.1:9/v1"
    request = AgentRequest(name="tools", model=spec, options=AstraRunOptions(end_on_repeat=True))
    assert paradigm.build_agent(request).settings()["end_on_repeat"] is True


def test_a_bad_scenario_file_names_the_file_the_field_and_the_fix(tmp_path: Path) -> None:
    folder = write_suite(tmp_path / "suite")
    broken = yaml.safe_load((folder / "cancel_multi.yaml").read_text())
    broken.pop("user_goal")
    broken["mood"] = "cheerful"
    broken["now"] = "next tuesday"
    (folder / "cancel_multi.yaml").write_text(yaml.safe_dump(broken))
    (folder / "zz_world.yaml").write_text(
        yaml.safe_dump(
            {
                **broken,
                "now": datetime.datetime(2025, 3, 13).isoformat(),
                "mood": None,
                "world": "worlds/nobody.yaml",
            }
        )
    )
    suite = load_suite(folder, strict=False)
    assert [t.query_id for t in suite.tasks] == ["cancel_single"]
    text = "\n".join(suite.errors)
    assert f"{folder / 'cancel_multi.yaml'}:10: mood: 'mood' is not a field here" in text
    assert "cancel_multi.yaml:11: now: " in text and "2025-03-14T18:30" in text
    lines = (folder / "zz_world.yaml").read_text().splitlines()
    world_line = next(n for n, line in enumerate(lines, start=1) if line.startswith("world:"))
    assert f"zz_world.yaml:{world_line}: world: no file" in text
