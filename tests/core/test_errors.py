"""Every error a user fixes by changing what they asked for is a ``UserError``: the command line
prints its message as one line and exits with status 2, whatever module raised it."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from assistworld.cli import app
from assistworld.core.errors import UserError
from assistworld.core.registry import UnknownParadigmError
from assistworld.core.suite import SuiteError, TaskSelectionError
from assistworld.paradigms.appbench.agents.baselines import PlannerSetupError
from assistworld.paradigms.aspera.agents.baselines import ReplayFileError as AsperaReplayError
from assistworld.paradigms.aspera.agents.registry import UnknownAgentError as AsperaAgentError
from assistworld.paradigms.astra.agents.registry import UnknownAgentError as AstraAgentError
from assistworld.paradigms.astra.agents.replay_file import ReplayFileError as AstraReplayError
from assistworld.runner.run_options import RunOptionError
from assistworld.runner.session import RunSetupError
from assistworld.sandbox import SandboxSetupError


@pytest.mark.parametrize(
    "error",
    [
        SuiteError,
        TaskSelectionError,
        UnknownParadigmError,
        RunSetupError,
        RunOptionError,
        SandboxSetupError,
        AsperaAgentError,
        AsperaReplayError,
        PlannerSetupError,
        AstraAgentError,
        AstraReplayError,
    ],
)
def test_each_user_error_is_a_user_error(error: type[Exception]) -> None:
    assert issubclass(error, UserError)


@pytest.mark.parametrize("suite", ["workplace", "travelplans", "personal_demo"])
def test_a_bad_replay_file_is_one_line_and_status_2_for_every_paradigm(
    suite: str, tmp_path: Path
) -> None:
    programs = tmp_path / "replay.jsonl"
    programs.write_text("not json\n")
    done = CliRunner().invoke(
        app,
        ["run", "--suite", suite, "--agent", "replay", "--programs", str(programs), "--unsafe",
         "--out", str(tmp_path / "run")],
    )  # fmt: skip
    assert done.exit_code == 2, done.output
    assert "error:" in done.output and "Traceback" not in done.output
    assert "replay.jsonl" in done.output
