"""Programs read out of model replies, and one-function text edits."""

from __future__ import annotations

import pytest

from assistworld.paradigms.aspera.authoring.replies import (
    code_blocks,
    docstring_of,
    pick_function,
    rename_function,
    reply_functions,
    with_docstring,
)

PLAN = 'def plan():\n    """Q"""\n    return 1'


def test_every_function_of_every_python_block_is_a_program() -> None:
    reply = (
        "Sure.\n```python\nimport datetime\n\n"
        'def a():\n    """A"""\n    # a comment inside\n\n\ndef b():\n    """B"""\n\n\n'
        'a()\nif __name__ == "__main__":\n    b()\n```\n'
        "And one more:\n```py\ndef c():\n    pass\n```\n```text\ndef not_code():\n```"
    )
    assert reply_functions(reply) == [
        'def a():\n    """A"""\n    # a comment inside',
        'def b():\n    """B"""',
        "def c():\n    pass",
    ]


def test_a_block_that_does_not_parse_is_kept_whole() -> None:
    assert reply_functions("```python\ndef a(:\n    pass\n```") == ["def a(:\n    pass"]


def test_an_unterminated_block_counts_and_bare_code_is_read() -> None:
    assert code_blocks("```python\ndef a():\n    pass") == ["def a():\n    pass"]
    assert code_blocks("def a():\n    pass\n") == ["def a():\n    pass"]
    assert code_blocks("   ") == []


def test_other_top_level_statements_are_kept_to_be_seen() -> None:
    assert reply_functions("```python\nX = 1\ndef a():\n    pass\n```") == [
        "X = 1",
        "def a():\n    pass",
    ]


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        ("```python\ndef setup_env_p():\n    pass\n```", "def setup_env_p():\n    pass"),
        ("```python\ndef setup_env_other():\n    pass\n```", "def setup_env_p():\n    pass"),
        ("```python\ndef build():\n    pass\n```", "def setup_env_p():\n    pass"),
        (
            "```python\ndef helper():\n    pass\n\ndef setup_env_p():\n    helper()\n```",
            "def setup_env_p():\n    helper()",
        ),
        ("no code here", None),
        ("", None),
    ],
    ids=["exact", "prefix-renamed", "only-function-renamed", "among-others", "prose", "empty"],
)
def test_pick_function(reply: str, expected: str | None) -> None:
    picked = pick_function(reply, "setup_env_", "setup_env_p")
    if expected is None:
        assert picked is None or "def setup_env_p" not in picked
    else:
        assert picked == expected


def test_rename_only_touches_the_def_line() -> None:
    text = 'def old(x):\n    """old() is called old"""\n    return old'
    renamed = 'def new(x):\n    """old() is called old"""\n    return old'
    assert rename_function(text, "new") == renamed


@pytest.mark.parametrize(
    ("program", "query", "expected"),
    [
        (PLAN, "Assistant, do it.", 'def plan():\n    """Assistant, do it."""\n    return 1'),
        (
            'def plan():\n    """First line.\n\n    More.\n    """\n    return 1',
            "New.",
            'def plan():\n    """New."""\n    return 1',
        ),
        ("def plan():\n    return 1", "Added.", 'def plan():\n    """Added."""\n    return 1'),
        (PLAN, 'Say "hi"', 'def plan():\n    "Say \\"hi\\""\n    return 1'),
    ],
    ids=["replace", "replace-multiline", "insert", "quote-at-end"],
)
def test_with_docstring(program: str, query: str, expected: str) -> None:
    changed = with_docstring(program, query)
    assert changed == expected
    assert docstring_of(changed) == query
