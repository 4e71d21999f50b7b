"""``verify --mutants`` for astra: does a scenario's milestone score tell its reference from a
mutant of it?

Each mutant of the reference (see :mod:`.scoring.mutants`: a write with a wrong recipient or
field, a write made twice, an entity deleted, a wrong final answer) is replayed against the
scenario's world, so its tool results are real, and graded like any conversation. A mutant is
*killed* when its milestone score S is below 1 (success conditions are coarse by design: a
wrong answer text in a stateful scenario still meets them; S is the measure meant to tell a
near miss from the reference). A mutant is *equivalent* when it leaves the same final world
(every table, compared as data; the world's version counter aside) and says the same things as
the reference: a deletion whose id the tool does not know, a write repeated with the same
values. Nothing could tell it apart, so it counts neither way. Deletions are tried on the
scenario's related entities with every delete tool that takes one id.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from pydantic import BaseModel, Field

from assistworld.paradigms.astra.grading.results import AstraResult
from assistworld.paradigms.astra.grading.scoring import Mutant, all_mutants
from assistworld.paradigms.astra.tasks.scenario import Scenario
from assistworld.paradigms.astra.tasks.worlds import AppFamily, Families


class Replayer(Protocol):
    """Replays a conversation on a scenario's world and grades it."""

    families: Families

    async def replay(
        self, scenario: Scenario, messages: Sequence[Mapping[str, Any]], name: str
    ) -> AstraResult: ...


class MutantOutcome(BaseModel):
    name: str
    operator: str
    description: str = ""
    score: float
    killed: bool
    equivalent: bool


class MutantReport(BaseModel):
    """The mutants of one scenario's reference and what became of each."""

    query_id: str
    outcomes: list[MutantOutcome] = Field(default_factory=list)

    @property
    def counted(self) -> list[MutantOutcome]:
        return [o for o in self.outcomes if not o.equivalent]

    @property
    def kill_rate(self) -> float | None:
        """Killed mutants over the non-equivalent ones; None when there are none."""
        counted = self.counted
        return sum(o.killed for o in counted) / len(counted) if counted else None

    @property
    def survivors(self) -> list[MutantOutcome]:
        return [o for o in self.counted if not o.killed]


def _deletions(scenario: Scenario, family: AppFamily) -> list[tuple[str, dict[str, Any]]]:
    """(delete tool, arguments) for each related entity and each write tool named ``remove_*``
    or ``delete_*`` whose only required parameter is an id."""
    tools = []
    for definition in family.definitions:
        function = definition["function"]
        name = function["name"]
        required = function.get("parameters", {}).get("required") or []
        deletes = name.startswith(("remove_", "delete_")) and len(required) == 1
        if deletes and required[0].endswith("_id") and name in family.write_tools:
            tools.append((name, required[0]))
    return [
        (tool, {param: entity}) for entity in scenario.related_entities for tool, param in tools
    ]


def _replies(result: AstraResult) -> list[str]:
    record = result.details.conversation
    return [] if record is None else record.replies()


def _final_world(result: AstraResult) -> Any:
    """The final world as data, the version counter aside."""
    record = result.details.conversation
    if record is None:
        return None
    final = record.worlds.data_at(record.worlds.latest_version)
    final.pop("version", None)
    return final


def _equivalent(result: AstraResult, reference: AstraResult, world: Any) -> bool:
    """Same replies and same final world (``world``: the reference's); the replies first, as
    they are cheap to compare."""
    return _replies(result) == _replies(reference) and _final_world(result) == world


async def mutant_report(
    scenario: Scenario, reference: AstraResult, player: Replayer
) -> MutantReport | None:
    """Replay (with ``player``) and grade every mutant of ``scenario``'s reference (graded as
    ``reference``); None when the scenario has no reference or no milestone score."""
    if not scenario.reference or reference.details.milestones is None:
        return None
    family = player.families.get(scenario.apps)
    mutants: list[Mutant] = all_mutants(
        scenario.reference, family.write_tools, _deletions(scenario, family)
    )
    world = _final_world(reference)
    report = MutantReport(query_id=scenario.query_id)
    for mutant in mutants:
        result = await player.replay(scenario, mutant.messages, "mutant")
        scored = result.details.milestones
        score = scored.score if scored is not None else 0.0
        report.outcomes.append(
            MutantOutcome(
                name=mutant.name,
                operator=mutant.operator,
                description=mutant.description,
                score=score,
                killed=score < 1.0,
                equivalent=_equivalent(result, reference, world),
            )
        )
    return report


__all__ = ["MutantOutcome", "MutantReport", "Replayer", "mutant_report"]
