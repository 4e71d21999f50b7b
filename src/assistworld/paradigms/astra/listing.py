"""``assistworld tasks`` for an astra suite: one row per scenario, or (``--summary``) how the
scenarios are spread (see :mod:`.distribution`)."""

from __future__ import annotations

import json
from typing import Any

from rich.console import Console
from rich.table import Table

from assistworld.core.suite import Suite
from assistworld.paradigms.astra.distribution import distribution, render_distribution
from assistworld.paradigms.astra.scenario import Scenario


def scenario_row(scenario: Scenario) -> dict[str, Any]:
    """What the listing shows of one scenario."""
    return {
        "query_id": scenario.query_id,
        "query": scenario.query,
        "protagonist": scenario.protagonist,
        "language": scenario.language,
        "mode": scenario.mode,
        "apps": scenario.apps,
        "category": scenario.category,
        "now": scenario.now.isoformat(),
        "stateful": scenario.stateful,
        "conditions": scenario.success.count,
        "complexity": dict(scenario.complexity_labels),
        "stress": [name for name, on in scenario.stress.model_dump().items() if on],
        "has_reference": bool(scenario.reference),
    }


def print_scenarios(suite: Suite, console: Console, *, as_json: bool, summary: bool) -> None:
    """Print the suite's scenarios (or, with ``summary``, how they are spread)."""
    if summary:
        scenarios = [s for s in suite.tasks if isinstance(s, Scenario)]
        counts = distribution(scenarios)
        if as_json:
            print(json.dumps(counts, indent=2))
        else:
            console.print(render_distribution(suite.name, counts))
        return
    rows = [scenario_row(scenario) for scenario in suite.tasks]
    if as_json:
        print(json.dumps(rows, indent=2))
        return
    table = Table(title=f"{suite.name}: {len(rows)} scenarios")
    for heading in ("id", "mode", "query", "conditions", "complexity (r/f/i)"):
        table.add_column(heading)
    for row in rows:
        labels = row["complexity"]
        levels = "/".join(
            labels.get(axis, "-") for axis in ("referential", "functional", "informational")
        )
        table.add_row(row["query_id"], row["mode"], row["query"], str(row["conditions"]), levels)
    console.print(table)


__all__ = ["print_scenarios", "scenario_row"]
