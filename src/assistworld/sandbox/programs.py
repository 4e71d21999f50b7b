"""Turning program text (action, setup or evaluation program) into the function it defines."""

from __future__ import annotations

import ast
import linecache
from collections.abc import Callable
from types import FunctionType
from typing import Any


class ProgramError(ValueError):
    """The program text does not define the function the contract asks for."""


def top_level_function_names(text: str, filename: str) -> list[str]:
    """Names of the functions defined at the top level of ``text`` (``SyntaxError`` if invalid)."""
    tree = ast.parse(text, filename=filename)
    return [
        node.name for node in tree.body if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
    ]


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
    names = [n for n in top_level_function_names(text, filename) if n.startswith(prefix)]
    wanted = f"a top-level function named {prefix}..." if prefix else "one top-level function"
    if len(names) != 1:
        found = ", ".join(names) if names else "none"
        raise ProgramError(f"{filename}: expected exactly {wanted}, found {found}")
    remember_source(text, filename)
    code = compile(text, filename, "exec", dont_inherit=True)
    namespace.setdefault("__name__", "__program__")
    exec(code, namespace)
    function = namespace.get(names[0])
    if not isinstance(function, FunctionType):
        raise ProgramError(f"{filename}: {names[0]} is no longer a function after the program ran")
    return function


def remember_source(text: str, filename: str) -> None:
    """Let tracebacks show the lines of a program that has no file on disk."""
    linecache.cache[filename] = (len(text), None, text.splitlines(keepends=True), filename)


__all__ = ["ProgramError", "load_function", "remember_source", "top_level_function_names"]
