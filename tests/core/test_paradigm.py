"""An agent request hands each paradigm its own options object."""

from __future__ import annotations

import pytest

from assistworld.core.paradigm import AgentRequest
from assistworld.core.run_options import RunOptions
from assistworld.paradigms.appbench.agents.options import AppBenchRunOptions
from assistworld.paradigms.astra.agents.options import AstraRunOptions


def test_no_options_means_every_default() -> None:
    assert AgentRequest(name="tools").options_as(AstraRunOptions) == AstraRunOptions()


def test_the_paradigms_own_object_is_handed_as_it_is() -> None:
    options = AstraRunOptions(max_user_turns=3)
    assert AgentRequest(name="tools", options=options).options_as(AstraRunOptions) is options


def test_the_common_options_fill_the_paradigms_model() -> None:
    request = AgentRequest(name="flat", options=RunOptions(temperature=0.4, max_tokens=50))
    options = request.options_as(AppBenchRunOptions)
    assert (options.temperature, options.max_tokens, options.shots) == (0.4, 50, 0)


def test_another_paradigms_options_are_a_programming_error() -> None:
    request = AgentRequest(name="flat", options=AstraRunOptions())
    with pytest.raises(TypeError, match="takes AppBenchRunOptions, not AstraRunOptions"):
        request.options_as(AppBenchRunOptions)
