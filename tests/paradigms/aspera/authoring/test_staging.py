"""The staging file: what the person writes in it is read back as marks, programs and problems."""

from __future__ import annotations

from pathlib import Path

import pytest

from assistworld.paradigms.aspera.authoring.staging import (
    read_staging,
    render_staging,
    section_query,
)
from assistworld.paradigms.aspera.authoring.state import Section

LUNCH = 'def book_lunch():\n    """Assistant, book lunch with Ingrid."""\n    add_event(None)'
REPORT = 'def busiest_day() -> str:\n    """Assistant, which day is busy?"""\n    return "Monday"'


def _staged(
    tmp_path: Path, sections: list[Section], notes: dict[int, list[str]] | None = None
) -> Path:
    path = tmp_path / "programs.py"
    path.write_text(render_staging("round 1", sections, notes or {}), encoding="utf-8")
    return path


def _mark_first(path: Path, mark_line: str) -> None:
    header = "# --- program 1 ---\n"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace(header + "# mark: keep", header + mark_line), encoding="utf-8")


def _sections() -> list[Section]:
    return [
        Section(number=1, model_text=LUNCH, text=LUNCH),
        Section(number=2, model_text=REPORT, text=REPORT),
    ]


def test_an_untouched_file_reads_back_as_written(tmp_path: Path) -> None:
    path = _staged(tmp_path, _sections(), {1: ["close to an earlier query (95%): ..."]})
    found = read_staging(path, _sections())
    assert found.problems == []
    assert [(s.number, s.mark, s.text, s.model_text) for s in found.sections] == [
        (1, "keep", LUNCH, LUNCH),
        (2, "keep", REPORT, REPORT),
    ]
    assert section_query(found.sections[0]) == "Assistant, book lunch with Ingrid."


@pytest.mark.parametrize(
    ("mark_line", "mark", "note", "problem"),
    [
        ("# mark: keep", "keep", "", None),
        ("# mark: quarantine the query is vague", "quarantine", "the query is vague", None),
        ("# mark: revise use 12:30", "revise", "use 12:30", None),
        ("#mark:REVISE use 12:30", "revise", "use 12:30", None),
        ("# mark: quarantine", "quarantine", "", "`quarantine` needs a reason"),
        ("# mark: revise", "revise", "", "`revise` needs a feedback"),
        ("# mark: maybe", "keep", "", "no valid mark line"),
    ],
)
def test_marks(tmp_path: Path, mark_line: str, mark: str, note: str, problem: str | None) -> None:
    path = _staged(tmp_path, _sections())
    _mark_first(path, mark_line)
    found = read_staging(path, _sections())
    assert (found.sections[0].mark, found.sections[0].note) == (mark, note)
    if problem is None:
        assert found.problems == []
    else:
        [message] = found.problems
        assert problem in message and ": program 1: " in message
        assert found.problem_sections == {1}


def _line_of(path: Path, needle: str) -> int:
    return path.read_text(encoding="utf-8").split("\n").index(needle) + 1


@pytest.mark.parametrize(
    ("old", "new", "needle", "message"),
    [
        ("def book_lunch():", "def book_lunch(:", "def book_lunch(:", "syntax error"),
        ("    add_event(None)", "    add_event(None", "    add_event(None", "syntax error"),
        ("def book_lunch():", "import os\ndef book_lunch():", "import os", "move other statements"),
        ('    """Assistant, book lunch with Ingrid."""\n', "", "def book_lunch():", "no docstring"),
        ("def book_lunch():", "def setup_env_x():", "def setup_env_x():", "may not start with"),
        ("def book_lunch():", "def book_lunch(who):", "def book_lunch(who):", "takes arguments"),
    ],
    ids=["syntax-def", "syntax-body", "import", "no-docstring", "reserved-name", "parameters"],
)
def test_problems_name_the_line_of_the_staging_file(
    tmp_path: Path, old: str, new: str, needle: str, message: str
) -> None:
    path = _staged(tmp_path, _sections())
    path.write_text(path.read_text(encoding="utf-8").replace(old, new, 1), encoding="utf-8")
    found = read_staging(path, _sections())
    [problem] = found.problems
    assert problem.startswith(f"{path}:{_line_of(path, needle)}: program 1: ")
    assert message in problem


def test_a_quarantined_program_may_be_broken(tmp_path: Path) -> None:
    path = _staged(tmp_path, _sections())
    _mark_first(path, "# mark: quarantine no")
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("def book_lunch():", "def book_lunch(:"), encoding="utf-8")
    found = read_staging(path, _sections())
    assert found.problems == []
    assert found.sections[0].mark == "quarantine"


def test_a_section_the_person_adds_is_their_own_program(tmp_path: Path) -> None:
    path = _staged(tmp_path, _sections())
    own = 'def cancel_standup():\n    """Assistant, cancel my standup."""\n    pass'
    path.write_text(
        path.read_text(encoding="utf-8") + f"\n# --- program ---\n# mark: keep\n{own}\n",
        encoding="utf-8",
    )
    found = read_staging(path, _sections())
    assert found.problems == []
    added = found.sections[-1]
    assert (added.number, added.model_text, added.text) == (3, "", own)


def test_two_programs_with_one_name_are_a_problem(tmp_path: Path) -> None:
    twin = REPORT.replace("busiest_day", "book_lunch")
    sections = [Section(number=1, model_text=LUNCH, text=LUNCH)]
    sections.append(Section(number=2, model_text=twin, text=twin))
    found = read_staging(_staged(tmp_path, sections), sections)
    [problem] = found.problems
    assert "book_lunch is also the name of program 1" in problem
