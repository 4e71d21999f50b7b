"""Parsing Python source into an AST, one thread at a time.

CPython 3.11 builds AST objects with an interpreter-wide recursion counter, so two threads
parsing at once (an audit grades candidates from worker threads while another thread reads a
task file or a mutant) can fail with ``SystemError: AST constructor recursion depth mismatch``.
Every parse in the package goes through :func:`parse_in_turn`, which holds one lock for it.
"""

from __future__ import annotations

import ast
import threading
from typing import Literal, overload

_PARSING = threading.Lock()


@overload
def parse_in_turn(
    source: str, filename: str = "<unknown>", mode: Literal["exec"] = "exec"
) -> ast.Module: ...


@overload
def parse_in_turn(
    source: str, filename: str = "<unknown>", *, mode: Literal["eval"]
) -> ast.Expression: ...


def parse_in_turn(source: str, filename: str = "<unknown>", mode: str = "exec") -> ast.AST:
    """``ast.parse(source, filename, mode)`` while no other thread parses."""
    with _PARSING:
        return ast.parse(source, filename=filename, mode=mode)


__all__ = ["parse_in_turn"]
