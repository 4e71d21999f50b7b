"""A flag or an agent the suite's paradigm does not take stops the run, naming what serves it."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from assistworld.cli import app
from assistworld.core.registry import get_paradigm, run_options_types
from assistworld.runner.run_options import RunOptionError, paradigm_options


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (
            ["--suite", "workplace", "--user-model", "scripted"],
            "--user-model: suite 'workplace' is an aspera suite, whose agents do not read it; "
            "drop it, or run a suite it serves (it serves astra: lifelines, personal_demo)",
        ),
        (
            ["--suite", "workplace", "--end-on-repeat"],
            "--end-on-repeat: suite 'workplace' is an aspera suite, whose agents do not read it",
        ),
        (
            ["--suite", "travelplans", "--dry-runs", "1"],
            "--dry-runs: suite 'travelplans' is an appbench suite, whose agents do not read it",
        ),
        (
            ["--suite", "personal_demo", "--shots", "2"],
            "(it serves appbench: travelplans)",
        ),
        (
            ["--suite", "workplace", "--agent", "hierarchical"],
            "--agent hierarchical: suite 'workplace' is an aspera suite, whose agents are "
            "oracle, null, replay, cck, ps, selfdebug, external; 'hierarchical' serves "
            "appbench: travelplans",
        ),
        (
            ["--suite", "workplace", "--agent", "tools"],
            "'tools' serves appbench: travelplans; astra: lifelines, personal_demo",
        ),
        (
            ["--suite", "workplace", "--judge-model", "openai-compatible:j@http://127.0.0.1:9"],
            "--judge-model: suite 'workplace' is an aspera suite, which has no judge; drop it, "
            "or run a suite whose results a judge grades (judged: astra: lifelines, "
            "personal_demo)",
        ),
        (
            ["--suite", "personal_demo", "--max-user-turns", "0"],
            "Invalid value for '--max-user-turns': Input should be greater than or equal to 1",
        ),
        (["--suite", "workplace", "--max-tokens", "0"], "Invalid value for '--max-tokens'"),
        (
            ["--suite", "travelplans", "--agent", "oracle", "--command", "echo"],
            "--command is read by --agent external only",
        ),
        (
            ["--suite", "travelplans", "--agent", "external"],
            '--agent external needs --command "CMD ARGS"',
        ),
    ],
)
def test_what_the_suite_does_not_take_is_refused_before_the_run(
    args: list[str], said: str, tmp_path: object
) -> None:
    done = CliRunner().invoke(app, ["run", *args, "--unsafe", "--out", f"{tmp_path}/run"])
    assert done.exit_code == 2
    assert said in " ".join(done.output.replace("│", " ").split())


def test_a_value_the_model_refuses_outside_the_command_line_names_the_flag() -> None:
    with pytest.raises(RunOptionError, match="--max-user-turns 0: Input should be greater"):
        paradigm_options(get_paradigm("astra"), {"max_user_turns": 0, "shots": 2})


def test_every_built_in_paradigms_options_load_without_the_paradigm() -> None:
    for name, kind in run_options_types().items():
        assert kind is get_paradigm(name).run_options


def test_an_option_at_its_default_is_not_a_choice_and_passes(tmp_path: object) -> None:
    done = CliRunner().invoke(
        app,
        ["run", "--suite", "personal_demo", "--agent", "oracle", "--shots", "0",
         "--tasks", "st_05_which_pitch", "--out", f"{tmp_path}/run"],
    )  # fmt: skip
    assert done.exit_code == 0, done.output
