"""An ASPERA task's row and page in the report: pairs, programs, complexity and selection."""

from __future__ import annotations

from pathlib import Path

from assistworld.paradigms.aspera.report.measuring import ProgramMeasurer
from assistworld.paradigms.aspera.report.references import load_references
from assistworld.paradigms.aspera.report.task_page import task_cells, task_page
from assistworld.report.rundata import load_run
from assistworld.report.taskdata import OUTPUT_CHARS
from tests.report._runs import EVIL_QUERY, pair, result, standard_runs


def test_a_page_holds_each_pair_cut_when_long_and_the_programs_measures() -> None:
    long_trace = "T" * (OUTPUT_CHARS + 50)
    page = task_page(
        result(
            "x",
            "execution_error",
            pairs=[pair(0, "execution_error", exception_type="KeyError", traceback=long_trace)],
        ),
        None,
        ProgramMeasurer(),
    )
    assert page["layout"] == "program"
    assert page["pairs"][0]["exception_type"] == "KeyError"
    assert "50 more characters not shown" in page["pairs"][0]["traceback"]
    assert page["lines"] == 2  # def and return: the library import line is not counted
    assert "parse_error" not in page  # absent fields are left out
    assert page["pairs"][0]["api_calls"] == 3  # a run recorded before local calls existed


def test_library_calls_add_the_time_utilities_the_program_ran_itself() -> None:
    page = task_page(
        result("x", "passed", pairs=[pair(0, "passed", local_calls=4)]), None, ProgramMeasurer()
    )
    assert page["pairs"][0]["api_calls"] == 7


def test_cells_and_page_read_the_reference_and_the_selection(tmp_path: Path) -> None:
    _, _, run_b = standard_runs(tmp_path)
    run = load_run(run_b)
    measurer = ProgramMeasurer()
    refs = load_references(run.manifest, measurer).tasks
    by_id = {result.query_id: result for result in run.results}
    lunch = by_id["lunch_01"]
    cells = task_cells(lunch, refs["lunch_01"], measurer)
    assert cells["pairs"][1] <= len(lunch.details.pairs)
    assert cells["refcc"] == refs["lunch_01"].complexity.cyclomatic_complexity
    page = task_page(lunch, refs["lunch_01"], measurer)
    assert page["selected"] == ["add_event", "find_employee", "find_events", "get_contact"]
    assert "add_event" in page["reference_primitives"]
    assert page["reference"]["program"] == refs["lunch_01"].program
    assert task_page(by_id["count_02"], refs["count_02"], measurer)["reported_scores"] == {
        "precision": 0.5
    }
    assert task_page(by_id["evil_04"], refs["evil_04"], measurer)["query"] == EVIL_QUERY
