"""``assistworld tasks`` for an astra suite: one row per scenario."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from rich.console import Console
from rich.table import Table

from assistworld.core.suite import Suite
from assistworld.paradigms.astra.scenario import Scenario


def scenario_row(scenario: Scenario) -> dict[str, Any]:
    """What the listing shows of one scenario."""
    return {
        "query_id": scenario.query_id,
        "query": scenario.query,
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
    """Print the suite's scenarios (or counts per mode and category with ``summary``)."""
    rows = [scenario_row(scenario) for scenario in suite.tasks]
    if summary:
        counts = {
            "scenarios": len(rows),
            "by_mode": dict(Counter(row["mode"] for row in rows)),
            "by_category": dict(Counter(row["category"] or "uncategorised" for row in rows)),
            "stateful": sum(row["stateful"] for row in rows),
        }
        if as_json:
            print(json.dumps(counts, indent=2))
        else:
            console.print_json(json.dumps(counts))
        return
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
