"""``run``'s paradigm flags come from the paradigms' run options models: a panel per paradigm
in ``--help``, one flag per field, the chosen values handed on with what the user set."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from pydantic import Field
from typer.testing import CliRunner

from assistworld.cli import app
from assistworld.cli_option_flags import chosen, option_fields, option_parameters
from assistworld.core.run_options import RunOptions
from assistworld.llm.loopback import LoopbackServer


def _panel(text: str, title: str) -> str:
    """The lines of the help panel called ``title``."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"╭─ {title} "))
    end = next(i for i in range(start, len(lines)) if lines[i].startswith("╰"))
    return "\n".join(lines[start : end + 1])


def test_run_help_shows_each_paradigms_options_in_its_own_panel() -> None:
    done = CliRunner().invoke(app, ["run", "--help"], env={"COLUMNS": "80"})
    assert done.exit_code == 0, done.output
    text = done.output
    assert max(len(line) for line in text.splitlines()) <= 80
    aspera = _panel(text, "aspera suites (workplace)")
    assert "--return-type-hint" in aspera and "--dry-runs" in aspera and "--guidelines" in aspera
    assert "--shots" in _panel(text, "appbench suites (travelplans)")
    astra = _panel(text, "astra suites (lifelines, personal_demo)")
    for name in ("--user-model", "--max-steps", "--max-user-turns", "--end-on-repeat"):
        assert name in astra
    assert "N [x>=1]  User messages at most. [default: 8]" in astra
    assert "--prompt" in _panel(text, "aspera and astra suites")
    model = _panel(text, "Model agents")
    assert "--temperature" in model and "--max-tokens" in model
    assert text.index("aspera suites") < text.index("How to run")


class Demo(RunOptions):
    pace: int = Field(
        2, ge=1, le=9, description="Steps a turn.", json_schema_extra={"metavar": "N"}
    )
    loud: bool = Field(False, description="Speak up.")


class Other(RunOptions):
    pace: int = Field(2, ge=1, le=9, description="Steps a turn.")


class Clashing(RunOptions):
    pace: str = "fast"


def test_a_field_is_one_flag_in_its_paradigms_panel_with_its_bounds() -> None:
    fields = option_fields({"demo": Demo}, {"demo": ["one"]}, "Sampling")
    assert [(f.name, f.panel) for f in fields] == [
        ("temperature", "Sampling"),
        ("max_tokens", "Sampling"),
        ("pace", "demo suites (one)"),
        ("loud", "demo suites (one)"),
    ]
    params = {p.name: p for p in option_parameters(fields)}
    assert params["pace"].opts == ["--pace"] and params["pace"].default == 2
    assert params["loud"].is_flag and params["loud"].opts == ["--loud"]


def test_a_field_two_paradigms_declare_is_one_flag_in_a_panel_naming_both() -> None:
    fields = option_fields({"demo": Demo, "other": Other}, {}, "Sampling")
    assert [f.panel for f in fields if f.name == "pace"] == ["demo and other suites"]


def test_one_name_with_two_types_is_refused_naming_both_paradigms() -> None:
    with pytest.raises(TypeError, match="'pace': demo and clash declare it with another type"):
        option_fields({"demo": Demo, "clash": Clashing}, {}, "Sampling")


def test_chosen_values_say_which_the_user_set_to_other_than_the_default() -> None:
    params = option_parameters(option_fields({"demo": Demo}, {}, "Sampling"))
    values: dict[str, Any] = {"pace": 2, "loud": True, "temperature": 0.0, "max_tokens": 7}
    taken = chosen(params, values)
    assert taken.values == {"temperature": 0.0, "max_tokens": 7, "pace": 2, "loud": True}
    assert taken.given == frozenset({"loud", "max_tokens"})
    assert values == {}, "taken out of the command's own parameters"


def test_run_hands_the_astra_options_to_the_agent(tmp_path: Path) -> None:
    with LoopbackServer("All done.", model="m") as server:
        done = CliRunner().invoke(
            app,
            ["run", "--suite", "personal_demo", "--tasks", "st_05_which_pitch",
             "--agent", "tools", "--model", f"openai-compatible:m@{server.base_url}",
             "--user-model", "scripted", "--max-user-turns", "3", "--max-steps", "4",
             "--end-on-repeat", "--out", str(tmp_path / "run")],
        )  # fmt: skip
    assert done.exit_code == 0, done.output
    agent = json.loads((tmp_path / "run" / "manifest.json").read_text())["agent"]
    assert (agent["max_user_turns"], agent["generation"]["max_steps"]) == (3, 4)
    assert agent["end_on_repeat"] is True and agent["user_model"] == "scripted"


def test_making_the_flags_loads_no_agent_model_client_or_sandbox() -> None:
    code = (
        "import sys\n"
        "from assistworld.cli_option_flags import flag_parameters\n"
        "assert len(flag_parameters('Model agents')) > 10\n"
        "heavy = ('assistworld.llm', 'assistworld.sandbox', 'assistworld.agents')\n"
        "light = ('.agents', '.agents.options')  # a paradigm's agents package holds no code\n"
        "loaded = (m for m in sys.modules if m.startswith(heavy) or '.agents' in m)\n"
        "print(sorted(m for m in loaded if not m.endswith(light)))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
