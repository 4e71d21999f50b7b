"""Parsing Python source into an AST, one thread at a time.

CPython 3.11 builds AST objects with an interpreter-wide recursion counter, so two threads
parsing at once (an audit grades candidates from worker threads while another thread reads a
task file or a mutant) can fail with ``SystemError: AST constructor recursion depth mismatch``.
Every parse in the package goes through :func:`parse_in_turn`, which holds one lock for it, and
so does formatting a traceback (:func:`parsing_alone`): Python 3.11's traceback module parses
each frame's source line to place its ``^^^^`` markers.
"""

from __future__ import annotations

import ast
import threading
from collections.abc import Iterator
from contextlib import contextmanager
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


@contextmanager
def parsing_alone() -> Iterator[None]:
    """Hold the parsing lock around code that parses through the standard library (formatting
    a traceback), so no parse of the package runs meanwhile."""
    with _PARSING:
        yield


__all__ = ["parse_in_turn", "parsing_alone"]
