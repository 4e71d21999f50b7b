from __future__ import annotations

import pytest

from assistworld.paradigms.aspera.grading.candidate import check_candidate, strip_library_imports

GOOD = '''import collections
from datetime import timedelta

def schedule():
    """Do it."""
    def helper():
        return 1
    return helper()
'''


def test_one_function_with_stdlib_imports_is_accepted() -> None:
    check = check_candidate(GOOD)
    assert check.ok
    assert check.function_name == "schedule"


@pytest.mark.parametrize(
    ("program", "expected"),
    [
        ("", "the program is empty"),
        ("def f(:\n    pass\n", "syntax error on line 1"),
        ("import json\n", "no function found"),
        ("def a():\n    pass\n\ndef b():\n    pass\n", "2 top-level functions (a, b)"),
        ("import requests\n\ndef f():\n    pass\n", "only standard-library modules"),
        ("def f():\n    pass\n\nf()\n", "line 4: only imports and one function"),
        ("async def f():\n    pass\n", "must not be async"),
        ("X = 3\ndef f():\n    return X\n", "line 1: only imports and one function"),
    ],
)
def test_bad_programs_get_a_reason(program: str, expected: str) -> None:
    check = check_candidate(program)
    assert not check.ok
    assert check.reason is not None
    assert expected in check.reason


def test_library_imports_are_tolerated_and_stripped_keeping_line_numbers() -> None:
    program = (
        "from work_calendar import add_event, Event\n"
        "import time_utils\n"
        "import json\n"
        "def f():\n"
        "    return json.dumps(1)\n"
    )
    assert check_candidate(program).ok
    stripped, removed = strip_library_imports(program)
    assert removed == 2
    lines = stripped.splitlines()
    assert lines[0] == "" and lines[1] == ""
    assert lines[2] == "import json"
    assert lines[3] == "def f():"


def test_a_program_text_with_a_lone_surrogate_is_a_parse_failure_naming_the_line() -> None:
    check = check_candidate('def f():\n    return "\ud800"\n')
    assert not check.ok
    assert check.reason is not None
    assert "line 2" in check.reason and "U+D800" in check.reason


def test_a_lone_surrogate_written_as_an_escape_is_ordinary_python() -> None:
    assert check_candidate('def f():\n    return "\\ud800"\n').ok
