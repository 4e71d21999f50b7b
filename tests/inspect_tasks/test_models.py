"""Our agents' models inside an Inspect eval: ``inspect:ROLE`` strings only, each resolved to
the model Inspect binds to that role (the eval's model when none is bound)."""

from __future__ import annotations

from pathlib import Path

import pytest
from inspect_ai import eval as inspect_eval
from inspect_ai.model import get_model

from assistworld.core.registry import load_suite
from assistworld.inspect_tasks import tasks as inspect_tasks
from assistworld.inspect_tasks.models import InspectModels, role_model
from assistworld.llm.errors import ModelConfigError

from .scripted import Messages, Turn, conversation_rule, mock_outputs


def test_only_inspect_roles_are_handed_out() -> None:
    models = InspectModels()
    assert models.get(role_model("user")) is models.get("inspect:user")
    with pytest.raises(ModelConfigError, match="every model comes from Inspect"):
        models.get("openai:gpt-4o")


def test_the_simulated_user_speaks_through_inspects_user_role(tmp_path: Path) -> None:
    suite = load_suite("personal_demo")
    scenario = next(task for task in suite.tasks if task.mode == "multi_turn")
    assistant_rule = conversation_rule([scenario])
    heard: list[Messages] = []

    def user_rule(messages: Messages) -> Turn:
        heard.append(messages)
        return Turn("That is all, thanks. [END goal_met]")

    agent_model = get_model(
        "mockllm/model", custom_outputs=mock_outputs(assistant_rule), memoize=False
    )
    user_model = get_model("mockllm/user", custom_outputs=mock_outputs(user_rule), memoize=False)
    (log,) = inspect_eval(
        inspect_tasks.personal_demo(tasks=scenario.query_id),
        model=agent_model,
        model_roles={"user": user_model},
        log_dir=str(tmp_path),
        display="none",
    )
    assert log.status == "success", log.error
    assert heard, "the user role's model was never asked"
    assert log.samples is not None
    record = log.samples[0].scores["assistworld_grader"].metadata["result"]
    assert record["details"]["roles"] == {"assistant": "tools", "user": "simulated"}
    assert record["usage_by_role"]["user"]["prompt_tokens"] > 0
    assert record["usage_by_role"]["agent"]["prompt_tokens"] > 0


def test_the_judge_grades_on_inspects_judge_role(tmp_path: Path) -> None:
    suite = load_suite("personal_demo")
    scenario = next(task for task in suite.tasks if task.mode == "single_turn")
    verdict = '{"task_completion": 2, "tool_usage": 1, "information_retrieval": 2, '
    verdict += '"conversation_effectiveness": 2, "no_hallucination": 2}'
    asked: list[Messages] = []

    def judge_rule(messages: Messages) -> Turn:
        asked.append(messages)
        return Turn(verdict)

    agent_model = get_model(
        "mockllm/model", custom_outputs=mock_outputs(conversation_rule([scenario])), memoize=False
    )
    judge_model = get_model("mockllm/judge", custom_outputs=mock_outputs(judge_rule), memoize=False)
    (log,) = inspect_eval(
        inspect_tasks.personal_demo(tasks=scenario.query_id, judge=True),
        model=agent_model,
        model_roles={"judge": judge_model},
        log_dir=str(tmp_path),
        display="none",
    )
    assert log.status == "success", log.error
    assert len(asked) == 1
    assert log.samples is not None
    record = log.samples[0].scores["assistworld_grader"].metadata["result"]
    judged = record["details"]["judge"]
    assert judged["model"] == "inspect:judge" and judged["scores"]["tool_usage"] == 1
    assert record["subscores"]["judge_tool_usage"] == 0.5
