from pathlib import Path

import pytest

from assistworld.core.replay_file import read_replay_lines


class _BadFile(ValueError):
    pass


def test_reads_the_named_field_in_file_order_and_skips_blank_lines(tmp_path: Path) -> None:
    path = tmp_path / "plans.jsonl"
    path.write_text(
        '{"query_id": "b", "plan": "two"}\n\n{"query_id": "a", "plan": "one", "x": 1}\n',
        encoding="utf-8",
    )
    read = read_replay_lines(path, "plan", _BadFile)
    assert list(read.items()) == [("b", "two"), ("a", "one")]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (
            '{"query_id": "a", "program": "x"}\n',
            'p.jsonl:1: each line needs string fields "query_id" and "plan"',
        ),
        ('\n"text"\n', "p.jsonl:2: expected an object with query_id and plan"),
        (
            '{"query_id": "a", "plan": "x"}\n{"query_id": "a", "plan": "y"}\n',
            "p.jsonl:2: query_id 'a' appears twice",
        ),
    ],
)
def test_errors_are_the_callers_kind_and_name_the_line(
    tmp_path: Path, content: str, message: str
) -> None:
    path = tmp_path / "p.jsonl"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(_BadFile, match=message):
        read_replay_lines(path, "plan", _BadFile)


def test_a_missing_file_says_what_to_pass(tmp_path: Path) -> None:
    with pytest.raises(_BadFile, match="no such file; pass --programs"):
        read_replay_lines(tmp_path / "absent.jsonl", "plan", _BadFile)
