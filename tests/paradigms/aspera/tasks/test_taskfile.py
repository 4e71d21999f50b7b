"""Task files: what the loader extracts, and the one-line message for each kind of mistake."""

from __future__ import annotations

import datetime
import textwrap
from pathlib import Path

import pytest

import assistworld.paradigms.aspera.tasks.taskfile as taskfile_module
from assistworld.paradigms.aspera.tasks.errors import TaskError
from assistworld.paradigms.aspera.tasks.taskfile import load_task_file, read_task_file
from tests.paradigms.aspera.tasks.samples import VALID_FILE, line_of, write


def problems_of(tmp_path: Path, text: str, name: str = "task.py") -> list[str]:
    path = write(tmp_path, name, text)
    with pytest.raises(TaskError) as caught:
        load_task_file(path)
    return list(caught.value.problems)


def test_a_valid_file_gives_its_query_metadata_and_exact_function_texts(tmp_path: Path) -> None:
    path = write(tmp_path, "count.py", VALID_FILE)
    parsed = read_task_file(path)
    task = parsed.task
    assert parsed.query_id_line == line_of(VALID_FILE, "QUERY_ID")
    assert task.query == "Assistant, how many meetings do I have tomorrow?"
    assert (task.query_id, task.category, task.tags) == ("count_tomorrow", "counting", ["calendar"])
    assert task.kind == "information-seeking"
    assert task.source == str(path)
    start = VALID_FILE.index("def count_meetings_tomorrow")
    assert task.program == VALID_FILE[start : VALID_FILE.index("\n\n\ndef setup_env")]
    assert task.state_generation_programs == [
        'def setup_env_count_meetings_tomorrow():\n    simulate_org_structure(["Ana"])'
    ]
    assert task.evaluation_programs[0].startswith("def evaluate_count_meetings_tomorrow(")
    assert task.evaluation_programs[0].endswith('raise SolutionError("Incorrect solution")')


def test_the_documented_example_is_a_valid_task_file(tmp_path: Path) -> None:
    doc = taskfile_module.__doc__ or ""
    example = textwrap.dedent(doc[doc.index("::\n\n") + 4 : doc.index("\nThe rules:")])
    task = load_task_file(write(tmp_path, "cancel_declined_review.py", example))
    assert task.query_id == "cancel_declined_review"
    assert task.setup_function_names == [
        "setup_env_cancel_budget_review_if_declined",
        "setup_env_cancel_budget_review_if_declined_accepted",
    ]
    assert task.evaluation_function_names == [
        "evaluate_cancel_budget_review_if_declined",
        "evaluate_cancel_budget_review_if_declined_accepted",
    ]


def test_pairs_follow_setup_order_and_match_by_suffix(tmp_path: Path) -> None:
    text = VALID_FILE + textwrap.dedent(
        """

        def evaluate_count_meetings_tomorrow_busy(query, executable, setup_function):
            setup_function()


        def setup_env_count_meetings_tomorrow_busy():
            simulate_org_structure(["Ana", "Bo"])
        """
    )
    task = load_task_file(write(tmp_path, "count.py", text))
    assert task.setup_function_names == [
        "setup_env_count_meetings_tomorrow",
        "setup_env_count_meetings_tomorrow_busy",
    ]
    assert task.evaluation_function_names == [
        "evaluate_count_meetings_tomorrow",
        "evaluate_count_meetings_tomorrow_busy",
    ]


def test_decorators_inner_comments_and_trailing_indented_comments_belong_to_the_program(
    tmp_path: Path,
) -> None:
    program = (
        "@some_decorator\n"
        "def count_meetings_tomorrow() -> int:\n"
        "    # planning step\n"
        "    return 0\n"
        "    # a comment after the last statement"
    )
    text = VALID_FILE.replace(
        VALID_FILE[
            VALID_FILE.index("def count_meetings_tomorrow") : VALID_FILE.index("\n\n\ndef setup")
        ],
        program + "\n# a module comment, not part of the program",
    )
    assert load_task_file(write(tmp_path, "count.py", text)).program == program


def test_optional_metadata_and_the_main_block(tmp_path: Path) -> None:
    text = VALID_FILE.replace(
        'TAGS = ["calendar"]\n',
        'TAGS = ["calendar"]\nKIND = "state-changing"\nNOW = "2024-07-01T14:30"\n'
        'SCENARIO = {"apps": ["work_calendar"], "guidelines": {"evaluation": None}}\n\n'
        'if __name__ == "__main__":\n    import sys\n\n    sys.exit(0)\n',
    )
    task = load_task_file(write(tmp_path, "count.py", text))
    assert task.kind == "state-changing"
    assert task.now == datetime.datetime(2024, 7, 1, 14, 30)
    assert task.scenario is not None and task.scenario.apps == ["work_calendar"]


# -- the cases the brief requires, each asserted as one exact line ---------------------------------


def test_missing_evaluation_function(tmp_path: Path) -> None:
    text = VALID_FILE[: VALID_FILE.index("\n\n\ndef evaluate_")] + "\n"
    line = line_of(text, "def setup_env_")
    assert problems_of(tmp_path, text) == [
        f"{tmp_path / 'task.py'}:{line}: setup function setup_env_count_meetings_tomorrow has no "
        "matching evaluate_count_meetings_tomorrow; add it or remove the setup"
    ]


def test_syntax_error_names_the_line(tmp_path: Path) -> None:
    text = VALID_FILE.replace("    tomorrow = parse", "    tomorrow = = parse")
    line = line_of(text, "= = parse")
    assert problems_of(tmp_path, text) == [
        f"{tmp_path / 'task.py'}:{line}: syntax error: invalid syntax; fix the Python syntax"
    ]


def test_mismatched_pair_count(tmp_path: Path) -> None:
    text = VALID_FILE + (
        "\n\ndef evaluate_count_meetings_tomorrow_2(query, executable, setup_function):\n"
        "    setup_function()\n"
    )
    line = line_of(text, "def evaluate_count_meetings_tomorrow_2")
    assert problems_of(tmp_path, text) == [
        f"{tmp_path / 'task.py'}:{line}: evaluation function evaluate_count_meetings_tomorrow_2 "
        "has no matching setup_env_count_meetings_tomorrow_2; add it or remove the evaluation"
    ]


def test_unknown_metadata_field_lists_the_allowed_ones(tmp_path: Path) -> None:
    text = VALID_FILE.replace("CATEGORY =", "CATEGROY =")
    line = line_of(text, "CATEGROY")
    assert problems_of(tmp_path, text) == [
        f"{tmp_path / 'task.py'}:{line}: unknown metadata field CATEGROY (did you mean "
        "CATEGORY?); allowed fields: QUERY_ID, CATEGORY, TAGS, KIND, NOW, SCENARIO"
    ]


def test_missing_query_docstring(tmp_path: Path) -> None:
    text = VALID_FILE[VALID_FILE.index("\n") + 1 :]
    assert problems_of(tmp_path, text) == [
        f"{tmp_path / 'task.py'}:1: missing query docstring; start the file with the user query, "
        'e.g. """Assistant, cancel my lunch with Jill."""'
    ]


def test_two_candidate_reference_functions(tmp_path: Path) -> None:
    text = VALID_FILE + "\n\ndef helper():\n    return 1\n"
    line = line_of(text, "def helper")
    first = line_of(text, "def count_meetings_tomorrow")
    assert problems_of(tmp_path, text) == [
        f"{tmp_path / 'task.py'}:{line}: two candidate reference functions, "
        f"count_meetings_tomorrow (line {first}) and helper; keep one (helpers belong inside the "
        "reference function, and setup/evaluation functions start with setup_env_ / evaluate_)"
    ]


# -- more mistakes ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("old", "new", "needle", "message"),
    [
        (
            'TAGS = ["calendar"]',
            'TAGS = "calendar"',
            "TAGS =",
            'TAGS must be a list of strings, e.g. TAGS = ["rooms", "recurring"]',
        ),
        (
            'TAGS = ["calendar"]',
            "TAGS = sorted(['a'])",
            "TAGS =",
            "TAGS must be a literal value (a string, list or dict), not an expression",
        ),
        (
            'CATEGORY = "counting"',
            'CATEGORY = "counting"\nKIND = "question"',
            "KIND =",
            'KIND must be "information-seeking" or "state-changing" (or left out)',
        ),
        (
            'CATEGORY = "counting"',
            'CATEGORY = "counting"\nNOW = "next tuesday"',
            "NOW =",
            "NOW is not an ISO date-time: 'next tuesday'; e.g. NOW = \"2024-06-25T09:06\"",
        ),
        (
            'CATEGORY = "counting"',
            'CATEGORY = "counting"\nCATEGORY = "again"',
            '"again"',
            "CATEGORY is assigned twice (first at line 4); keep one",
        ),
        (
            'CATEGORY = "counting"',
            'CATEGORY = "counting"\nimport json',
            "import json",
            "top-level import is not part of any program; import inside the function that needs "
            "it (library names need no import)",
        ),
        (
            'CATEGORY = "counting"',
            'CATEGORY = "counting"\nprint("hello")',
            "print(",
            "unexpected top-level statement (Expr); a task file holds only the query docstring, "
            'metadata assignments, functions and an `if __name__ == "__main__":` block',
        ),
        (
            "def evaluate_count_meetings_tomorrow(query, executable, setup_function):",
            "def evaluate_count_meetings_tomorrow(query, run):",
            "def evaluate_",
            "evaluate_count_meetings_tomorrow must accept the keyword arguments query, executable "
            "and setup_function (it has (query, run)); fix its parameters",
        ),
    ],
)
def test_each_mistake_is_one_line_with_file_and_line(
    tmp_path: Path, old: str, new: str, needle: str, message: str
) -> None:
    text = VALID_FILE.replace(old, new)
    lines = [number for number, line in enumerate(text.split("\n"), 1) if needle in line]
    assert problems_of(tmp_path, text) == [f"{tmp_path / 'task.py'}:{lines[-1]}: {message}"]


def test_a_setup_named_after_another_plan(tmp_path: Path) -> None:
    text = VALID_FILE.replace(
        "def setup_env_count_meetings_tomorrow(", "def setup_env_count_meetings("
    )
    where = tmp_path / "task.py"
    assert problems_of(tmp_path, text) == [
        f"{where}:{line_of(text, 'def setup_env_')}: setup function setup_env_count_meetings does "
        "not match the plan name count_meetings_tomorrow; name it "
        "setup_env_count_meetings_tomorrow or setup_env_count_meetings_tomorrow_<suffix>",
        f"{where}:{line_of(text, 'def evaluate_')}: evaluation function "
        "evaluate_count_meetings_tomorrow has no matching setup_env_count_meetings_tomorrow; add "
        "it or remove the evaluation",
    ]


def test_missing_query_id_and_missing_pairs(tmp_path: Path) -> None:
    text = VALID_FILE[: VALID_FILE.index("\n\n\ndef setup_env_")].replace(
        'QUERY_ID = "count_tomorrow"\n', ""
    )
    plan_line = line_of(text, "def count_meetings_tomorrow")
    assert problems_of(tmp_path, text) == [
        f'{tmp_path / "task.py"}:1: QUERY_ID is missing; add QUERY_ID = "<unique id>" after the '
        "docstring",
        f"{tmp_path / 'task.py'}:{plan_line}: no setup/evaluation pair; add def "
        "setup_env_count_meetings_tomorrow(): ... and def evaluate_count_meetings_tomorrow(query, "
        "executable, setup_function): ...",
    ]


def test_a_function_defined_twice(tmp_path: Path) -> None:
    duplicate = "\n\ndef setup_env_count_meetings_tomorrow():\n    pass\n"
    text = VALID_FILE + duplicate
    first, again = [n for n, line in enumerate(text.split("\n"), 1) if "def setup_env_" in line]
    assert problems_of(tmp_path, text) == [
        f"{tmp_path / 'task.py'}:{again}: function "
        f"setup_env_count_meetings_tomorrow is defined again (first at line {first}); rename or "
        "remove one"
    ]


def test_all_problems_of_a_file_come_together_in_line_order(tmp_path: Path) -> None:
    text = VALID_FILE.replace("CATEGORY =", "CATEGROY =").replace("TAGS = [", "TAGS = (")
    text = text.replace('"calendar"]', '"calendar")') + "\n\nclass Helper:\n    pass\n"
    problems = problems_of(tmp_path, text)
    lines = [int(problem.split(":")[1]) for problem in problems]
    assert len(problems) == 3
    assert lines == sorted(lines)


def test_unreadable_and_non_utf8_files(tmp_path: Path) -> None:
    missing = tmp_path / "missing.py"
    with pytest.raises(TaskError) as caught:
        load_task_file(missing)
    assert caught.value.problems == (
        f"{missing}: cannot read the file (No such file or directory)",
    )
    latin = tmp_path / "latin.py"
    latin.write_bytes('"""Caf\xe9"""\n'.encode("latin-1"))
    with pytest.raises(TaskError) as caught:
        load_task_file(latin)
    assert caught.value.problems == (
        f"{latin}:1: not UTF-8 text (invalid continuation byte); save it as UTF-8",
    )


def test_reading_a_file_parses_it_once_and_no_program_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its programs are functions of the parsed file: the contract check and the task's kind
    read their trees from it (parsing each program again was a third of loading a suite)."""
    import ast

    parsed_texts: list[str] = []
    real_parse = ast.parse

    def counting_parse(source: str, *args: object, **kwargs: object) -> ast.Module:
        parsed_texts.append(source)
        return real_parse(source, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(ast, "parse", counting_parse)
    task = read_task_file(write(tmp_path, "count.py", VALID_FILE)).task
    assert len(parsed_texts) == 1 and "QUERY_ID" in parsed_texts[0]
    assert task.kind == "information-seeking"  # derived from the file's own tree
    monkeypatch.setattr(ast, "parse", real_parse)
    rebuilt = type(task).model_validate(task.model_dump())  # from text alone: same task
    assert rebuilt == task and rebuilt.kind == task.kind
