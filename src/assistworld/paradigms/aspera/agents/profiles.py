"""Prompt profiles: how much the program-writing prompt shows, and how the reply is constrained.

``full`` is the ASPERA paper's CCK prompt: every docstring of the library, five solved examples.
``compact`` is for small local models on CPUs, where every prompt token costs time before the
first answer (a 1.5B model reads about 20-60 tokens a second on two cores) and a long prompt
does not help a small model follow it: each library function as one signature line with its
docstring's first line, fewer examples, and a reply forced to be one ```python block (a grammar
the local runtime applies while decoding, so no tokens are spent on prose after the program).

``default_profile`` picks ``compact`` for the bundled local model and ``full`` for any other;
``--prompt`` overrides it. The profile is recorded in the agent's settings (the manifest).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from assistworld.agents.program_extraction import PYTHON_BLOCK_GRAMMAR
from assistworld.paradigms.aspera.agents.examples import Example
from assistworld.paradigms.aspera.agents.prompts import WHOLE_LIBRARY

DocsStyle = Literal["full", "signatures"]


PYTHON_BLOCK_OR_SUBMIT_GRAMMAR = PYTHON_BLOCK_GRAMMAR.replace("root ::= ", 'root ::= "SUBMIT" | ')
"""The same, or the word that hands a self-debugged program in."""

COMPACT_SCOPE = (
    "the whole library in compact form: each function's signature with what it does as a "
    "comment, each type with its fields or members"
)


class UnknownProfileError(ValueError):
    """A ``--prompt`` value that names no profile."""


@dataclass(frozen=True)
class PromptProfile:
    """What the program-writing prompt holds and how the reply is constrained."""

    name: str
    docs: DocsStyle
    examples: int
    """How many of the in-context examples to show (the first ones of the example list)."""
    python_block_only: bool

    def grammar(self, *, may_submit: bool = False) -> str | None:
        if not self.python_block_only:
            return None
        return PYTHON_BLOCK_OR_SUBMIT_GRAMMAR if may_submit else PYTHON_BLOCK_GRAMMAR

    def documentation(self) -> tuple[str, str]:
        """The library's documentation text in this profile's style, and how to introduce it."""
        from assistworld.apps.workplace import library_modules
        from assistworld.docs.cached import render_library_once

        compact = self.docs == "signatures"
        text = render_library_once(library_modules(), compact=compact)
        return text, COMPACT_SCOPE if compact else WHOLE_LIBRARY

    def pick_examples(self, examples: Sequence[Example]) -> tuple[Example, ...]:
        return tuple(examples[: self.examples])

    def describe(self) -> dict[str, Any]:
        return {
            "prompt_profile": self.name,
            "docs_style": self.docs,
            "example_count": self.examples,
            "reply_grammar": "python-block" if self.python_block_only else None,
        }


FULL = PromptProfile("full", docs="full", examples=5, python_block_only=False)
COMPACT = PromptProfile("compact", docs="signatures", examples=3, python_block_only=True)
PROFILES: tuple[PromptProfile, ...] = (FULL, COMPACT)


def profile_named(name: str) -> PromptProfile:
    for profile in PROFILES:
        if profile.name == name:
            return profile
    choices = ", ".join(profile.name for profile in PROFILES)
    raise UnknownProfileError(f"unknown --prompt {name!r}; choose one of: {choices}")


def default_profile(local_model: bool) -> PromptProfile:
    """``compact`` for the bundled local model, ``full`` otherwise."""
    return COMPACT if local_model else FULL
