"""How complex a program is, measured on its text (reference action programs, mostly).

Definitions (all computed from ``ast.parse(program)`` and the program's tokens; nothing runs):

- **max_ast_depth**: the depth of the deepest node of the syntax tree, where the ``Module`` is
  depth 0 and every node that :func:`ast.iter_child_nodes` yields is one deeper than its parent
  (expression-context nodes such as ``Load`` included). ``find_events(subject="Paper Review")`` as
  the only statement of a function gives 5 (Module 0, FunctionDef 1, Expr 2, Call 3, keyword 4,
  Constant 5), as the ASPERA paper's footnote 8 states; the same definition reproduces the depths
  of the paper's Table 2 (rows 3, 4 and 5: 9, 11 and 14).
- **cyclomatic_complexity** (McCabe): 1 + decision points over the whole program, nested helper
  functions included. Decision points: each ``if``/``elif``, ``for``, ``while``, ``except``
  handler, conditional expression, ``match`` case and ``assert``; each extra operand of a boolean
  operator (``a and b or c`` adds 2); each ``for`` and each ``if`` of a comprehension.
- **cyclomatic_complexity_excluding_helpers**: the same, with the bodies of nested functions left
  out. This is how the paper's Table 2 counts (its row 5, whose program has two helpers, reads 7;
  including the helpers gives 12).
- **distinct_primitives** / **primitives**: the library names the program reads (names of
  ``assistworld.apps.workplace.namespace()``, or the names given), excluding the ``datetime``
  module.
- **lines**: lines holding code (not blank, not only a comment); a multi-line string counts
  every line it spans.
- **helper_functions**: function definitions nested inside another function (lambdas excluded).
- **requires_user_input_raises**: ``raise RequiresUserInput(...)`` statements.
- **planning_steps**: comment-only lines (the paper's "planning steps"); comments after code on
  the same line do not count.
"""

from __future__ import annotations

import ast
import io
import token
import tokenize
from collections.abc import Collection, Iterator

from pydantic import BaseModel

from assistworld.core.parsing import parse_in_turn

COMPLEXITY_MEASURES: tuple[str, ...] = (
    "max_ast_depth",
    "cyclomatic_complexity",
    "cyclomatic_complexity_excluding_helpers",
    "distinct_primitives",
    "lines",
    "helper_functions",
    "requires_user_input_raises",
    "planning_steps",
)
"""The numeric fields of :class:`ProgramComplexity`, in display order."""

_NOT_CODE = frozenset(
    {
        token.COMMENT,
        token.NL,
        token.NEWLINE,
        token.INDENT,
        token.DEDENT,
        token.ENCODING,
        token.ENDMARKER,
    }
)
_ONE_DECISION = (
    ast.If,
    ast.For,
    ast.AsyncFor,
    ast.While,
    ast.IfExp,
    ast.ExceptHandler,
    ast.Assert,
    ast.match_case,
)
_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)


class ProgramComplexity(BaseModel):
    """The complexity measures of one program (definitions in the module docstring)."""

    max_ast_depth: int
    cyclomatic_complexity: int
    cyclomatic_complexity_excluding_helpers: int
    distinct_primitives: int
    primitives: list[str]
    """The library names used, sorted."""
    lines: int
    helper_functions: int
    requires_user_input_raises: int
    planning_steps: int


def max_ast_depth(tree: ast.AST) -> int:
    """Depth of the deepest node below ``tree`` (which is depth 0)."""
    deepest = 0
    pending: list[tuple[ast.AST, int]] = [(tree, 0)]
    while pending:
        node, depth = pending.pop()
        deepest = max(deepest, depth)
        pending.extend((child, depth + 1) for child in ast.iter_child_nodes(node))
    return deepest


def _decisions(node: ast.AST) -> int:
    if isinstance(node, _ONE_DECISION):
        return 1
    if isinstance(node, ast.BoolOp):
        return len(node.values) - 1
    if isinstance(node, ast.comprehension):
        return 1 + len(node.ifs)
    return 0


def _outside_helpers(tree: ast.AST) -> Iterator[ast.AST]:
    """Every node except those inside a function that is itself inside a function."""
    pending: list[tuple[ast.AST, bool]] = [(tree, False)]
    while pending:
        node, in_function = pending.pop()
        is_function = isinstance(node, _FUNCTIONS)
        if is_function and in_function:
            continue
        yield node
        pending.extend((child, in_function or is_function) for child in ast.iter_child_nodes(node))


def cyclomatic_complexity(tree: ast.AST, *, include_helpers: bool = True) -> int:
    """1 + the decision points of ``tree`` (see the module docstring)."""
    nodes = ast.walk(tree) if include_helpers else _outside_helpers(tree)
    return 1 + sum(_decisions(node) for node in nodes)


def helper_function_count(tree: ast.AST) -> int:
    """Function definitions nested inside another function."""
    everything = sum(isinstance(node, _FUNCTIONS) for node in ast.walk(tree))
    outer = sum(isinstance(node, _FUNCTIONS) for node in _outside_helpers(tree))
    return everything - outer


def primitives_used(tree: ast.AST, library_names: Collection[str]) -> list[str]:
    """The library names read anywhere in ``tree``, sorted (``datetime`` never counts)."""
    return sorted(
        {
            node.id
            for node in ast.walk(tree)
            if isinstance(node, ast.Name)
            and isinstance(node.ctx, ast.Load)
            and node.id in library_names
            and node.id != "datetime"
        }
    )


def requires_user_input_raises(tree: ast.AST) -> int:
    """``raise RequiresUserInput`` statements (with or without a call)."""
    count = 0
    for node in ast.walk(tree):
        if not isinstance(node, ast.Raise) or node.exc is None:
            continue
        raised = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
        count += isinstance(raised, ast.Name) and raised.id == "RequiresUserInput"
    return count


def line_counts(program: str) -> tuple[int, int]:
    """(code lines, comment-only lines) of ``program``, from its tokens."""
    code: set[int] = set()
    comments: set[int] = set()
    for item in tokenize.generate_tokens(io.StringIO(program).readline):
        if item.type == token.COMMENT:
            comments.add(item.start[0])
        elif item.type not in _NOT_CODE:
            code.update(range(item.start[0], item.end[0] + 1))
    return len(code), len(comments - code)


def default_library_names() -> frozenset[str]:
    """The names of the action namespace (:func:`assistworld.apps.workplace.namespace`)."""
    from assistworld.apps.workplace import namespace

    return frozenset(namespace())


def measure_program(
    program: str, library_names: Collection[str] | None = None
) -> ProgramComplexity:
    """Every complexity measure of ``program``.

    ``library_names`` are the names that count as primitives (default: the action namespace,
    :func:`assistworld.apps.workplace.namespace`). Raises ValueError when the program does not
    parse.
    """
    try:
        tree = parse_in_turn(program)
    except SyntaxError as error:
        raise ValueError(
            f"cannot measure a program that does not parse (line {error.lineno}: {error.msg})"
        ) from None
    names = default_library_names() if library_names is None else library_names
    primitives = primitives_used(tree, names)
    lines, planning_steps = line_counts(program)
    return ProgramComplexity(
        max_ast_depth=max_ast_depth(tree),
        cyclomatic_complexity=cyclomatic_complexity(tree),
        cyclomatic_complexity_excluding_helpers=cyclomatic_complexity(tree, include_helpers=False),
        distinct_primitives=len(primitives),
        primitives=primitives,
        lines=lines,
        helper_functions=helper_function_count(tree),
        requires_user_input_raises=requires_user_input_raises(tree),
        planning_steps=planning_steps,
    )
