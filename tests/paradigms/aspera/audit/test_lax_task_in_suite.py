"""A lax task inside a realistic suite fails ``verify`` on its own, whatever the suite's rates.

The suite is four bundled workplace tasks with strict evaluations (chosen for their many mutants,
so that, as in the reported case, the overall kill rate stays above 90% and the lax task's own
rate above 60%) plus one bundled task whose evaluation is weakened here. The whole bundled suite
takes minutes to audit; five tasks take seconds, and the rules at stake are per task.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from assistworld.cli import app

WORKPLACE = Path(__file__).resolve().parents[4] / "src" / "assistworld_suites" / "workplace"
STRICT = (
    "constrained_005_cfo_review_with_prep",
    "solve_006_split_planning_workshop",
    "constrained_012_manager_catchup_fallback",
    "solve_008_clear_the_way_for_cfo",
)
LAX = "extra_017_start_roadmap_review_later"
OUTCOME_RULE = "each task accepts at most 0 mutants that change its outcome"

CHECKED = """    def meetings(state):
        # (start, end, attendee ids, room) of every event, edited in place or re-created
        return Counter(
            (
                row.starts_at,
                row.ends_at,
                tuple(sorted(a.employee_id for a in row.attendees or [])),
                (row.location or "").casefold(),
            )
            for row in state.user_calendar.values()
        )
"""
TIMES_UNCHECKED = """    def meetings(state):
        # who and where, no longer when
        return Counter(
            (
                tuple(sorted(a.employee_id for a in row.attendees or [])),
                (row.location or "").casefold(),
            )
            for row in state.user_calendar.values()
        )
"""


def _checks_replaced(text: str, checks: str) -> str:
    """The evaluation's checks from its ``meetings`` helper to its end replaced by ``checks``."""
    start = text.index(CHECKED)
    end = text.find("\n\n\ndef ", start)
    return text[:start] + checks + (text[end:] if end >= 0 else "\n")


def _times_unchecked(text: str) -> str:
    """The moved meeting must keep its people and room; its new times are not looked at."""
    return _checks_replaced(
        text,
        TIMES_UNCHECKED
        + "\n    if meetings(before) != meetings(snapshot_world()) or not changes_since(before):\n"
        + '        raise SolutionError("Incorrect solution")',
    )


def _nothing_checked(text: str) -> str:
    """Something must have changed in the calendar; what came back is not looked at."""
    return _checks_replaced(
        text, '    if not changes_since(before):\n        raise SolutionError("Incorrect solution")'
    )


def _suite(folder: Path, weaken: object) -> Path:
    for name in (*STRICT, LAX):
        shutil.copy(WORKPLACE / f"{name}.py", folder / f"{name}.py")
    shutil.copy(WORKPLACE / "suite.json", folder / "suite.json")
    lax = folder / f"{LAX}.py"
    assert callable(weaken)
    lax.write_text(weaken(lax.read_text(encoding="utf-8")), encoding="utf-8")
    return folder


def _verify(folder: Path) -> tuple[int, str]:
    result = CliRunner().invoke(
        app,
        ["verify", "--suite", str(folder), "--mutants", "--show-survivors"],
        env={"COLUMNS": "400"},
    )
    crash = result.exception
    if crash is not None and not isinstance(crash, SystemExit):
        raise crash
    return result.exit_code, result.output


@pytest.mark.parametrize(
    "weaken", [_times_unchecked, _nothing_checked], ids=["times-unchecked", "nothing-checked"]
)
def test_a_lax_evaluation_fails_verify_naming_the_task_and_the_rule(
    tmp_path: Path, weaken: object
) -> None:
    code, text = _verify(_suite(tmp_path, weaken))
    assert code == 1, text
    verdict = text.strip().splitlines()[-1]
    assert verdict.startswith("verify: FAILED")
    assert f"{OUTCOME_RULE}" in verdict
    assert f"1 task accept one: {LAX}" in verdict
    for strict in STRICT:
        assert strict not in verdict


def test_with_the_times_unchecked_the_averaged_rules_hold_and_only_the_task_rule_fails(
    tmp_path: Path,
) -> None:
    code, text = _verify(_suite(tmp_path, _times_unchecked))
    assert code == 1
    overall = next(line for line in text.splitlines() if "overall mutant kill rate" in line)
    task_rate = next(line for line in text.splitlines() if "each task's kill rate" in line)
    assert overall.rstrip().endswith("holds") and task_rate.rstrip().endswith("holds"), text
    # the survivors the rule names: the moved meeting's start shifted, in file lines
    assert "! shift-time: line 23: 15 -> 16 in a time/date call (changes starts_at)" in text
    assert "! swap-enum: line 23: DateTimeClauseOperators.add -> subtract" in text


def test_the_unchanged_suite_passes(tmp_path: Path) -> None:
    code, text = _verify(_suite(tmp_path, lambda text: text))
    assert code == 0, text
    assert text.strip().splitlines()[-1] == "verify: OK"
