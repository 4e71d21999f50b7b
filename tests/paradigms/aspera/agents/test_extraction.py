from __future__ import annotations

import pytest

from assistworld.paradigms.aspera.agents.extraction import extract_program


@pytest.mark.parametrize(
    ("completion", "program", "source"),
    [
        (
            "Here:\n```python\ndef f():\n    return 1\n```\nDone.",
            "def f():\n    return 1\n",
            "fenced-block",
        ),
        (
            "```py\ndef f(:\n```\n```python\ndef g():\n    pass\n```",
            "def g():\n    pass\n",
            "fenced-block",
        ),
        ("```\ndef h():\n    pass\n```", "def h():\n    pass\n", "fenced-block"),
        ("def k():\n    return 2\n", "def k():\n    return 2\n", "whole-text"),
        ("```python\ndef cut():\n    return 3\n", "def cut():\n    return 3\n", "fenced-block"),
    ],
)
def test_the_first_parsing_python_block_wins(completion: str, program: str, source: str) -> None:
    found = extract_program(completion)
    assert found.program == program
    assert found.source == source


def test_json_blocks_are_not_programs() -> None:
    found = extract_program('```json\n{"a": 1}\n```\nno code here')
    assert found.program is None
    assert found.reason == "the reply holds no Python program"


def test_unparsable_blocks_are_reported() -> None:
    found = extract_program("```python\ndef broken(:\n```\nsorry")
    assert found.program is None
    assert found.reason == "no fenced Python block in the reply parses"
