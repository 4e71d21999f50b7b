"""Getting the program out of a model's completion (any paradigm whose agents write programs)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from assistworld.core.parsing import parse_in_turn

_FENCE = re.compile(r"```[ \t]*([A-Za-z0-9_+-]*)[^\n]*\n(.*?)(?:```|\Z)", re.DOTALL)
_PYTHON_TAGS = frozenset({"", "python", "py", "python3"})

PYTHON_BLOCK_GRAMMAR = r"""root ::= "```python\n" body "```"
body ::= ( [^`] | "`" [^`] | "``" [^`] )*
"""
"""A llama.cpp GBNF grammar: the reply is one ```python block and nothing after it."""


@dataclass(frozen=True)
class ExtractedProgram:
    """The program found in a completion, or ``None`` with the reason nothing usable was found."""

    program: str | None
    source: str  # "fenced-block", "whole-text" or "none"
    reason: str | None = None


def _parses(text: str) -> bool:
    try:
        parse_in_turn(text)
    except SyntaxError:
        return False
    return True


def extract_program(completion: str) -> ExtractedProgram:
    """The first fenced Python block that parses; else the whole text if it parses.

    An unterminated final fence (a completion cut off by the token limit) counts as a block.
    """
    blocks = [
        body
        for tag, body in _FENCE.findall(completion)
        if tag.lower() in _PYTHON_TAGS and body.strip()
    ]
    for body in blocks:
        if _parses(body):
            return ExtractedProgram(body.strip("\n") + "\n", "fenced-block")
    if completion.strip() and _parses(completion):
        return ExtractedProgram(completion.strip("\n") + "\n", "whole-text")
    if blocks:
        return ExtractedProgram(None, "none", "no fenced Python block in the reply parses")
    return ExtractedProgram(None, "none", "the reply holds no Python program")
