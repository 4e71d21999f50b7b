"""Help that reads in an 80-column terminal: option descriptions on one line, in panels."""

from __future__ import annotations

from typer.testing import CliRunner

from assistworld.cli import app


def _help(*command: str) -> str:
    result = CliRunner().invoke(app, [*command, "--help"], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    return result.output


def test_run_help_fits_80_columns_with_each_description_on_one_line() -> None:
    text = _help("run")
    assert max(len(line) for line in text.splitlines()) <= 80
    for description in (
        "oracle, null, replay or a model agent.",
        "Only these task ids (comma-separated).",
        "Seconds per program run or plan execution.",
        "replay: JSONL of one agent output per task.",
        "Run programs unsandboxed (recorded).",
        "Continue the run in --out.",
    ):
        assert any(description in line for line in text.splitlines()), description
    for panel in ("What to run", "Model agents", "How to run"):
        assert panel in text


def test_boolean_options_are_plain_flags() -> None:
    text = _help("run")
    assert "--no-resume" not in text and "--no-unsafe" not in text
    assert "--no-cache" in text


def test_the_top_level_help_names_all_three_ways_of_acting() -> None:
    text = " ".join(_help().split())
    assert "writing programs (ASPERA)" in text
    assert "planning API calls (AppBench)" in text
    assert "calling tools turn by turn with a simulated user (ASTRA)" in text
    assert "simulated workplace" not in text
