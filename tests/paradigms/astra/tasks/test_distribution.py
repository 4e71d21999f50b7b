"""``assistworld tasks --summary`` on a conversation suite: scenarios per protagonist, per level
on each complexity axis, per stress flag, per mode and per language, as data and as tables that
fit 80 columns."""

from __future__ import annotations

import json

from rich.console import Console
from typer.testing import CliRunner

from assistworld.cli import app
from assistworld.core.registry import load_suite
from assistworld.paradigms.astra.tasks.distribution import distribution, render_distribution
from assistworld.paradigms.astra.tasks.scenario import Complexity, Scenario, Stress
from tests.paradigms.astra.helpers import scenario


def _variant(query_id: str, **changes: object) -> Scenario:
    return scenario().model_copy(update={"query_id": query_id, **changes})


def test_the_counts_follow_the_labels() -> None:
    both = Stress(misinformation=True, insufficient_context=True)
    scenarios = [
        _variant("a", complexity_labels={"referential": "high", "functional": "low"}),
        _variant("b", stress=both, language="es", protagonist="Sofía Ruiz"),
        _variant("c", stress=Stress(misinformation=True), language="es", mode="multi_turn"),
    ]
    data = distribution(scenarios)
    assert data["scenarios"] == 3
    assert data["by_protagonist"] == {"Dana Reyes": 2, "Sofía Ruiz": 1}
    assert data["by_language"] == {"es": 2, "en": 1}
    assert data["by_mode"] == {"single_turn": 2, "multi_turn": 1}
    assert data["by_stress"] == {"misinformation": 2, "insufficient_context": 1, "neither": 1}
    referential = data["by_complexity"]["referential"]
    assert referential == {"low": 0, "moderate": 0, "high": 1, "unlabelled": 2}
    assert data["by_complexity"]["informational"]["unlabelled"] == 3


def test_the_bundled_summary_as_json_and_as_80_column_tables() -> None:
    result = CliRunner().invoke(app, ["tasks", "--suite", "personal_demo", "--summary", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["scenarios"] == 12 and data["by_protagonist"] == {"Maya Okafor": 12}
    assert data["by_mode"] == {"single_turn": 8, "multi_turn": 4}
    assert data["by_stress"] == {"misinformation": 1, "insufficient_context": 3, "neither": 8}
    assert data["by_complexity"]["referential"] == {"low": 2, "moderate": 8, "high": 2}
    assert data["by_language"] == {"en": 12}
    tasks = [t for t in load_suite("personal_demo").tasks if isinstance(t, Scenario)]
    assert data == distribution(tasks)
    console = Console(record=True, width=80)
    console.print(render_distribution("personal_demo", data))
    lines = console.export_text().splitlines()
    assert max(len(line) for line in lines) <= 80
    text = "\n".join(lines)
    assert "personal_demo: 12 scenarios (9 stateful)" in text
    assert "insufficient_context   3" in text and "multi_turn    4" in text


def test_complexity_from_the_scenario_field_counts_too() -> None:
    labelled = _variant(
        "d",
        complexity=Complexity(referential="low", functional="high", informational="moderate"),
    )
    labelled = Scenario.model_validate(labelled.model_dump())
    data = distribution([labelled])
    assert data["by_complexity"]["functional"] == {"low": 0, "moderate": 0, "high": 1}
