"""The remote model client's modules load in the background while the sandbox starts."""

from __future__ import annotations

import subprocess
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


def test_the_warm_up_imports_no_openai_sdk() -> None:
    """The SDK is not what the client uses (it speaks httpx); importing it in the background
    cost a CCK run about half a second of waiting, the GIL shared with the sandbox's start."""
    code = (
        "import sys\n"
        "from assistworld.runner.build import warm_model_client\n"
        "warm_model_client('openai-compatible:m@http://127.0.0.1:8000/v1').join(timeout=120)\n"
        "assert 'assistworld.llm.openai_compatible' in sys.modules\n"
        "print(sorted(m for m in sys.modules if m == 'openai' or m.startswith('openai.')))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
