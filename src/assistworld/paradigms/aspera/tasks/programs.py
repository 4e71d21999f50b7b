"""Facts about task programs read from their syntax tree, never by running them.

Task programs are plain Python text: a reference action program (one function named after the
plan), setup programs (``setup_env_<plan>[_<suffix>]``) and evaluation programs
(``evaluate_<plan>[_<suffix>]``). This module finds those functions, cuts their exact text out of
a file, and works out whether a reference program answers a question or changes the world.
"""

from __future__ import annotations

import ast
import textwrap
from collections.abc import Iterator
from typing import Literal

TaskKind = Literal["information-seeking", "state-changing"]

SETUP_PREFIX = "setup_env_"
EVALUATION_PREFIX = "evaluate_"
EVALUATION_PARAMETERS = ("query", "executable", "setup_function")
"""The keyword arguments an evaluation function is called with."""

FunctionNode = ast.FunctionDef | ast.AsyncFunctionDef
_SCOPE_NODES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)


def normalise_program(text: str) -> str:
    """The program with Unix line ends, no leading blank lines and no trailing whitespace.

    These are the only changes made to program text anywhere; they never change what it does.
    """
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    while lines and not lines[0].strip():
        lines.pop(0)
    return "\n".join(lines).rstrip()


def clean_query(text: str) -> str:
    """A query as its docstring reads: outer blank space removed, continuation lines dedented.

    Applied to every query (files and Asper-Bench alike) so that writing a task to a file and
    reading it back gives the same text. Tabs are kept (unlike :func:`inspect.cleandoc`).
    """
    lines = text.replace("\r\n", "\n").replace("\r", "\n").strip().split("\n")
    if len(lines) == 1:
        return lines[0]
    rest = textwrap.dedent("\n".join(lines[1:]))
    return "\n".join((lines[0], rest)).strip()


def top_level_functions(tree: ast.Module) -> list[FunctionNode]:
    """The functions defined at the top level of a module, in order of definition."""
    return [node for node in tree.body if isinstance(node, FunctionNode)]


def variant_suffix(name: str, prefix: str, plan: str) -> str | None:
    """The suffix of ``<prefix><plan>[_<suffix>]``: ``""`` for no suffix, None when no match.

    >>> variant_suffix("setup_env_book_room_2", "setup_env_", "book_room")
    '2'
    """
    stem = prefix + plan
    if name == stem:
        return ""
    if name.startswith(stem + "_") and len(name) > len(stem) + 1:
        return name[len(stem) + 1 :]
    return None


def iter_own_nodes(function: FunctionNode) -> Iterator[ast.AST]:
    """Every node of a function's body that belongs to the function itself.

    Bodies of nested functions, lambdas and classes are skipped: their ``return`` statements
    return from them, not from the function.
    """
    pending: list[ast.AST] = list(function.body)
    while pending:
        node = pending.pop()
        yield node
        if isinstance(node, _SCOPE_NODES):
            continue
        pending.extend(ast.iter_child_nodes(node))


def _is_none(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and node.value in (None, "None")


def derive_kind(function: FunctionNode) -> TaskKind:
    """Whether a reference program answers a question or changes the world.

    The rule: a program is **information-seeking** when its function has a return annotation
    other than ``None``, or when the function itself (not a nested helper) has a
    ``return <value>`` statement whose value is not the literal ``None``. Otherwise it is
    **state-changing**. A task file or record can override the result with an explicit kind.
    """
    if function.returns is not None and not _is_none(function.returns):
        return "information-seeking"
    for node in iter_own_nodes(function):
        if isinstance(node, ast.Return) and node.value is not None and not _is_none(node.value):
            return "information-seeking"
    return "state-changing"


def first_line(node: FunctionNode) -> int:
    """The line a function's text starts on: its first decorator, or the ``def``."""
    return min([node.lineno, *(decorator.lineno for decorator in node.decorator_list)])


def function_source(source_lines: list[str], node: FunctionNode) -> str:
    """The exact text of a top-level function: decorators, body and inner comments.

    ``source_lines`` are the file's lines without line ends. Comment lines indented under the
    function right after its last statement belong to it too (the syntax tree ends at the last
    statement, but a trailing ``# done`` inside the body is still part of the program).
    """
    end = node.end_lineno if node.end_lineno is not None else node.lineno
    last = end
    for number in range(end + 1, len(source_lines) + 1):
        line = source_lines[number - 1]
        if not line.strip():
            continue
        if line[:1] in (" ", "\t") and line.lstrip().startswith("#"):
            last = number
            continue
        break
    return normalise_program("\n".join(source_lines[first_line(node) - 1 : last]))


def _parameter_names(function: FunctionNode) -> list[str]:
    arguments = function.args
    return [a.arg for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)]


def required_parameters(function: FunctionNode) -> list[str]:
    """Names of the parameters a call must supply (those without defaults)."""
    arguments = function.args
    positional = [*arguments.posonlyargs, *arguments.args]
    without_default = positional[: len(positional) - len(arguments.defaults)]
    keyword_only = [
        a
        for a, default in zip(arguments.kwonlyargs, arguments.kw_defaults, strict=True)
        if default is None
    ]
    return [a.arg for a in (*without_default, *keyword_only)]


def evaluation_signature_problem(function: FunctionNode) -> str | None:
    """Why ``function`` cannot be called as ``f(query=..., executable=..., setup_function=...)``."""
    names = _parameter_names(function)
    accepts_any_keyword = function.args.kwarg is not None
    missing = [n for n in EVALUATION_PARAMETERS if n not in names and not accepts_any_keyword]
    positional_only = [a.arg for a in function.args.posonlyargs if a.arg in EVALUATION_PARAMETERS]
    extra = [n for n in required_parameters(function) if n not in EVALUATION_PARAMETERS]
    if missing or positional_only or extra:
        return (
            f"{function.name} must accept the keyword arguments query, executable and "
            f"setup_function (it has ({', '.join(names)}))"
        )
    return None


def setup_signature_problem(function: FunctionNode) -> str | None:
    """Why ``function`` cannot be called with no arguments, or None when it can."""
    needed = required_parameters(function)
    if needed:
        return f"{function.name} must take no arguments (it requires {', '.join(needed)})"
    return None
