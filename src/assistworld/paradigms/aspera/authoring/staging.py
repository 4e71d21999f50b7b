"""The staging file of a round: the action programs the person reviews in their own editor.

Each program sits under a header line and a mark line that the person sets::

    # --- program 1 ---
    # mark: keep
    def book_lunch_with_ingrid():
        \"\"\"Assistant, book lunch with Ingrid on Thursday at noon.\"\"\"
        ...

The mark is ``keep``, ``quarantine <reason>`` or ``revise <feedback for the model>``. The person
may edit any program, and add a program of their own under a new ``# --- program ---`` header.
``# note:`` lines are the engine's remarks and are ignored when the file is read back.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from pathlib import Path

from assistworld.core.parsing import parse_in_turn
from assistworld.paradigms.aspera.authoring.replies import docstring_of
from assistworld.paradigms.aspera.authoring.state import Mark, Section
from assistworld.paradigms.aspera.tasks.programs import (
    EVALUATION_PREFIX,
    SETUP_PREFIX,
    FunctionNode,
    normalise_program,
    required_parameters,
)

_HEADER = re.compile(r"^#\s*-{3,}\s*program\b(?P<rest>.*)$")
_MARK = re.compile(r"^#\s*mark\s*:\s*(?P<mark>[A-Za-z-]*)\s*(?P<note>.*)$")
_NOTE = re.compile(r"^#\s*note\s*:")
_MARKS: tuple[Mark, ...] = ("keep", "quarantine", "revise")

INSTRUCTIONS = """\
# assistworld generate: {title}
#
# Review each program below. Under its header, set the mark line to one of:
#   # mark: keep
#   # mark: quarantine <why the program is not usable>
#   # mark: revise <what the model should change>
# Edit any program freely: its docstring is the user's query. To add a program of your own, add
# a section that starts with a "# --- program ---" line and a mark line.
# Save the file, then press Enter in the terminal."""


@dataclass
class StagingRead:
    """The sections read back from a staging file, and every problem found in it."""

    sections: list[Section] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    problem_sections: set[int] = field(default_factory=set)
    """Numbers of the sections that have a problem."""


def render_staging(title: str, sections: list[Section], notes: dict[int, list[str]]) -> str:
    """The staging file text for the sections still under review."""
    parts = [INSTRUCTIONS.format(title=title)]
    for section in sections:
        mark = section.mark + (f" {section.note}" if section.note else "")
        lines = [f"# --- program {section.number} ---", f"# mark: {mark}"]
        lines.extend(f"# note: {note}" for note in notes.get(section.number, []))
        lines.append(section.text.rstrip())
        parts.append("\n".join(lines))
    return "\n\n\n".join(parts) + "\n"


@dataclass
class _RawSection:
    number: int | None
    header_line: int
    mark_line: int | None = None
    mark: str = ""
    note: str = ""
    lines: list[str] = field(default_factory=list)
    line_numbers: list[int] = field(default_factory=list)


def _split(text: str) -> list[_RawSection]:
    sections: list[_RawSection] = []
    for number, line in enumerate(text.split("\n"), start=1):
        header = _HEADER.match(line.strip())
        if header is not None:
            digits = re.search(r"\d+", header.group("rest"))
            sections.append(_RawSection(int(digits.group()) if digits else None, number))
            continue
        if not sections:
            continue  # the instructions at the top
        current = sections[-1]
        mark = _MARK.match(line.strip())
        if mark is not None and current.mark_line is None:
            current.mark_line = number
            current.mark = mark.group("mark").lower()
            current.note = mark.group("note").strip()
        elif _NOTE.match(line.strip()) is None:
            current.lines.append(line)
            current.line_numbers.append(number)
    return sections


def _function_problem(tree: ast.Module) -> tuple[int, str] | None:
    functions = [node for node in tree.body if isinstance(node, FunctionNode)]
    others = [node for node in tree.body if not isinstance(node, FunctionNode)]
    if others:
        return others[0].lineno, (
            "only one function may stand here; move other statements inside it (library names "
            "need no import)"
        )
    if len(functions) != 1:
        names = ", ".join(f.name for f in functions) or "none"
        return 1, (
            f"a section holds exactly one function (found: {names}); put helpers inside the "
            "program or split the section"
        )
    function = functions[0]
    if function.name.startswith((SETUP_PREFIX, EVALUATION_PREFIX)):
        return function.lineno, (
            f"{function.name}: action programs may not start with {SETUP_PREFIX} or "
            f"{EVALUATION_PREFIX}; rename it"
        )
    needed = required_parameters(function)
    if needed:
        return function.lineno, (
            f"{function.name} takes arguments ({', '.join(needed)}); an action program is called "
            "with none, so write the request's details inside it"
        )
    if ast.get_docstring(function) is None:
        return function.lineno, (
            f"{function.name} has no docstring; write the user's query as its docstring"
        )
    return None


def _check_program(raw: _RawSection, program: str) -> tuple[int, str] | None:
    """A problem with a kept or revised program as (index into its lines, message), or None."""
    if not program.strip():
        return -1, "the section holds no program; write one or mark it `quarantine <reason>`"
    try:
        tree = parse_in_turn(program)
    except SyntaxError as error:
        return (error.lineno or 1) - 1, f"syntax error: {error.msg}; fix the Python syntax"
    found = _function_problem(tree)
    if found is None:
        return None
    return found[0] - 1, found[1]


def read_staging(path: Path, previous: list[Section]) -> StagingRead:
    """Read the person's staging file; ``previous`` holds the sections as last written.

    Sections are matched to ``previous`` by their header number; a section with a new or no
    number is the person's own program (its ``model_text`` is empty).
    """
    text = path.read_text(encoding="utf-8").replace("\r\n", "\n")
    known = {section.number: section for section in previous}
    result = StagingRead()
    next_number = max([0, *known]) + 1
    seen_names: dict[str, int] = {}
    for raw in _split(text):
        number = raw.number if raw.number in known else None
        if number is None or any(s.number == number for s in result.sections):
            number, next_number = next_number, next_number + 1
        program = normalise_program("\n".join(raw.lines))
        where = raw.mark_line or raw.header_line

        def problem(line: int, message: str, section: int = number) -> None:
            result.problems.append(f"{path}:{line}: program {section}: {message}")
            result.problem_sections.add(section)

        if raw.mark not in _MARKS:
            problem(
                where,
                "no valid mark line; add `# mark: keep`, `# mark: quarantine <reason>` or "
                "`# mark: revise <feedback>` under the header",
            )
        elif raw.mark in ("quarantine", "revise") and not raw.note:
            wanted = "reason" if raw.mark == "quarantine" else "feedback"
            problem(where, f"`{raw.mark}` needs a {wanted} after it on the mark line")
        mark = _as_mark(raw.mark)
        if mark != "quarantine":
            found = _check_program(raw, program)
            if found is not None:
                index, message = found
                position = _first_code_index(raw.lines) + index
                numbers = raw.line_numbers
                problem(numbers[position] if 0 <= position < len(numbers) else where, message)
            else:
                name = _name(program)
                if name in seen_names:
                    problem(
                        where,
                        f"{name} is also the name of program {seen_names[name]}; give each "
                        "program its own name",
                    )
                seen_names[name] = number
        old = known.get(number)
        result.sections.append(
            Section(
                number=number,
                model_text=old.model_text if old is not None else "",
                text=program,
                mark=mark,
                note=raw.note,
            )
        )
    return result


def _as_mark(text: str) -> Mark:
    for mark in _MARKS:
        if text == mark:
            return mark
    return "keep"


def _first_code_index(lines: list[str]) -> int:
    """How many blank lines ``normalise_program`` removed from the start of a section."""
    for index, line in enumerate(lines):
        if line.strip():
            return index
    return 0


def _name(program: str) -> str:
    tree = parse_in_turn(program)
    return next(node.name for node in tree.body if isinstance(node, FunctionNode))


def section_query(section: Section) -> str:
    """The query of a kept section: its function's docstring."""
    return docstring_of(section.text) or ""
