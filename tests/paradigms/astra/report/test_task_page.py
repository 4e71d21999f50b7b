"""A scenario's page data: the oracle's conversation on a bundled scenario, with each tool call,
the world's changes after the write (before and after, counters left out) and the milestones
matched at their messages; and the report embeds it for the task's page."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from assistworld.core.paradigm import AgentRequest
from assistworld.core.registry import get_paradigm, load_suite
from assistworld.paradigms.astra.report.task_page import task_page
from assistworld.report.commands import report_command
from assistworld.runner.session import RunReport, RunSettings, execute_run

SCENARIO = "st_04_push_dentist_back"


@pytest.fixture(scope="module")
def oracle_run(tmp_path_factory: pytest.TempPathFactory) -> RunReport:
    suite = load_suite("personal_demo")
    agent = get_paradigm("astra").build_agent(AgentRequest(name="oracle", suite=suite))
    out = tmp_path_factory.mktemp("page") / "run"
    return execute_run(suite, agent, RunSettings(out_dir=out, concurrency=1, task_ids=[SCENARIO]))


def test_the_page_shows_calls_world_changes_and_matches(oracle_run: RunReport) -> None:
    (result,) = oracle_run.results
    page = task_page(result)
    steps = page["conversation"]
    assert steps[0] == {"index": 0, "role": "user", "text": steps[0]["text"]}
    write = next(
        s for s in steps if any(c["name"] == "modify_calendar_event" for c in s.get("calls", []))
    )
    (call,) = write["calls"]
    assert json.loads(call["arguments"])["event_id"] == "ev-dentist"
    changed = [s for s in steps if "changes" in s]
    assert [s["index"] for s in changed] == [write["index"] + 1]  # the tool result after it
    changes = {c["path"]: c for c in changed[0]["changes"]}
    start = changes["personal_calendar › ev-dentist › starts_at"]
    assert start["op"] == "set" and "08:30" in start["before"] and "09:30" in start["after"]
    assert "version" not in changes
    matched = result.details.milestones.matched
    for name, index in matched.items():
        assert f"milestone {name} (1.00)" in [m["text"] for m in steps[index].get("marks", [])]
    marks = [m["text"] for m in write.get("marks", [])]
    assert "golden write 0, the rows of dentist_moved (1.00)" in marks  # not an extra write
    assert all(m["kind"] != "extra" for s in steps for m in s.get("marks", []))
    assert page["checks"][0]["passed"] is True and page["scores"]["S"] == 1.0
    assert page["unmatched"] == [] and "judge" not in page


def test_the_report_embeds_the_page_for_the_task(oracle_run: RunReport, tmp_path: Path) -> None:
    text = report_command([oracle_run.run_dir], tmp_path / "report.html").read_text()
    raw = re.search(r'<script type="application/json" id="report-data">(.*?)</script>', text, re.S)
    assert raw is not None
    (row,) = json.loads(raw.group(1))["runs"][0]["tasks"]
    assert row["page"]["conversation"][0]["role"] == "user"
    assert row["kind"] == "single_turn" and row["query"].startswith("Push my dentist")
    assert "worlds" not in row.get("details", "")  # the record is not dumped a second time
    assert "report.layouts.conversation = function" in text  # its page layout is included
