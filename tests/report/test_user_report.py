"""The simulated-user figures of a run in its summary, ``show``, the report and a scenario's page,
on real conversations: one whose user got stuck answering as the assistant, one whose user
behaved, and a single-turn scenario."""

from __future__ import annotations

import html
import io
import json
import re
from pathlib import Path

import pytest
from rich.console import Console

from assistworld.llm.chat import ChatRequest, ChatResponse
from assistworld.paradigms.astra.grading.results import AstraResult, grade
from assistworld.paradigms.astra.report.summary import summary_data
from assistworld.paradigms.astra.report.task_page import task_page
from assistworld.report.commands import report_command, show_command

from ..paradigms.astra.agents.test_conversations import (
    MULTI,
    asker,
    canceller,
    run,
    stuck_user,
    tools_agent,
)
from ..paradigms.astra.helpers import ScriptedModel, said, scenario


def polite_user(request: ChatRequest) -> ChatResponse:
    if len(request.messages) == 2:
        return said("The one with Priya, please.")
    return said("Thanks! [END goal_met]")


def results() -> list[AstraResult]:
    stuck_task = scenario(**MULTI, query_id="stuck")
    always_asks = ScriptedModel(lambda request: said("Which meeting do you mean?"))
    stuck = run(tools_agent(always_asks, ScriptedModel(stuck_user), max_user_turns=3), stuck_task)
    good_task = scenario(**MULTI, query_id="good")
    good = run(tools_agent(ScriptedModel(asker), ScriptedModel(polite_user)), good_task)
    single = run(tools_agent(ScriptedModel(canceller)), scenario(query_id="single"))
    return [
        grade(stuck_task, stuck, "tools"),
        grade(good_task, good, "tools"),
        grade(scenario(query_id="single"), single, "tools"),
    ]


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[AstraResult]]:
    folder = tmp_path_factory.mktemp("user-run")
    graded = results()
    lines = "".join(result.model_dump_json() + "\n" for result in graded)
    (folder / "results.jsonl").write_text(lines, encoding="utf-8")
    manifest = {"paradigm": "astra", "suite": "made", "agent": {"name": "tools"}}
    (folder / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    return folder, graded


def test_the_summary_counts_the_flagged_users_and_the_success_without_them(
    made: tuple[Path, list[AstraResult]],
) -> None:
    _, graded = made
    assert [r.passed for r in graded] == [False, True, True]
    users = summary_data(graded)["user_checks"]
    assert users["checked"] == 2 and users["flagged"] == 1
    assert users["by_kind"] == {
        "as_assistant": 1,
        "repeated": 1,
        "revealed_fact": 0,
        "ended_early": 0,
    }
    assert users["flagged_ids"]["repeated"] == ["stuck"]
    assert users["success"] == pytest.approx(2 / 3) and users["results"] == 3
    assert users["success_user_behaved"] == 1.0 and users["behaved"] == 2
    assert users["success_checked"] == 0.5 and users["success_checked_behaved"] == 1.0


def test_a_run_without_a_simulated_user_has_no_user_figures() -> None:
    single = run(tools_agent(ScriptedModel(canceller)), scenario())
    assert "user_checks" not in summary_data([grade(scenario(), single, "tools")])


def test_show_puts_the_success_where_the_user_behaved_under_the_headline(
    made: tuple[Path, list[AstraResult]],
) -> None:
    buffer = io.StringIO()
    show_command(made[0], Console(file=buffer, width=100, color_system=None))
    printed = buffer.getvalue()
    line = "success 66.7% of 3 · where the simulated user behaved 100.0% of 2"
    assert line in printed
    assert printed.index(line) < printed.index("Simulated user")
    assert re.search(r"spoke as the assistant\s+1\s+stuck", printed)
    assert re.search(r"revealed a fact outside its boundary\s+0", printed)


def test_the_report_lists_the_flagged_conversations_with_links(
    made: tuple[Path, list[AstraResult]],
) -> None:
    folder, _ = made
    page = report_command([folder], folder / "report.html").read_text()
    found = re.search(r'<section id="astra-user".*?</section>', page, re.DOTALL)
    assert found is not None
    shown = html.unescape(found.group(0))
    assert "66.7% of 3" in shown and "<strong>100.0% of 2</strong>" in shown
    assert '<a href="#task/0/stuck"' in shown
    assert "names the tool find_events" in shown  # the evidence, on hover
    assert page.index('id="astra-user"') < page.index('id="astra-complexity"')
    headline = re.search(r'<section id="headline".*?</table>', page, re.DOTALL)
    assert headline is not None
    assert "<th>success, user behaved</th>" in headline.group(0)
    assert "<td>66.7% (2)</td>" in headline.group(0)
    assert "<td>100.0% (2 of 2)</td>" in headline.group(0)


def test_a_scenario_page_marks_the_users_flagged_messages(
    made: tuple[Path, list[AstraResult]],
) -> None:
    stuck, good, single = made[1]
    page = task_page(stuck)
    assert page["facts"]["simulated user"] == "flagged (as_assistant, repeated)"
    marks = [m for step in page["conversation"] for m in step.get("marks", [])]
    assert {m["kind"] for m in marks} == {"user"}
    assert any("says again" in m["text"] for m in marks)
    assert task_page(good)["facts"]["simulated user"] == "behaved"
    assert "simulated user" not in task_page(single)["facts"]
