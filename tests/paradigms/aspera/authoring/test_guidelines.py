"""Guidelines are data: the bundled file, a person's override, and clear errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from assistworld.paradigms.aspera.authoring.examples import example_tasks, render_examples
from assistworld.paradigms.aspera.authoring.guidelines import (
    GuidelinesError,
    bundled_guidelines_text,
    load_guidelines,
)


def test_the_bundled_guidelines_load_and_name_existing_examples() -> None:
    guidelines = load_guidelines()
    assert 3 <= len(guidelines.examples) <= 5
    assert guidelines.programs and guidelines.setup and guidelines.evaluation
    tasks = example_tasks(guidelines)
    assert [task.query_id for task in tasks] == list(guidelines.examples)
    rendered = render_examples(tasks)
    for task in tasks:  # the example programs carry the query as their docstring
        assert f'"""{task.query}"""' in rendered.programs
        assert f"def setup_env_{task.plan_name}" in rendered.setups
        assert f"def evaluate_{task.plan_name}" in rendered.evaluations


def test_an_override_file_replaces_only_the_fields_it_sets(tmp_path: Path) -> None:
    path = tmp_path / "mine.yaml"
    path.write_text("setup:\n  - Always create a room called Maple.\nhistory_limit: 5\n")
    guidelines = load_guidelines(path)
    assert guidelines.setup == ("Always create a room called Maple.",)
    assert guidelines.history_limit == 5
    assert guidelines.programs == load_guidelines().programs


def test_a_copy_of_the_bundled_file_is_a_valid_override(tmp_path: Path) -> None:
    path = tmp_path / "copy.yaml"
    path.write_text(bundled_guidelines_text())
    assert load_guidelines(path) == load_guidelines()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("programs:\n  - fine\n  bad: [\n", ":3: not valid YAML (expected <block end>"),
        ("- just a list\n", "expected a mapping of fields"),
        ("setpu:\n  - typo\n", "setpu: Extra inputs are not permitted"),
        ("history_limit: many\n", "history_limit: Input should be a valid integer"),
        ("examples: []\n", "examples: Tuple should have at least 1 item"),
    ],
)
def test_bad_override_files_are_refused_naming_the_field(
    tmp_path: Path, text: str, message: str
) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    with pytest.raises(GuidelinesError) as caught:
        load_guidelines(path)
    assert message in str(caught.value) and str(path) in str(caught.value)


def test_an_unknown_example_task_is_named(tmp_path: Path) -> None:
    path = tmp_path / "examples.yaml"
    path.write_text("examples: [simple_001_lunch_ingrid_kwame, no_such_task]\n")
    with pytest.raises(GuidelinesError, match="has no task no_such_task"):
        example_tasks(load_guidelines(path))
