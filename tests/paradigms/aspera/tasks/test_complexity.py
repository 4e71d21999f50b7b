"""Complexity measures on small programs whose values were worked out by hand."""

from __future__ import annotations

import ast

import pytest

from assistworld.paradigms.aspera.tasks.complexity import (
    COMPLEXITY_MEASURES,
    ProgramComplexity,
    cyclomatic_complexity,
    helper_function_count,
    line_counts,
    max_ast_depth,
    measure_program,
    primitives_used,
    requires_user_input_raises,
)

LIBRARY = frozenset(
    {
        "find_events",
        "add_event",
        "Event",
        "get_current_user",
        "RequiresUserInput",
        "TimeUnits",
        "Duration",
        "now_",
        "datetime",
    }
)

FOOTNOTE = 'def f():\n    find_events(subject="Paper Review")'

STRAIGHT = '''def schedule():
    """Doc."""
    # find the user
    me = get_current_user()  # inline comment
    # make the event

    add_event(Event(subject="x"))'''

BRANCHES = """def pick(events):
    if not events:
        raise RequiresUserInput("none")
    elif len(events) > 1:
        raise RequiresUserInput(f"{len(events)} found")
    for e in events:
        while e and e.subject or False:
            break
    return [x for x in events if x if x] or None"""

HELPERS = """def plan():
    def helper(d):
        if d:
            return 1
        return 0

    class Box:
        def open(self):
            return [i for i in range(3)]

    g = lambda y: y if y else 0
    return helper(1) if g(2) else None"""

HANDLERS = """def plan(x):
    try:
        y = 1
    except ValueError:
        y = 2
    except (KeyError, TypeError):
        y = 3
    match x:
        case 1:
            pass
        case _:
            pass
    assert y"""


@pytest.mark.parametrize(
    ("program", "depth"),
    [
        ("x = 1", 3),  # Module, Assign, Name, Store
        ("def f():\n    pass", 2),  # Module, FunctionDef, Pass
        ("def f():\n    return a.b", 5),  # ..., Return, Attribute, Name, Load
        (FOOTNOTE, 5),  # the paper's footnote 8: Module, FunctionDef, Expr, Call, keyword, Constant
        ("def f():\n    if a:\n        g(b[0])", 7),  # ..., If, Expr, Call, Subscript, Name, Load
        (STRAIGHT, 6),  # ..., Expr, Call add_event, Call Event, keyword, Constant
    ],
)
def test_max_ast_depth(program: str, depth: int) -> None:
    assert max_ast_depth(ast.parse(program)) == depth


@pytest.mark.parametrize(
    ("program", "with_helpers", "without_helpers"),
    [
        (FOOTNOTE, 1, 1),
        # if, elif, for, while, `and`, `or` (x2 operands each), comprehension for + 2 ifs, `or`
        (BRANCHES, 11, 11),
        # helper's if and open's comprehension only count with helpers; lambda and return ternaries
        (HELPERS, 5, 3),
        (HANDLERS, 6, 6),  # two except handlers, two match cases, assert
        ("a = b and c and d", 3, 3),  # one boolean operator, three operands
    ],
)
def test_cyclomatic_complexity(program: str, with_helpers: int, without_helpers: int) -> None:
    tree = ast.parse(program)
    assert cyclomatic_complexity(tree) == with_helpers
    assert cyclomatic_complexity(tree, include_helpers=False) == without_helpers


@pytest.mark.parametrize(
    ("program", "names"),
    [
        (FOOTNOTE, ["find_events"]),
        (STRAIGHT, ["Event", "add_event", "get_current_user"]),
        (BRANCHES, ["RequiresUserInput"]),
        (
            "d = Duration(1, TimeUnits.Hours)\ne = Duration(2, TimeUnits.Minutes)",
            ["Duration", "TimeUnits"],
        ),
        # parameters and assignments are not uses; datetime never counts
        (
            "def f(find_events):\n    find_events = 1\n"
            "    return datetime.date(2024, 1, 1), now_()",
            ["now_"],
        ),
    ],
)
def test_primitives_used(program: str, names: list[str]) -> None:
    assert primitives_used(ast.parse(program), LIBRARY) == names


@pytest.mark.parametrize(
    ("program", "count"),
    [
        (BRANCHES, 2),
        ("raise RequiresUserInput", 1),
        ("raise RequiresUserInput('x') from None", 1),
        ("raise ValueError('x')", 0),
        ("try:\n    pass\nexcept Exception:\n    raise", 0),
        ("e = RequiresUserInput('x')\nraise e", 0),
    ],
)
def test_requires_user_input_raises(program: str, count: int) -> None:
    assert requires_user_input_raises(ast.parse(program)) == count


@pytest.mark.parametrize(("program", "count"), [(FOOTNOTE, 0), (HELPERS, 2), (BRANCHES, 0)])
def test_helper_functions(program: str, count: int) -> None:
    assert helper_function_count(ast.parse(program)) == count


@pytest.mark.parametrize(
    ("program", "code", "comments"),
    [
        (FOOTNOTE, 2, 0),
        (STRAIGHT, 4, 2),  # the inline comment is not a planning step; the blank line is nothing
        # a multi-line string counts every line it spans, even a blank one or one starting with #
        (
            "def f():\n    s = '''a\n\n# not a comment\n'''\n"
            "    # real comment\n\n    return s  # x",
            6,
            1,
        ),
    ],
)
def test_line_counts(program: str, code: int, comments: int) -> None:
    assert line_counts(program) == (code, comments)


def test_measure_program_puts_every_measure_together() -> None:
    measured = measure_program(STRAIGHT, LIBRARY)
    assert measured == ProgramComplexity(
        max_ast_depth=6,
        cyclomatic_complexity=1,
        cyclomatic_complexity_excluding_helpers=1,
        distinct_primitives=3,
        primitives=["Event", "add_event", "get_current_user"],
        lines=4,
        helper_functions=0,
        requires_user_input_raises=0,
        planning_steps=2,
    )
    assert set(COMPLEXITY_MEASURES) == set(ProgramComplexity.model_fields) - {"primitives"}


def test_the_default_primitives_are_the_action_namespace_without_datetime() -> None:
    measured = measure_program("def f():\n    return datetime.datetime.now(), now_(), open")
    assert measured.primitives == ["now_"]


def test_a_program_that_does_not_parse_is_refused_clearly() -> None:
    with pytest.raises(ValueError, match=r"does not parse \(line 1: "):
        measure_program("def f(:\n    pass")
