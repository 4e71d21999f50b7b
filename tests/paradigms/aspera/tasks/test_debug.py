"""Running a task file in-process for debugging (``python task.py``)."""

from __future__ import annotations

import io
import textwrap
from pathlib import Path

import assistworld.paradigms.aspera.tasks.taskfile as taskfile_module
from assistworld.paradigms.aspera.tasks.debug import run_file
from tests.paradigms.aspera.tasks.samples import line_of, write

TASK = '''"""Assistant, what time is it?"""

QUERY_ID = "what_time"
NOW = "2024-07-01T14:30"


def tell_time() -> str:
    return now_().strftime("%H:%M")


def setup_env_tell_time():
    simulate_org_structure(["Ana"])


def evaluate_tell_time(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    setup_function()
    if executable() != "14:30":
        raise SolutionError("Incorrect solution")


def setup_env_tell_time_again():
    pass


def evaluate_tell_time_again(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    setup_function()
    if executable() != "14:30":
        raise SolutionError("Incorrect solution")
'''


def run(tmp_path: Path, text: str) -> tuple[int, str]:
    out = io.StringIO()
    status = run_file(write(tmp_path, "task.py", text), out=out)
    return status, out.getvalue()


def test_a_correct_reference_passes_every_pair_with_the_tasks_clock(tmp_path: Path) -> None:
    status, output = run(tmp_path, TASK)
    assert status == 0, output
    assert output.split("\n") == [
        "what_time: plan tell_time, 2 pair(s)",
        "  PASS  setup_env_tell_time -> evaluate_tell_time",
        "  PASS  setup_env_tell_time_again -> evaluate_tell_time_again",
        "2 passed, 0 failed",
        "",
    ]


def test_a_rejected_result_is_a_task_completion_error(tmp_path: Path) -> None:
    status, output = run(tmp_path, TASK.replace('NOW = "2024-07-01T14:30"\n', ""))
    assert status == 1
    assert "FAIL  setup_env_tell_time -> evaluate_tell_time: task completion error" in output
    assert "SolutionError: Incorrect solution" in output
    assert output.endswith("0 passed, 2 failed\n")


def test_handback_and_execution_errors_point_into_the_file(tmp_path: Path) -> None:
    handback = TASK.replace(
        '    return now_().strftime("%H:%M")', '    raise RequiresUserInput("which clock?")'
    )
    status, output = run(tmp_path, handback)
    assert status == 1
    assert "handback control error (RequiresUserInput was not expected)" in output
    crashing = TASK.replace('    return now_().strftime("%H:%M")', "    return str(1 / 0)")
    status, output = run(tmp_path, crashing)
    assert status == 1
    assert ": execution error" in output
    line = line_of(crashing, "1 / 0")
    assert f'File "{tmp_path / "task.py"}", line {line}, in tell_time' in output


def test_an_invalid_file_prints_its_problems(tmp_path: Path) -> None:
    status, output = run(tmp_path, TASK.replace("QUERY_ID", "QUERYID"))
    assert status == 2
    where = tmp_path / "task.py"
    assert output.split("\n") == [
        f'{where}:1: QUERY_ID is missing; add QUERY_ID = "<unique id>" after the docstring',
        f"{where}:3: unknown metadata field QUERYID (did you mean QUERY_ID?); allowed fields: "
        "QUERY_ID, CATEGORY, TAGS, KIND, NOW, SCENARIO",
        "",
    ]


def test_the_documented_example_passes_against_the_library(tmp_path: Path) -> None:
    doc = taskfile_module.__doc__ or ""
    example = textwrap.dedent(doc[doc.index("::\n\n") + 4 : doc.index("\nThe rules:")])
    status, output = run(tmp_path, example)
    assert status == 0, output
    assert output.endswith("2 passed, 0 failed\n")


def test_task_files_written_before_the_move_still_find_run_file() -> None:
    from assistworld.paradigms.aspera.tasks import debug
    from assistworld.tasks import debug as old_path

    assert old_path.run_file is debug.run_file
