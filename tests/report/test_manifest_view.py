"""What the report and ``show`` say about a run's settings, and what they flag."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from assistworld.report.manifest_view import essentials, flags
from assistworld.report.rundata import RunOverview, load_run
from tests.report._runs import manifest, result, write_run


def _run(tmp_path: Path, **overrides: Any) -> RunOverview:
    return load_run(
        write_run(tmp_path / "run", [result("t1", "passed")], manifest(None, ["t1"], **overrides))
    ).overview


def test_essentials_name_model_agent_suite_hash_and_layers(tmp_path: Path) -> None:
    shown = dict(essentials(_run(tmp_path)))
    assert shown["model"] == "model-a"
    assert shown["agent"] == "cck"
    assert shown["suite hash"].startswith("0000000000000000")
    assert shown["sandbox layers"] == "rlimits, landlock-abi7, seccomp"
    assert shown["unsafe"] == "no"
    assert "return_type_hint=false" in shown["agent settings"]
    assert shown["tasks with results"] == "1"


@pytest.mark.parametrize(
    ("overrides", "text", "severity"),
    [
        ({"unsafe": True}, "UNSAFE: candidate programs ran without the sandbox", "danger"),
        ({"sandbox_layers": []}, "no sandbox layer was active", "danger"),
        ({"agent": {"agent": "cck", "return_type_hint": True}}, "return-type hint", "warn"),
        ({"agent": {"agent": "ps", "self_debug": True}}, "self debug: on", "info"),
    ],
)
def test_settings_that_change_how_numbers_read_are_flagged(
    tmp_path: Path, overrides: dict[str, Any], text: str, severity: str
) -> None:
    found = [(flag.text, flag.severity) for flag in flags(_run(tmp_path, **overrides))]
    assert any(text in shown and level == severity for shown, level in found), found


def test_no_sandbox_is_flagged_only_for_a_run_whose_agent_wrote_programs(tmp_path: Path) -> None:
    without = manifest(None, ["t1"], sandbox_layers=[])
    planned = load_run(write_run(tmp_path / "plans", [result("t1", "passed", program="")], without))
    assert flags(planned.overview) == []


def test_an_ordinary_run_has_no_flags(tmp_path: Path) -> None:
    assert flags(_run(tmp_path)) == []


def test_settings_read_as_key_value_pairs_never_python_literals() -> None:
    from assistworld.report.manifest_view import key_values

    text = key_values(
        {
            "temperature": 0.0,
            "cache": True,
            "sampling": {"top_p": 1.0, "stop": ["```"]},
            "max_tokens": None,
            "examples": [],
        }
    )
    assert text == (
        "cache=true, examples=none, max_tokens=none, sampling.stop=```, sampling.top_p=1.0, "
        "temperature=0.0"
    )
    assert "{" not in text and "[" not in text and "True" not in text
