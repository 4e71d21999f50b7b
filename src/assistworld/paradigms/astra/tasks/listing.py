"""``assistworld tasks`` for an astra suite: one row per scenario, or (``--summary``) how the
scenarios are spread (see :mod:`.distribution`)."""

from __future__ import annotations

import json
from typing import Any

from rich.console import Console

from assistworld.core.columns import fitted_listing
from assistworld.core.suite import Suite
from assistworld.paradigms.astra.tasks.distribution import distribution, render_distribution
from assistworld.paradigms.astra.tasks.scenario import Scenario


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
    cells = []
    for row in rows:
        labels = row["complexity"]
        levels = "/".join(
            labels.get(axis, "-")[:3] for axis in ("referential", "functional", "informational")
        )
        mode = "multi" if row["mode"] == "multi_turn" else "single"
        cells.append([row["query_id"], mode, str(row["conditions"]), levels, row["query"]])
    headers = ("id", "turns", "conds", "complexity r/f/i", "query")
    console.print(
        fitted_listing(
            headers,
            cells,
            width=console.width,
            flexible=len(headers) - 1,
            title=f"{suite.name}: {len(rows)} scenarios",
            right=(2,),
            optional=(3, 2),  # the complexity labels and the count of conditions are in --json
        )
    )


__all__ = ["print_scenarios", "scenario_row"]
