"""No fixed cost twice: every command reads each task file of its suite once."""

from __future__ import annotations

import builtins
import io
import os
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from assistworld.cli import app
from assistworld.core.registry import bundled_suites
from assistworld.llm.loopback import LoopbackServer
from tests.runner._suite import write_suite


def _count_reads(monkeypatch: pytest.MonkeyPatch, folder: Path) -> Counter[str]:
    """Count every opening of a file directly in ``folder`` (``open`` and ``Path.read_*``)."""
    reads: Counter[str] = Counter()
    real_open = io.open
    resolved = folder.resolve()

    def spy(file: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(file, str | os.PathLike):
            path = Path(os.fspath(file))
            if path.suffix == ".py" and path.resolve().parent == resolved:
                reads[path.name] += 1
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr(io, "open", spy)
    monkeypatch.setattr(builtins, "open", spy)
    return reads


@pytest.fixture
def suite_dir(tmp_path: Path) -> Path:
    write_suite(tmp_path / "suite", 3)
    return tmp_path / "suite"


@pytest.mark.parametrize("cached", [False, True], ids=["first", "cached"])
def test_tasks_reads_each_file_once(
    suite_dir: Path, monkeypatch: pytest.MonkeyPatch, cached: bool
) -> None:
    if cached:
        assert CliRunner().invoke(app, ["tasks", "--suite", str(suite_dir)]).exit_code == 0
    reads = _count_reads(monkeypatch, suite_dir)
    result = CliRunner().invoke(app, ["tasks", "--suite", str(suite_dir)])
    assert result.exit_code == 0, result.output
    assert reads == Counter({f"focus_{n:02d}.py": 1 for n in range(3)})


def test_an_oracle_run_reads_each_file_once(
    suite_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    reads = _count_reads(monkeypatch, suite_dir)
    out = tmp_path / "run"
    result = CliRunner().invoke(
        app, ["run", "--suite", str(suite_dir), "--unsafe", "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert reads == Counter({f"focus_{n:02d}.py": 1 for n in range(3)})


def test_a_model_run_over_the_example_suite_reads_each_file_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The in-context examples come from the suite already read, not from a second reading."""
    monkeypatch.setenv("ASSISTWORLD_CACHE_DIR", str(tmp_path / "llm"))
    (workplace,) = [suite for suite in bundled_suites() if suite.name == "workplace"]
    reads = _count_reads(monkeypatch, workplace.path)
    with LoopbackServer(reply="```python\ndef nothing():\n    return None\n```") as server:
        model = f"openai-compatible:loopback-model@{server.base_url}"
        result = CliRunner().invoke(
            app,
            [
                "run", "--suite", "workplace", "--agent", "cck", "--model", model,
                "--limit", "1", "--unsafe", "--out", str(tmp_path / "run"),
            ],
        )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert reads and set(reads.values()) == {1}
    assert len(reads) == len(list(workplace.path.glob("[!_]*.py")))


def test_the_generate_default_kill_rate_is_the_audits_threshold() -> None:
    """The CLI states the default without importing the audits (kept equal here)."""
    from assistworld.cli import MIN_TASK_KILL_RATE
    from assistworld.paradigms.aspera.audit import thresholds

    assert MIN_TASK_KILL_RATE == thresholds.MIN_TASK_KILL_RATE
