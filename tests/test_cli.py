"""The command line end to end: model agents against a loopback server, errors, listings."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from assistworld.cli import app
from assistworld.llm.loopback import LoopbackServer
from tests.runner._suite import write_suite

PROGRAM_REPLY = """Here is the program:

```python
def add_focus_block():
    starts_at = combine(parse_date_string(DateExpressions.Tomorrow), time_by_hm(10, 0, "am"))
    length = Duration(15, TimeUnits.Minutes)
    ends_at = modify(starts_at, length, operator=DateTimeClauseOperators.add)
    add_event(Event(subject="Focus", starts_at=starts_at, ends_at=ends_at))
```
"""


def _results(run_dir: Path) -> list[dict[str, Any]]:
    lines = (run_dir / "results.jsonl").read_text().splitlines()
    return sorted((json.loads(line) for line in lines), key=lambda r: str(r["query_id"]))


@pytest.fixture
def suite_dir(tmp_path: Path) -> Path:
    write_suite(tmp_path / "suite", 3)
    return tmp_path / "suite"


def test_cck_run_against_a_server_then_replays_from_the_cache(
    suite_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ASSISTWORLD_CACHE_DIR", str(tmp_path / "cache"))
    runner = CliRunner()
    with LoopbackServer(reply=PROGRAM_REPLY) as server:
        model = f"openai-compatible:loopback-model@{server.base_url}"
        common = ["run", "--suite", str(suite_dir), "--agent", "cck", "--model", model, "--unsafe"]
        first = runner.invoke(app, [*common, "--out", str(tmp_path / "a")])
        assert first.exit_code == 0, first.output
        assert "3/3 done, 1 passed" in first.output  # not a terminal: plain progress lines
        lines = [line.strip() for line in first.output.splitlines()]
        assert "by category" in lines  # the table's labels are not cut to 80 columns
        assert any(line.startswith("even ") for line in lines)
        made = server.chat_requests
        assert made == 3
        second = runner.invoke(app, [*common, "--out", str(tmp_path / "b")])
        assert second.exit_code == 0, second.output
        assert server.chat_requests == made  # every reply came from the cache
    results = _results(tmp_path / "a")
    assert [r["passed"] for r in results] == [True, False, False]  # only 15 minutes is right
    assert results[1]["outcome"] == "task_completion_error"
    assert results[0]["usage"]["prompt_tokens"] > 0
    manifest = json.loads((tmp_path / "a" / "manifest.json").read_text())
    assert manifest["agent"]["agent"] == "cck"
    assert manifest["agent"]["return_type_hint"] is False
    assert manifest["usage"]["prompt_tokens"] > 0
    replayed = _results(tmp_path / "b")
    assert [r["passed"] for r in replayed] == [True, False, False]


def test_an_unreachable_server_is_one_clear_error_before_the_run(
    suite_dir: Path, tmp_path: Path
) -> None:
    result = CliRunner().invoke(
        app,
        [
            "run", "--suite", str(suite_dir), "--agent", "cck", "--unsafe",
            "--model", "openai-compatible:m@http://127.0.0.1:9/v1", "--out", str(tmp_path / "x"),
        ],
    )  # fmt: skip
    assert result.exit_code == 2
    assert "127.0.0.1:9" in result.output
    assert not (tmp_path / "x").exists()


def test_a_model_agent_without_a_model_is_refused(suite_dir: Path, tmp_path: Path) -> None:
    result = CliRunner().invoke(
        app, ["run", "--suite", str(suite_dir), "--agent", "cck", "--unsafe"]
    )
    assert result.exit_code == 2
    assert "--model" in result.output


def test_a_missing_suite_is_named(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["run", "--suite", str(tmp_path / "nope")])
    assert result.exit_code == 2
    assert "nope" in result.output


def test_tasks_lists_json_with_complexity(suite_dir: Path) -> None:
    result = CliRunner().invoke(app, ["tasks", "--suite", str(suite_dir), "--json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)
    assert [row["query_id"] for row in rows] == ["focus_00", "focus_01", "focus_02"]
    assert rows[0]["kind"] == "state-changing"
    assert rows[0]["complexity"]["cyclomatic_complexity"] >= 1


@pytest.mark.parametrize(
    ("suite", "first"), [("travelplans", "ss-0"), ("personal_demo", "mt_01_cancel_appointment")]
)
def test_a_planning_or_conversation_listing_is_one_line_a_task_at_80_columns(
    suite: str, first: str
) -> None:
    result = CliRunner().invoke(app, ["tasks", "--suite", suite], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert max(len(line) for line in lines) <= 80
    assert lines[2].startswith(first)
    assert len(lines) == 2 + (840 if suite == "travelplans" else 12)


def test_verify_passes_a_sound_suite(suite_dir: Path) -> None:
    result = CliRunner().invoke(app, ["verify", "--suite", str(suite_dir), "--unsafe"])
    assert result.exit_code == 0, result.output
    assert "verify: OK" in result.output


HANDS_BACK_ONLY_TASK = '''"""Assistant, book 30 minutes tomorrow at 10 unless I am busy then."""

QUERY_ID = "sync_or_ask"
CATEGORY = "policy"


def sync_or_ask():
    """Book the sync, or ask when the user is busy at 10."""
    start = combine(parse_date_string(DateExpressions.Tomorrow), time_by_hm(10, 0, "am"))
    end = start + datetime.timedelta(minutes=30)
    if any(e.starts_at < end and start < e.ends_at for e in find_events()):
        raise RequiresUserInput("You are busy at 10: shall I pick another time?")
    add_event(Event(subject="Sync", starts_at=start, ends_at=end))


def setup_env_sync_or_ask():
    simulate_org_structure(default_employee_names=["Bob"])
    start = combine(parse_date_string(DateExpressions.Tomorrow), time_by_hm(10, 0, "am"))
    end = start + datetime.timedelta(hours=1)
    simulate_user_calendar([Event(subject="Dentist", starts_at=start, ends_at=end)])


def evaluate_sync_or_ask(query, executable, setup_function):
    setup_function()
    before = snapshot_world()
    try:
        executable()
    except RequiresUserInput:
        assert_no_changes_since(before)
        return
    raise SolutionError("Incorrect solution")
'''


def test_verify_lists_a_task_that_always_handing_back_passes(tmp_path: Path) -> None:
    (tmp_path / "sync_or_ask.py").write_text(HANDS_BACK_ONLY_TASK, encoding="utf-8")
    result = CliRunner().invoke(app, ["verify", "--suite", str(tmp_path), "--unsafe"])
    assert result.exit_code != 0, result.output
    assert "always-hands-back passes 1 of 1" in result.output
    assert "sync_or_ask" in result.output and "always hands back" in result.output
    assert "verify: FAILED" in result.output


def test_after_a_resume_the_counts_are_this_invocations_and_the_earlier_are_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ASSISTWORLD_CACHE_DIR", str(tmp_path / "cache"))
    write_suite(tmp_path / "suite", 4)
    out = tmp_path / "run"
    with LoopbackServer(reply=PROGRAM_REPLY) as server:
        model = f"openai-compatible:loopback-model@{server.base_url}"
        args = ["run", "--suite", str(tmp_path / "suite"), "--agent", "cck", "--model", model]
        args += ["--unsafe", "--out", str(out)]
        assert CliRunner().invoke(app, args).exit_code == 0
        lines = (out / "results.jsonl").read_text().splitlines(keepends=True)
        (out / "results.jsonl").write_text("".join(lines[:1]))  # as if stopped after one task
        monkeypatch.setenv("ASSISTWORLD_CACHE_DIR", str(tmp_path / "empty-cache"))
        resumed = CliRunner().invoke(app, [*args, "--resume"])
    assert resumed.exit_code == 0, resumed.output
    assert "4 tasks (3 run now, 1 from earlier invocations)" in resumed.output
    assert (
        "model replies: 3 (0 from the cache, 3 asked now); earlier invocations of this run: 1"
        in (resumed.output)
    )


def test_tasks_refuses_a_broken_task_file_as_run_and_verify_do(suite_dir: Path) -> None:
    (suite_dir / "broken.py").write_text("QUERY_ID = 'broken'\ndef (:\n", encoding="utf-8")
    listed = CliRunner().invoke(app, ["tasks", "--suite", str(suite_dir)])
    verified = CliRunner().invoke(app, ["verify", "--suite", str(suite_dir), "--unsafe"])
    assert listed.exit_code == verified.exit_code == 2
    assert "broken.py" in listed.output
    assert listed.output == verified.output
