"""How long the documentation is, counted the way the ASPERA paper's Table 1 counts "docs length".

The measure: the number of whitespace-separated words in the documentation strings and comments
of stub text. A documentation string is any string literal standing alone as a statement (module,
class and function docstrings, and attribute docstrings after a field or constant). Code (names,
signatures, field types, enum values) is not counted, nor are the renderer's own
``# module: <name>`` header lines, so the library total equals the sum of its modules.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
import types
from collections.abc import Sequence

from assistworld.core.parsing import parse_in_turn
from assistworld.docs.members import short_name
from assistworld.docs.stubs import render_module

__all__ = ["word_count", "word_counts"]

_MODULE_HEADER = re.compile(r"#\s*module:\s*[\w.]+\s*")


def word_count(text: str) -> int:
    """Words in the docstrings and comments of Python (stub) source ``text``.

    Raises ``ValueError`` when ``text`` is not valid Python.
    """
    try:
        tree = parse_in_turn(text)
        comments = [
            token.string
            for token in tokenize.generate_tokens(io.StringIO(text).readline)
            if token.type == tokenize.COMMENT and not _MODULE_HEADER.fullmatch(token.string)
        ]
    except (SyntaxError, tokenize.TokenError) as error:
        raise ValueError(
            f"Cannot count documentation words: the text is not Python ({error})."
        ) from error
    docstrings = [
        node.value.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
    ]
    return sum(len(doc.split()) for doc in docstrings) + sum(
        len(comment.lstrip("#").split()) for comment in comments
    )


def word_counts(modules: Sequence[types.ModuleType]) -> dict[str, int]:
    """Documentation words per module (short module name -> count), in documentation order.

    Counts the full stub text of each module (default: the library); the library total is the
    sum of the values.
    """
    chosen = tuple(modules)
    return {
        short_name(module): word_count(render_module(module, context=chosen)) for module in chosen
    }
