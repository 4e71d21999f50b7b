"""Static checks on a candidate program before it is run, for any library.

A candidate program must define exactly one top-level function (helpers nested inside it) and may
import modules of the standard library. That function is what runs it (ASPERA's evaluation
programs, a conversation's program turn). Anything else is a *parse failure* with a reason the
agent's author can act on. Imports of the library itself are tolerated and removed: its names are
in the program's globals anyway. ``library_roots`` names the library's modules as a program might
import them (``work_calendar``, ``contacts``); ``assistworld`` always counts.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterable
from dataclasses import dataclass

from assistworld.core.parsing import parse_in_turn


def library_roots(module_names: Iterable[str]) -> frozenset[str]:
    """The names a program may import a library's modules by: the last part of each import name
    (``assistworld.apps.personal.contacts`` -> ``contacts``)."""
    return frozenset(name.rsplit(".", 1)[-1] for name in module_names)


@dataclass(frozen=True)
class CandidateCheck:
    """The outcome of checking a program: its entry function, or why it cannot run."""

    function_name: str | None
    reason: str | None = None

    @property
    def ok(self) -> bool:
        return self.reason is None


def _is_library_import(node: ast.Import | ast.ImportFrom, roots: frozenset[str]) -> bool:
    if isinstance(node, ast.ImportFrom):
        root = (node.module or "").split(".")[0]
        return root in roots or root == "assistworld"
    return any(alias.name.split(".")[0] in roots | {"assistworld"} for alias in node.names)


def _imported_roots(node: ast.Import | ast.ImportFrom) -> list[str]:
    if isinstance(node, ast.ImportFrom):
        return [] if node.level else [(node.module or "").split(".")[0]]
    return [alias.name.split(".")[0] for alias in node.names]


def _lone_surrogate(program: str) -> str | None:
    """Why ``program`` cannot be run if its text holds a lone surrogate (UTF-8 cannot encode
    it, so neither can the parser); None when it holds none."""
    try:
        program.encode("utf-8")
    except UnicodeEncodeError as exc:
        line = program.count("\n", 0, exc.start) + 1
        code = ord(program[exc.start])
        return (
            f"line {line}: the program text holds a lone surrogate (U+{code:04X}), which is not "
            "valid Unicode; write it as an escape inside a string literal instead"
        )
    return None


def check_candidate(program: str, roots: frozenset[str]) -> CandidateCheck:
    """Check that ``program`` is one top-level function plus standard-library imports.

    Imports of the library (modules named by ``roots``, e.g. ``from work_calendar import
    add_event``) are tolerated here: the names are injected anyway, and
    :func:`strip_library_imports` removes them before the program runs.
    """
    if not program.strip():
        return CandidateCheck(None, "the program is empty: write one function that does the task")
    unencodable = _lone_surrogate(program)
    if unencodable is not None:
        return CandidateCheck(None, unencodable)
    try:
        tree = parse_in_turn(program)
    except SyntaxError as exc:
        return CandidateCheck(None, f"syntax error on line {exc.lineno}: {exc.msg}")
    except ValueError as exc:  # what the parser refuses without a SyntaxError
        return CandidateCheck(None, f"the program cannot be parsed: {exc}")
    functions: list[str] = []
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            if isinstance(node, ast.AsyncFunctionDef):
                return CandidateCheck(
                    None, f"line {node.lineno}: the entry function must not be async"
                )
            functions.append(node.name)
        elif isinstance(node, ast.Import | ast.ImportFrom):
            if _is_library_import(node, roots):
                continue
            for root in _imported_roots(node):
                if root not in sys.stdlib_module_names:
                    return CandidateCheck(
                        None,
                        f"line {node.lineno}: only standard-library modules may be imported, "
                        f"not {root!r}",
                    )
        elif (
            isinstance(node, ast.Expr)
            and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)
        ):
            continue  # a module docstring or stray string literal does nothing
        else:
            return CandidateCheck(
                None,
                f"line {node.lineno}: only imports and one function may stand at the top level "
                f"(found {type(node).__name__}); move this code inside the function",
            )
    if not functions:
        return CandidateCheck(None, "no function found: define one function that does the task")
    if len(functions) > 1:
        names = ", ".join(functions)
        return CandidateCheck(
            None,
            f"{len(functions)} top-level functions ({names}): define one function and nest "
            "helpers inside it",
        )
    return CandidateCheck(functions[0])


def strip_library_imports(program: str, roots: frozenset[str]) -> tuple[str, int]:
    """Remove top-level imports of the assistant library; return the program and how many went.

    The library's names are injected into the program's globals, so such imports are redundant;
    the paper's lenient score removes them too. Removed lines are replaced by blank lines so that
    line numbers in tracebacks still match the submitted text.
    """
    try:
        tree = parse_in_turn(program)
    except (SyntaxError, ValueError):
        return program, 0
    lines = program.splitlines(keepends=True)
    removed = 0
    for node in tree.body:
        if isinstance(node, ast.Import | ast.ImportFrom) and _is_library_import(node, roots):
            end = node.end_lineno or node.lineno
            for index in range(node.lineno - 1, end):
                lines[index] = "\n"
            removed += 1
    return "".join(lines), removed


__all__ = ["CandidateCheck", "check_candidate", "library_roots", "strip_library_imports"]
