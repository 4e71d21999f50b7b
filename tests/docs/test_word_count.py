"""Counting documentation words: docstrings and comments, not code."""

from __future__ import annotations

import pytest

from assistworld.docs import render_library, word_count, word_counts
from tests.docs.conftest import ModuleFactory
from tests.docs.samples import GARDEN


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", 0),
        ("def f(a: int, b: str = 'x y z') -> None: ...\n", 0),
        ('"""Three little words."""\n', 3),
        ('def f() -> None:\n    """Two words."""\n    ...\n', 2),
        ("x = 1  # a short comment\n", 3),
        ('X = 1\n"""Attribute docstring counts."""\n', 3),
        ('class A:\n    """One\n\n    two three."""\n', 3),
        ("# module: time_utils\nA = 1\n", 0),
        ("# module: is part of prose here\n", 6),
    ],
)
def test_only_documentation_words_count(text: str, words: int) -> None:
    assert word_count(text) == words


def test_text_that_is_not_python_is_refused() -> None:
    with pytest.raises(ValueError, match="not Python"):
        word_count("def broken(:\n")


def test_library_total_is_the_sum_of_its_modules(make_module: ModuleFactory) -> None:
    garden = make_module(GARDEN)
    other = make_module('"""Four words of doc."""\n__all__ = ["A"]\nA = 1\n"""Two more."""\n')
    counts = word_counts([garden, other])
    assert counts == {garden.__name__: 62, other.__name__: 6}
    assert word_count(render_library([garden, other])) == 68
