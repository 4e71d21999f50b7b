"""An Inspect task is made as ``assistworld run`` makes a run: the same sandbox, refused in the
same words where it cannot start; the in-context examples left out of the samples."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from assistworld.cli import app
from assistworld.inspect_tasks import tasks as inspect_tasks
from assistworld.paradigms.aspera.agents.examples import CCK_EXAMPLE_TASK_IDS
from assistworld.sandbox.layers import capabilities
from assistworld.sandbox.layers.errors import SandboxSetupError


def _one_line(text: str) -> str:
    return " ".join(text.split())


def test_without_root_the_sandbox_is_refused_as_run_refuses_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(capabilities, "identity_problem", lambda: "not running as root (uid 1000)")
    done = CliRunner().invoke(app, ["run", "--suite", "workplace", "--agent", "oracle"])
    assert done.exit_code != 0
    with pytest.raises(SandboxSetupError) as refused:
        inspect_tasks.workplace(agent="oracle")
    message = str(refused.value)
    assert "not running as root (uid 1000)" in message and "--unsafe" in message
    assert _one_line(message) in _one_line(done.output)


def test_the_examples_a_cck_agent_shows_are_no_samples() -> None:
    task = inspect_tasks.workplace(agent="cck", unsafe=True)
    ids = {str(sample.id) for sample in task.dataset}
    assert ids.isdisjoint(CCK_EXAMPLE_TASK_IDS)
    assert len(ids) == 224 - len(CCK_EXAMPLE_TASK_IDS)
    assert task.metadata is not None
    assert sorted(task.metadata["excluded_examples"]) == sorted(CCK_EXAMPLE_TASK_IDS)
    oracle = inspect_tasks.workplace(agent="oracle", unsafe=True)
    assert len(oracle.dataset) == 224


def test_a_sample_carries_category_kind_and_complexity() -> None:
    task = inspect_tasks.personal_demo(agent="oracle", tasks="mt_03_lunch_with_priya")
    (sample,) = task.dataset
    assert sample.id == "mt_03_lunch_with_priya"
    assert sample.input == "Put lunch with Priya in my calendar."
    assert sample.metadata == {
        "category": "calendar",
        "kind": "multi_turn/en",
        "complexity": {"referential": "moderate", "functional": "low", "informational": "low"},
        "paradigm": "astra",
    }


@pytest.mark.parametrize(
    ("make", "option", "value", "setting"),
    [
        (inspect_tasks.workplace, "prompt", "compact", "prompt_profile"),
        (inspect_tasks.personal_demo, "max_user_turns", 3, "max_user_turns"),
    ],
)
def test_a_run_option_given_to_a_suite_task_reaches_its_agent(
    make: object, option: str, value: object, setting: str
) -> None:
    """Each task passes ``run``'s options on as they come: the paradigm's model takes them."""
    task = make(unsafe=True, **{option: value})  # type: ignore[operator]
    assert task.metadata is not None
    assert task.metadata["agent"][setting] == value
