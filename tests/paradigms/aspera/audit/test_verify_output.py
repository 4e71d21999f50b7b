"""``verify`` names every rule it applies, with its threshold, and says which failed; it shows
progress while it grades."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from assistworld.cli import app

WEAK_TASK = '''"""Assistant, book a 30-minute sync tomorrow at 10 AM."""

QUERY_ID = "weak_sync"
CATEGORY = "scheduling"


def book_sync():
    """Book the sync."""
    start = combine(parse_date_string(DateExpressions.Tomorrow), time_by_hm(10, 0, "am"))
    end = start + datetime.timedelta(minutes=30)
    add_event(Event(subject="Sync", starts_at=start, ends_at=end))


def setup_env_book_sync():
    simulate_org_structure(default_employee_names=["Bob"])


def evaluate_book_sync(query, executable, setup_function):
    setup_function()
    executable()
    if len(find_events()) != 1:  # weak: any time, any length passes
        raise SolutionError("Incorrect solution")
'''


def test_a_weak_evaluation_fails_the_kill_rate_rules_and_says_so(tmp_path: Path) -> None:
    (tmp_path / "weak_sync.py").write_text(WEAK_TASK, encoding="utf-8")
    result = CliRunner().invoke(
        app, ["verify", "--suite", str(tmp_path), "--unsafe", "--mutants"], env={"COLUMNS": "100"}
    )
    assert result.exit_code == 1, result.output
    text = result.output
    assert "mutants: 1/1 tasks" in text  # progress while grading, as plain lines in a log
    for rule in (
        "the reference passes every task",
        "doing nothing fails every state-changing task",
        "always handing back fails every task",
        "overall mutant kill rate >= 90%",
        "each task's kill rate >= 60%",
        "each task accepts at most 0 mutants that change its outcome",
    ):
        assert rule in text, rule
    verdict = text.strip().splitlines()[-1]
    assert verdict.startswith("verify: FAILED (overall mutant kill rate >= 90%: ")
    assert "each task's kill rate >= 60%: 1 task below" in verdict
    assert "each task accepts at most 0 mutants that change its outcome" in verdict
    assert "1 task accept one: weak_sync" in verdict
    assert text.count("holds") == 3 and text.count("FAILED") == 4


def test_survivors_and_per_operator_counts_on_request(tmp_path: Path) -> None:
    (tmp_path / "weak_sync.py").write_text(WEAK_TASK, encoding="utf-8")
    result = CliRunner().invoke(
        app,
        [
            *("verify", "--suite", str(tmp_path), "--unsafe", "--mutants"),
            *("--show-survivors", "--by-operator"),
        ],
        env={"COLUMNS": "200"},
    )
    text = result.output
    assert "Mutants by operator" in text
    rows = {line.split("│")[1].strip(): line for line in text.splitlines() if line.count("│") > 5}
    # the time is never checked: each shifted hour or minute survives and gets the outcome wrong
    assert "! shift-time: line 9: 10 -> 11 in a time/date call (changes ends_at, starts_at)" in text
    cells = [cell.strip() for cell in rows["shift-time"].split("│")[1:-1]]
    assert cells == ["shift-time", "2", "0", "0", "2", "2"]  # made, killed, equivalent, survived
    # removing the only write, or deleting the event instead, is caught by the count check
    assert [c.strip() for c in rows["remove-call"].split("│")[1:-1]][2] == "1"
