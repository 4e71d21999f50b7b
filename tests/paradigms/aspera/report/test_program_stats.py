"""Statistics of generated programs against the reference ones (the paper's Table 5)."""

from __future__ import annotations

from pathlib import Path

import pytest

from assistworld.paradigms.aspera.report.measuring import ProgramMeasurer
from assistworld.paradigms.aspera.report.program_stats import (
    format_stat,
    generated_stats,
    reference_stats,
)
from assistworld.paradigms.aspera.report.references import load_references
from tests.report._runs import manifest, result, write_suite

HELPER_PROGRAM = """def solve():
    # plan: find the events
    # plan: count them
    def today(events):
        return [e for e in events if e.starts_at.date() == now().date()]

    if not find_events():
        raise RequiresUserInput("nothing")
    return len(today(find_events()))
"""


def test_generated_statistics_count_helpers_handbacks_and_planning_steps(tmp_path: Path) -> None:
    suite = write_suite(tmp_path / "suite")
    refs = load_references(manifest(suite, [])).tasks
    results = [
        result("lunch_01", "passed", program=HELPER_PROGRAM),
        result("count_02", "parse_failure", program="def broken(:"),
        result("cancel_03", "no_program", program=""),
    ]
    stats = generated_stats(results, refs, ProgramMeasurer())
    assert stats.programs == 1
    assert stats.unmeasured == 2
    assert stats.helper_functions == 1
    assert stats.requires_user_input == 1
    assert stats.mean_planning_steps == 2
    assert stats.mean_cyclomatic_complexity == 4  # 1 + if + comprehension for + its if
    lunch_lines = refs["lunch_01"].complexity.lines  # type: ignore[union-attr]
    assert stats.mean_lines == 6
    assert stats.lines_delta == pytest.approx(6 - lunch_lines)


def test_reference_statistics_cover_the_given_tasks(tmp_path: Path) -> None:
    suite = write_suite(tmp_path / "suite")
    refs = load_references(manifest(suite, [])).tasks
    stats = reference_stats(["cancel_03", "lunch_01", "unknown"], refs)
    assert stats.programs == 2
    assert stats.unmeasured == 1
    assert stats.requires_user_input == 2
    assert stats.helper_functions == 1
    assert stats.lines_delta is None


def test_without_references_the_line_delta_is_unknown() -> None:
    stats = generated_stats([result("a", "passed")], {}, ProgramMeasurer())
    assert stats.lines_delta is None
    assert format_stat(stats, "lines_delta", "{:+.2f}") == "—"
    assert format_stat(stats, "programs", "{:d}") == "1"
