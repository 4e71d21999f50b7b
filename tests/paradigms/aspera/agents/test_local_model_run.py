"""The whole product against the real offline model: ``run --agent cck --model local:...``.

Slow (the model reads the full library documentation once, then reuses that prefix), so it runs
two tasks, and only where the ``[local]`` extra is installed; CI installs it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from assistworld.cli import app
from assistworld.llm.local import runtime_available
from assistworld.llm.model_package import QWEN25_CODER_1_5B
from assistworld.paradigms.aspera.grading.results import FAILURE_CLASSES

MODEL_INSTALLED = runtime_available() and not QWEN25_CODER_1_5B.missing_distributions()


@pytest.mark.local_model
@pytest.mark.skipif(not MODEL_INSTALLED, reason="pip install 'assistworld[local]' to run this")
def test_cck_with_the_local_model_produces_results_usage_and_a_manifest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ASSISTWORLD_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("ASSISTWORLD_PREFIX_DIR", str(tmp_path / "prefixes"))
    out = tmp_path / "run"
    result = CliRunner().invoke(
        app,
        [
            "run", "--suite", "workplace", "--agent", "cck",
            "--model", "local:qwen2.5-coder-1.5b", "--limit", "2", "--max-tokens", "400",
            "--out", str(out),
        ],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    records = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    assert len(records) == 2
    known = {"passed", *FAILURE_CLASSES}
    for record in records:
        assert record["usage"]["prompt_tokens"] > 1000  # the whole library, compact
        assert record["outcome"] in known
        assert record["passed"] == (record["outcome"] == "passed")
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["agent"]["model"].startswith("local:qwen2.5-coder-1.5b")
    assert manifest["agent"]["prompt_profile"] == "compact"
    assert "reading a new prompt into the local model" in result.output
    assert len(list((tmp_path / "prefixes").glob("*.slot"))) == 1
    assert manifest["usage"]["prompt_tokens"] > 2000
    assert manifest["sandbox_layers"]
