from __future__ import annotations

from pathlib import Path

import pytest

from assistworld.paradigms.aspera.agents.baselines import ReplayFileError, read_replay_file
from assistworld.paradigms.aspera.agents.registry import UnknownAgentError, build_agent


def test_replay_file_is_read_by_query_id(tmp_path: Path) -> None:
    path = tmp_path / "p.jsonl"
    path.write_text(
        '{"query_id": "a", "program": "def f():\\n    return 1\\n"}\n\n'
        '{"query_id": "b", "program": "def g():\\n    pass\\n"}\n'
    )
    programs = read_replay_file(path)
    assert set(programs) == {"a", "b"}
    assert programs["a"].startswith("def f()")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("not json\n", "p.jsonl:1: not valid JSON"),
        (
            '{"query_id": "a"}\n',
            'p.jsonl:1: each line needs string fields "query_id" and "program"',
        ),
        ("[1, 2]\n", "p.jsonl:1: expected an object"),
        (
            '{"query_id": "a", "program": "x"}\n{"query_id": "a", "program": "y"}\n',
            "p.jsonl:2: query_id 'a' appears twice",
        ),
    ],
)
def test_bad_replay_files_name_the_line(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "p.jsonl"
    path.write_text(content)
    with pytest.raises(ReplayFileError, match=message.replace("[", r"\[").replace("]", r"\]")):
        read_replay_file(path)


def test_unknown_agent_and_replay_without_programs_are_explained() -> None:
    with pytest.raises(UnknownAgentError, match="unknown agent 'gpt'; choose one of"):
        build_agent("gpt")
    with pytest.raises(UnknownAgentError, match="--agent replay needs --programs"):
        build_agent("replay")
