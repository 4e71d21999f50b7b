"""Turning program text (action, setup or evaluation program) into the function it defines."""

from __future__ import annotations

import ast
import inspect
import linecache
import re
from collections.abc import Callable
from types import CodeType, FunctionType
from typing import Any

from assistworld.core.parsing import parse_in_turn

_LINE_BREAK = re.compile(r"\r\n|\r|\n")
"""What the compiler counts lines by (``str.splitlines`` also splits at form feeds and more)."""
_DEF_LINE = re.compile(r"\f*(?:async\s+)?def\s")
_DECORATOR_LINE = re.compile(r"\f*@")


class ProgramError(ValueError):
    """The program text does not define the function the contract asks for."""


def top_level_function_names(text: str, filename: str) -> list[str]:
    """Names of the functions defined at the top level of ``text`` (``SyntaxError`` if invalid)."""
    tree = parse_in_turn(text, filename)
    return [
        node.name for node in tree.body if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
    ]


def compiled_function_names(code: CodeType, text: str) -> list[str] | None:
    """``top_level_function_names`` read off the module's compiled ``code``, without a parse;
    ``None`` when the code cannot tell.

    The functions a module defines are code objects among its constants with local variables
    of their own (a class body's code has none; lambdas and comprehensions are named ``<...>``;
    methods live in their class body's code). A top-level one has its ``def`` line in column 0
    (after its decorators); one inside a top-level ``if``, ``for``, ``with`` or ``try`` is
    indented. The answer is given only if the ``def`` lines in column 0 of the text are exactly
    those of the compiled functions: a ``def`` line inside a string, or a function the compiler
    dropped as unreachable (after a top-level ``raise``), makes it ``None``.
    """
    lines = _LINE_BREAK.split(text)
    written = {number for number, line in enumerate(lines, 1) if _DEF_LINE.match(line)}
    compiled: dict[int, str] = {}
    for constant in code.co_consts:
        if not (
            isinstance(constant, CodeType)
            and constant.co_flags & inspect.CO_NEWLOCALS
            and not constant.co_name.startswith("<")
        ):
            continue
        first = constant.co_firstlineno
        opening = lines[first - 1] if 0 < first <= len(lines) else ""
        if _DEF_LINE.match(opening):
            number = first
        elif _DECORATOR_LINE.match(opening):
            number = min((n for n in written if n > first), default=0)
        else:
            continue  # indented: defined inside a block, not at the top level
        if number in compiled:
            return None
        compiled[number] = constant.co_name
    if written != set(compiled):
        return None
    return [compiled[number] for number in sorted(compiled)]


def load_function(
    text: str,
    namespace: dict[str, Any],
    *,
    filename: str,
    prefix: str = "",
) -> Callable[..., Any]:
    """Execute ``text`` in ``namespace`` and return the one top-level function it defines.

    With ``prefix``, only top-level functions whose name starts with it count (setup programs
    define ``setup_env_*``, evaluation programs ``evaluate_*``, and may define helpers); without
    it, the program must define exactly one top-level function. Raises ``SyntaxError`` for invalid
    text, :class:`ProgramError` when the function is missing or ambiguous, and whatever the
    program's top-level statements raise.
    """
    code = compile(text, filename, "exec", dont_inherit=True)
    defined = compiled_function_names(code, text)
    if defined is None:
        defined = top_level_function_names(text, filename)
    names = [n for n in defined if n.startswith(prefix)]
    wanted = f"a top-level function named {prefix}..." if prefix else "one top-level function"
    if len(names) != 1:
        found = ", ".join(names) if names else "none"
        raise ProgramError(f"{filename}: expected exactly {wanted}, found {found}")
    remember_source(text, filename)
    namespace.setdefault("__name__", "__program__")
    exec(code, namespace)
    function = namespace.get(names[0])
    if not isinstance(function, FunctionType):
        raise ProgramError(f"{filename}: {names[0]} is no longer a function after the program ran")
    return function


def remember_source(text: str, filename: str) -> None:
    """Let tracebacks show the lines of a program that has no file on disk."""
    linecache.cache[filename] = (len(text), None, text.splitlines(keepends=True), filename)


__all__ = [
    "ProgramError",
    "compiled_function_names",
    "load_function",
    "remember_source",
    "top_level_function_names",
]
