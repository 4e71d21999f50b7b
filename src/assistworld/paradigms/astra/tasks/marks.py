"""Where a problem of a scenario file is: its file, its line, and the field path as written.

A problem found while loading a scenario has a location in the file's data (``("milestones", 1,
"constraints", 0, "mesures")``). YAML's composer gives each node of the file the line it starts
on, so the location becomes a line; the path is printed as the author reads the file, items
counted from 1 (``milestones[2].constraints[1].mesures``), without the parts a validator adds
that the file does not hold (the ``kind`` a union of constraints was told apart by, say).

The lines are worked out only for a file that has problems: a sound file is parsed once.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

Location = tuple[str | int, ...]
"""A place in a file's data: mapping keys and list indices (from 0), outermost first."""

_LOADER: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

_DEEPEST = 64
"""How deep :func:`node_lines` follows a document."""


@dataclass(frozen=True)
class Problem:
    """One problem of a scenario: the file it is in, where in that file's data, and what to do
    (``location`` empty: the file as a whole)."""

    file: Path
    location: Location
    message: str


def node_lines(text: str) -> dict[Location, int]:
    """The line (from 1) of each key and list item of the YAML document ``text``; empty when it
    is not YAML (a JSON file gives them too: JSON is YAML where it matters here)."""
    try:
        root = yaml.compose(text, Loader=_LOADER)
    except yaml.YAMLError:
        return {}
    lines: dict[Location, int] = {}
    if root is not None:
        _walk(root, (), lines, set())
    return lines


def _walk(node: yaml.Node, at: Location, lines: dict[Location, int], seen: set[int]) -> None:
    """Record the lines under ``node``; a node reached again through an alias is not walked
    again (an alias may make the document a loop, or exponentially large)."""
    lines.setdefault(at, node.start_mark.line + 1)
    if id(node) in seen or len(at) > _DEEPEST:
        return
    seen.add(id(node))
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            if isinstance(key, yaml.ScalarNode):
                place = (*at, str(key.value))
                lines.setdefault(place, key.start_mark.line + 1)
                _walk(value, place, lines, seen)
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            _walk(item, (*at, index), lines, seen)


def line_of(lines: Mapping[Location, int], location: Location) -> int | None:
    """The line of ``location``, or of the nearest enclosing place the file holds."""
    for end in range(len(location), -1, -1):
        found = lines.get(location[:end])
        if found is not None:
            return found
    return None


def as_written(location: Location, data: Any) -> Location:
    """``location`` without the parts that are not in ``data`` (a validator's union tags), but
    its last part, which names what is missing or wrong."""
    kept: list[str | int] = []
    node = data
    for index, part in enumerate(location):
        last = index == len(location) - 1
        held = (isinstance(node, Mapping) and part in node) or (
            isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node)
        )
        if held:
            node = node[part]
        elif not last:
            continue
        kept.append(part)
    return tuple(kept)


def path_text(location: Location) -> str:
    """``milestones[2].constraints[1].mesures``: items counted from 1, as the file is read."""
    text = ""
    for part in location:
        if isinstance(part, int):
            text += f"[{part + 1}]"
        else:
            text += f".{part}" if text else str(part)
    return text


def file_lines(path: Path) -> dict[Location, int]:
    """:func:`node_lines` of the file at ``path`` (empty when it cannot be read)."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return {}
    if path.suffix == ".json":
        try:
            json.loads(text)
        except json.JSONDecodeError:
            return {}
    return node_lines(text)


def render(problems: list[Problem]) -> list[str]:
    """One line per problem: ``file:line: path: message`` (the line and path where known), a
    file's problems in the order of their lines."""
    lines_by_file: dict[Path, dict[Location, int]] = {}
    placed = []
    for order, problem in enumerate(problems):
        lines = lines_by_file.get(problem.file)
        if lines is None:
            lines = lines_by_file[problem.file] = file_lines(problem.file)
        line = line_of(lines, problem.location)
        where = f"{problem.file}:{line}" if line is not None else str(problem.file)
        path = path_text(problem.location)
        text = f"{where}: {path}: {problem.message}" if path else f"{where}: {problem.message}"
        placed.append((list(lines_by_file).index(problem.file), line or 0, order, text))
    return [text for *_, text in sorted(placed)]


__all__ = [
    "Location",
    "Problem",
    "as_written",
    "file_lines",
    "line_of",
    "node_lines",
    "path_text",
    "render",
]
