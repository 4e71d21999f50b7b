"""The decoding settings every model-driven agent sends, and how a run records them."""

from __future__ import annotations

from assistworld.agents.model_requests import Decoding
from assistworld.llm.chat import user_message


def test_greedy_by_default_and_every_setting_reaches_the_request() -> None:
    assert Decoding().describe() == {"temperature": 0.0, "max_tokens": None, "seed": None}
    settings = Decoding(temperature=0.7, max_tokens=256, seed=3)
    request = settings.request([user_message("plan my trip")])
    assert (request.temperature, request.max_tokens, request.seed) == (0.7, 256, 3)
    assert [message.content for message in request.messages] == ["plan my trip"]
    assert settings.describe() == {"temperature": 0.7, "max_tokens": 256, "seed": 3}
