"""Reading programs out of model replies, and small edits of one function's text.

A reply holds one or more fenced Python blocks (or bare code). Every top-level function in them is
one program; imports, example calls and ``if __name__`` blocks around them are dropped, since
task programs import nothing at the top level and are never called by their own file. A block
that does not parse is kept whole, so that the person sees the model's text and the syntax error.
"""

from __future__ import annotations

import ast
import json
import re

from assistworld.core.parsing import parse_in_turn
from assistworld.paradigms.aspera.tasks.programs import FunctionNode, clean_query, function_source

_FENCE = re.compile(r"```[ \t]*([A-Za-z0-9_+-]*)[^\n]*\n(.*?)(?:```|\Z)", re.DOTALL)
_PYTHON_TAGS = frozenset({"", "python", "py", "python3"})
_DROPPED_STATEMENTS = (ast.Import, ast.ImportFrom, ast.Expr, ast.Pass)


def code_blocks(reply: str) -> list[str]:
    """The fenced Python blocks of ``reply`` (an unterminated last fence counts), else the text."""
    blocks = [
        body.strip("\n")
        for tag, body in _FENCE.findall(reply)
        if tag.lower() in _PYTHON_TAGS and body.strip()
    ]
    if blocks:
        return blocks
    return [reply.strip("\n")] if reply.strip() else []


def _is_main_guard(node: ast.stmt) -> bool:
    return isinstance(node, ast.If) and "__name__" in ast.unparse(node.test)


def _droppable(node: ast.stmt) -> bool:
    """Statements around the functions that a task program never needs."""
    if isinstance(node, ast.If):
        return _is_main_guard(node)
    return isinstance(node, _DROPPED_STATEMENTS)


def block_functions(block: str) -> list[str]:
    """The text of each top-level function of ``block``; the whole block if it does not parse.

    Statements other than functions, imports, example calls and ``if __name__`` blocks are kept
    as a piece of their own, so that nothing the model wrote disappears silently.
    """
    try:
        tree = parse_in_turn(block)
    except SyntaxError:
        return [block]
    lines = block.split("\n")
    pieces: list[str] = []
    for node in tree.body:
        if isinstance(node, FunctionNode):
            pieces.append(function_source(lines, node))
        elif not _droppable(node):
            segment = ast.get_source_segment(block, node)
            pieces.append(segment if segment is not None else ast.unparse(node))
    return pieces


def reply_functions(reply: str) -> list[str]:
    """Every program in a reply, in order (see :func:`block_functions`)."""
    return [piece for block in code_blocks(reply) for piece in block_functions(block)]


def only_function(text: str) -> FunctionNode | None:
    """The function ``text`` defines, when it parses and holds exactly one top-level function."""
    try:
        body = parse_in_turn(text).body
    except SyntaxError:
        return None
    functions = [node for node in body if isinstance(node, FunctionNode)]
    return functions[0] if len(functions) == 1 else None


def function_name(text: str) -> str | None:
    """The name of the one function ``text`` defines, or None."""
    function = only_function(text)
    return function.name if function is not None else None


def docstring_of(text: str) -> str | None:
    """The cleaned docstring of the one function ``text`` defines (the query), or None."""
    function = only_function(text)
    if function is None:
        return None
    docstring = ast.get_docstring(function, clean=False)
    return clean_query(docstring) if docstring and docstring.strip() else None


def pick_function(reply: str, prefix: str, wanted: str) -> str | None:
    """The function of ``reply`` to use as ``wanted`` (a setup or evaluation function name).

    Prefers the function named ``wanted``, then the only one whose name starts with ``prefix``,
    then the only function at all (renamed to ``wanted``). None when the reply offers nothing.
    """
    pieces = reply_functions(reply)
    named = {name: piece for piece in pieces if (name := function_name(piece)) is not None}
    if wanted in named:
        return named[wanted]
    prefixed = [piece for name, piece in named.items() if name.startswith(prefix)]
    if len(prefixed) == 1:
        return rename_function(prefixed[0], wanted)
    if len(named) == 1:
        return rename_function(next(iter(named.values())), wanted)
    return "\n\n\n".join(pieces) if pieces else None


def rename_function(text: str, new_name: str) -> str:
    """``text`` with its one function renamed to ``new_name`` (only the ``def`` line changes)."""
    function = only_function(text)
    if function is None or function.name == new_name:
        return text
    lines = text.split("\n")
    index = function.lineno - 1
    lines[index] = re.sub(
        rf"\bdef(\s+){re.escape(function.name)}\b", rf"def\g<1>{new_name}", lines[index], count=1
    )
    return "\n".join(lines)


def _docstring_literal(text: str) -> str:
    plain = '"""' not in text and "\\" not in text and not text.endswith('"')
    return f'"""{text}"""' if plain else json.dumps(text, ensure_ascii=False)


def with_docstring(text: str, docstring: str) -> str:
    """``text`` with its one function's docstring set to ``docstring`` (added when missing)."""
    function = only_function(text)
    if function is None or not function.body:
        return text
    lines = text.split("\n")
    first = function.body[0]
    indent = " " * first.col_offset
    literal = indent + _docstring_literal(docstring)
    has_docstring = (
        isinstance(first, ast.Expr)
        and isinstance(first.value, ast.Constant)
        and isinstance(first.value.value, str)
    )
    start = first.lineno - 1
    if has_docstring:
        end = first.end_lineno if first.end_lineno is not None else first.lineno
        lines[start:end] = [literal]
    elif first.lineno == function.lineno:  # a one-line body: def f(): return 1
        return text
    else:
        lines.insert(start, literal)
    return "\n".join(lines)
