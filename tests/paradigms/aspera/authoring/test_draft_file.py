"""The draft task file: written from a draft, read back leniently, then strictly as a task."""

from __future__ import annotations

from pathlib import Path

from assistworld.paradigms.aspera.authoring.draft_file import read_draft, render_draft, strict_task
from assistworld.paradigms.aspera.authoring.state import Draft, Version
from tests.paradigms.aspera.authoring._scripted import (
    LUNCH_PLAN,
    LUNCH_PROGRAM,
    LUNCH_QUERY,
    LUNCH_SETUP,
    STRICT_EVALUATION,
)


def _draft(*, with_evaluation: bool) -> Draft:
    draft = Draft(
        plan=LUNCH_PLAN,
        query=LUNCH_QUERY,
        query_id="generated_001_lunch",
        category="generated",
        tags=["add_event", "generated"],
        file="round-001/lunch.py",
        program=Version(text=LUNCH_PROGRAM.strip()),
        setups=[Version(text=LUNCH_SETUP.strip())],
    )
    if with_evaluation:
        draft.evaluations = [Version(text=STRICT_EVALUATION.strip())]
    return draft


def _write(tmp_path: Path, draft: Draft) -> Path:
    path = tmp_path / "draft.py"
    path.write_text(render_draft(draft, {"generator": "openai:gpt-4o"}), encoding="utf-8")
    return path


def test_a_draft_without_evaluations_reads_back_but_is_not_a_task_yet(tmp_path: Path) -> None:
    path = _write(tmp_path, _draft(with_evaluation=False))
    found = read_draft(path)
    assert found.problems == []
    assert (found.query, found.query_id, found.category) == (
        LUNCH_QUERY,
        "generated_001_lunch",
        "generated",
    )
    assert found.plan == LUNCH_PLAN and found.program == LUNCH_PROGRAM.strip()
    assert found.setups == {"": LUNCH_SETUP.strip()} and found.evaluations == {}
    task, problems = strict_task(path)
    assert task is None
    assert any("has no matching evaluate_" in problem for problem in problems)


def test_a_complete_draft_is_exactly_the_task_the_suite_will_read(tmp_path: Path) -> None:
    path = _write(tmp_path, _draft(with_evaluation=True))
    task, problems = strict_task(path)
    assert problems == [] and task is not None
    assert task.query == LUNCH_QUERY and task.program == LUNCH_PROGRAM.strip()
    assert task.state_generation_programs == [LUNCH_SETUP.strip()]
    assert task.evaluation_programs == [STRICT_EVALUATION.strip()]
    assert task.scenario is not None
    assert task.scenario.model_extra == {"generator": "openai:gpt-4o"}


def test_the_persons_edits_and_mistakes_are_read(tmp_path: Path) -> None:
    path = _write(tmp_path, _draft(with_evaluation=True))
    text = path.read_text(encoding="utf-8")
    text = text.replace('CATEGORY = "generated"', 'CATEGORY = "lunches"')
    text = text.replace(f"def setup_env_{LUNCH_PLAN}():", "def setup_env_lunch():")
    path.write_text(text, encoding="utf-8")
    found = read_draft(path)
    assert found.category == "lunches"
    line = text.split("\n").index("def setup_env_lunch():") + 1
    assert f"{path}:{line}: setup_env_lunch does not match the action program" in "\n".join(
        found.problems
    )


def test_a_syntax_error_is_reported_with_its_line(tmp_path: Path) -> None:
    path = _write(tmp_path, _draft(with_evaluation=True))
    text = path.read_text(encoding="utf-8").replace("    executable()\n", "    executable(\n", 1)
    path.write_text(text, encoding="utf-8")
    [problem] = read_draft(path).problems
    assert problem.startswith(f"{path}:") and "syntax error" in problem
