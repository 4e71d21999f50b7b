"""Loading a program: one compile, and the same top-level functions a parse of the text finds."""

from __future__ import annotations

from pathlib import Path

import pytest

from assistworld.sandbox.programs import (
    ProgramError,
    compiled_function_names,
    load_function,
    top_level_function_names,
)

SUITES = Path(__file__).resolve().parents[2] / "src" / "assistworld_suites"

# Programs whose shapes could tell a column-0 definition from a nested one wrongly.
TRICKY = {
    "two definitions": "def f():\n    pass\n\n\ndef f():\n    pass\n",
    "def inside a top-level if": "if True:\n    def g():\n        pass\ndef f():\n    pass\n",
    "def inside try": "try:\n    def inside():\n        pass\nexcept Exception:\n    pass\n",
    "decorated class": "@staticmethod\nclass A:\n    def m(self):\n        pass\n",
    "plain class": "class B:\n    def m(self):\n        pass\n",
    "lambda and async": "x = lambda: 1\nasync  def h():\n    pass\n",
    "tab after def": "def\tt():\n    pass\n",
    "form feed before def": "\x0cdef ff():\n    pass\n",
    "def inside a string": "s = '''\ndef fake():\n    pass\n'''\ndef real():\n    pass\n",
    "stacked decorators": "@len\n@str\ndef d():\n    pass\n",
    "nested function": "def outer():\n    def inner():\n        pass\n",
    "comprehensions": "x = [i for i in range(3)]\ndef a():\n    return (y for y in x)\n",
    "carriage returns": "def u():\r\n    pass\r\ndef v():\r\n    pass\r\n",
    "vertical tab in a string": "'\\x0b'\nv = '\x0b'\ndef w():\n    pass\n",
    "unreachable after a raise": "raise SystemExit(0)\n\ndef leave():\n    return None\n",
    "decorator taking a string": '@str("""\ndef fake(): pass\n""")\ndef real():\n    pass\n',
}
# Where the compiled code cannot tell the names, the loader parses the text instead.
UNDECIDED = {"def inside a string", "unreachable after a raise", "decorator taking a string"}


@pytest.mark.parametrize("name", TRICKY)
def test_the_compiled_names_are_the_parsed_names_or_none(name: str) -> None:
    text = TRICKY[name]
    found = compiled_function_names(compile(text, "<t>", "exec", dont_inherit=True), text)
    if name in UNDECIDED:
        assert found is None
    else:
        assert found == top_level_function_names(text, "<t>")


def test_a_top_level_exit_before_the_function_still_finds_the_function() -> None:
    text = TRICKY["unreachable after a raise"]
    with pytest.raises(SystemExit):  # the function is found, then the top level runs
        load_function(text, {}, filename="<candidate>")


def test_every_bundled_task_file_gives_the_same_names_both_ways() -> None:
    files = sorted(SUITES.rglob("*.py"))
    assert len(files) > 200
    for path in files:
        text = path.read_text(encoding="utf-8")
        code = compile(text, str(path), "exec", dont_inherit=True)
        assert compiled_function_names(code, text) == top_level_function_names(text, str(path))


def test_a_program_with_a_helper_and_a_prefixed_function_loads_the_prefixed_one() -> None:
    text = "def helper():\n    return 2\n\n\ndef evaluate_x():\n    return helper() * 3\n"
    assert load_function(text, {}, filename="<e>", prefix="evaluate")() == 6


def test_a_function_hidden_in_an_if_block_does_not_count() -> None:
    text = "if True:\n    def solve():\n        return 1\n"
    with pytest.raises(ProgramError, match="found none"):
        load_function(text, {}, filename="<candidate>")


def test_two_top_level_functions_are_refused_by_name() -> None:
    text = "def a():\n    return 1\n\n\ndef b():\n    return 2\n"
    with pytest.raises(ProgramError, match="found a, b"):
        load_function(text, {}, filename="<candidate>")


def test_invalid_text_raises_syntax_error_before_anything_runs() -> None:
    namespace: dict[str, object] = {}
    with pytest.raises(SyntaxError):
        load_function("ran = True\ndef broken(:\n", namespace, filename="<candidate>")
    assert "ran" not in namespace
