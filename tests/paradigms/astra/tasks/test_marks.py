"""Placing a problem of a scenario file: the line of a YAML node, the path as the file reads."""

from __future__ import annotations

import time

from assistworld.paradigms.astra.tasks.marks import as_written, line_of, node_lines, path_text

TEXT = """\
query: Move it
milestones:
- id: found
  constraints:
  - {kind: tool_call, tool: search}
- id: moved
  constraints:
  - kind: updated
    mesures: {starts_at: numeric}
"""


def test_each_key_and_item_has_the_line_it_starts_on() -> None:
    lines = node_lines(TEXT)
    assert lines[("query",)] == 1
    assert lines[("milestones", 1)] == 6
    assert lines[("milestones", 1, "constraints", 0, "mesures")] == 9
    assert lines[("milestones", 0, "constraints", 0, "tool")] == 5


def test_a_place_the_file_does_not_hold_takes_the_line_of_its_nearest_enclosing_one() -> None:
    lines = node_lines(TEXT)
    assert line_of(lines, ("milestones", 1, "constraints", 0, "table")) == 8
    assert line_of(lines, ("protagonist",)) == 1
    assert line_of({}, ("query",)) is None


def test_a_path_counts_items_from_one_without_the_validators_union_tag() -> None:
    data = {"milestones": [{}, {"constraints": [{"kind": "updated", "mesures": {}}]}]}
    location = as_written(("milestones", 1, "constraints", 0, "updated", "mesures"), data)
    assert location == ("milestones", 1, "constraints", 0, "mesures")
    assert path_text(location) == "milestones[2].constraints[1].mesures"
    assert as_written(("milestones", 0, "id"), data) == ("milestones", 0, "id")


def test_aliases_are_walked_once_so_a_nested_alias_bomb_is_cheap() -> None:
    rows = ["a: &a [x, x, x, x, x, x, x, x, x]"]
    for number in range(1, 10):
        before, name = chr(96 + number), chr(97 + number)
        rows.append(f"{name}: &{name} [{', '.join([f'*{before}'] * 9)}]")
    started = time.process_time()
    lines = node_lines("\n".join(rows) + "\n")
    assert time.process_time() - started < 1.0
    assert lines[("j",)] == 10


def test_text_that_is_not_yaml_has_no_lines() -> None:
    assert node_lines("a: [unclosed\n") == {}
