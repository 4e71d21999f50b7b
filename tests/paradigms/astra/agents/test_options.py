"""ASTRA's run options: the defaults are the agents' own, and bad bounds are refused."""

from __future__ import annotations

import pytest

from assistworld.agents.tool_calling import DEFAULT_MAX_STEPS
from assistworld.paradigms.astra.agents.conversation import DEFAULT_MAX_USER_TURNS
from assistworld.paradigms.astra.agents.options import AstraRunOptions


def test_the_defaults_are_the_agents_defaults() -> None:
    options = AstraRunOptions()
    assert (options.max_steps, options.max_user_turns) == (
        DEFAULT_MAX_STEPS,
        DEFAULT_MAX_USER_TURNS,
    )
    assert (options.user_model, options.end_on_repeat, options.prompt) == (None, False, None)


@pytest.mark.parametrize("field", ["max_steps", "max_user_turns"])
def test_a_conversation_needs_at_least_one_step_and_turn(field: str) -> None:
    with pytest.raises(ValueError, match="greater than or equal to 1"):
        AstraRunOptions.model_validate({field: 0})
