"""The records a draft's reference conversation reads: what its related entities may name.

IR recall is the share of a scenario's related entities that a read tool returned (see
:mod:`assistworld.paradigms.astra.grading.scoring.diagnostics`). A family names the records a task
is
about; some of them the reference never reads (a contact whose name a write tool resolves
itself, the conversation a message is sent into, an event when the booking email says the
same), and listing them made the reference score below 1 on a metric it satisfies by
construction. The generator keeps only the related entities the reference's own reads return,
found by playing its calls, in order, on a fresh copy of the world.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from assistworld.apps.personal import personal_world, toolset
from assistworld.paradigms.astra.authoring.scenario_gen.draft import Draft, ToolCall
from assistworld.paradigms.astra.grading.scoring.diagnostics import mentions


def read_by(calls: Sequence[ToolCall], world: dict[str, Any], now: str) -> set[str]:
    """Every key and value the read calls among ``calls`` return, played in order on ``world``
    (the writes change it as they would in the conversation)."""
    tools = toolset()
    live = personal_world({**world, "now": now}, source="the scenario's world")
    returned: set[str] = set()
    with live.active():
        for call in calls:
            event = tools.call_json(call.tool, call.arguments)
            if event.effect != "write" and event.error is None:
                returned.update(mentions(event.result))
    return returned


def keep_read_entities(draft: Draft, world: dict[str, Any], now: str) -> None:
    """Narrow ``draft.related`` to the entities its reference conversation reads."""
    if not draft.related:
        return
    returned = read_by([*draft.before, *draft.calls], world, now)
    draft.related = [entity for entity in draft.related if entity in returned]


__all__ = ["keep_read_entities", "read_by"]
