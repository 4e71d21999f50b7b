"""The remote model client's modules load in the background while the sandbox starts."""

from __future__ import annotations

import sys

from assistworld.runner.build import REMOTE_CLIENT_MODULES, warm_model_client


def test_a_remote_model_gets_its_client_imported_in_the_background() -> None:
    thread = warm_model_client("openai-compatible:m@http://127.0.0.1:8000/v1")
    assert thread is not None
    thread.join(timeout=120)
    assert all(name in sys.modules for name in REMOTE_CLIENT_MODULES)


def test_no_warm_up_without_a_remote_model() -> None:
    assert warm_model_client(None) is None
    assert warm_model_client("local:qwen2.5-coder-1.5b") is None
    assert warm_model_client("no-provider") is None  # the agent's build reports the bad string
