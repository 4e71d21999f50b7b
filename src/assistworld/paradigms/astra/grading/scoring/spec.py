"""A scenario's milestones and minefields, as a scenario file writes them (YAML or JSON).

    milestones:
      - id: found_sara
        constraints: [{kind: tool_call, tool: search_contacts, arguments: {name: Sara}}]
      - id: sent
        after: [found_sara]
        constraints:
          - kind: added
            table: messages
            rows: [{recipient: "+44 7700 900123", body: "running late"}]
            measures: {body: rouge_l}
    minefields:
      - id: deleted_event
        constraints: [{kind: removed, table: events, rows: [{_key: e1}]}]

``after`` lists the milestones that must be matched no later than this one (the DAG's edges).
Minefields use only binary measures. ``unguarded_tables`` are left out of the automatic
guardrails (tables that change as a side effect: a log of calls, say); a milestone's own
``may_change`` widens its guardrail the same way. A milestone whose constraints name no table
that its message changes (one that only checks a write tool's call, say) must list the tables
that write changes in ``may_change``, or its guardrail will fail.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from assistworld.core.suggest import did_you_mean
from assistworld.paradigms.astra.grading.scoring.constraints import Constraint

if TYPE_CHECKING:
    import networkx as nx


class ScoringSpecError(ValueError):
    """A scoring specification that cannot be used; the message names the field and the fix."""


class Milestone(BaseModel):
    """One sub-goal (or, in ``minefields``, one thing that must not happen)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(min_length=1)
    description: str = ""
    constraints: list[Constraint] = Field(min_length=1)
    after: list[str] = Field(default_factory=list)
    may_change: list[str] = Field(default_factory=list)

    def tables(self) -> set[str]:
        """The tables this milestone's constraints look at."""
        return {c.table_name for c in self.constraints if c.table_name is not None}


class ScoringSpec(BaseModel):
    """Milestones and minefields of one scenario, with the DAG edges checked."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    milestones: list[Milestone] = Field(default_factory=list)
    minefields: list[Milestone] = Field(default_factory=list)
    unguarded_tables: list[str] = Field(default_factory=list)
    guardrails: bool = True

    @model_validator(mode="after")
    def _check(self) -> ScoringSpec:
        problems = spec_problems(self.milestones, self.minefields)
        if problems:
            location, message = problems[0]
            raise ValueError(f"{location[0]}: {message}")
        return self


Location = tuple[str | int, ...]
"""Where in a spec's plain data a problem is: ``("milestones", 1, "after", 0)``, from 0."""


def spec_problems(
    milestones: list[Milestone] | None, minefields: list[Milestone] | None
) -> list[tuple[Location, str]]:
    """Every problem of the milestones and minefields, each with its location: ids used twice,
    ``after`` naming no milestone or forming a cycle, a minefield comparing with a graded
    measure. A list given as None (one that could not be read) is not checked."""
    problems: list[tuple[Location, str]] = []
    for field, items in (("milestones", milestones), ("minefields", minefields)):
        if items is not None:
            problems += _dag_problems(field, items)
    for index, mine in enumerate(minefields or []):
        for number, constraint in enumerate(mine.constraints):
            for column, measure in constraint.measures_used():
                if not measure.binary:
                    problems.append(
                        (
                            ("minefields", index, "constraints", number),
                            f"{mine.id!r} compares {column!r} with a graded measure "
                            f"({measure.kind}); a minefield must be hit or not: use exact, "
                            "numeric, contains, or rouge_l with a threshold",
                        )
                    )
    return problems


def dag(milestones: list[Milestone]) -> nx.DiGraph:
    """The milestones as a graph: an edge ``a -> b`` when ``b`` lists ``a`` in ``after``."""
    import networkx as nx  # for the matcher; reading a spec does not need it (see _cycle)

    graph = nx.DiGraph()
    graph.add_nodes_from(m.id for m in milestones)
    graph.add_edges_from((before, m.id) for m in milestones for before in m.after)
    return graph


def _dag_problems(field: str, milestones: list[Milestone]) -> list[tuple[Location, str]]:
    problems: list[tuple[Location, str]] = []
    ids = [m.id for m in milestones]
    seen: set[str] = set()
    for index, identifier in enumerate(ids):
        if identifier in seen:
            problems.append(
                ((field, index, "id"), f"the id {identifier!r} is used twice; give each its own")
            )
        seen.add(identifier)
    for index, m in enumerate(milestones):
        for number, before in enumerate(m.after):
            if before not in seen:
                close = did_you_mean(before, ids)
                problems.append(
                    (
                        (field, index, "after", number),
                        f"{m.id!r} is after {before!r}, which is not one of the {field}"
                        f"{close}; the {field}: {', '.join(ids)}",
                    )
                )
    if problems:
        return problems
    cycle = _cycle(milestones)
    if cycle:
        problems.append(
            (
                (field, ids.index(cycle[0]), "after"),
                f"the 'after' edges form a cycle ({' -> '.join(cycle)}); remove one",
            )
        )
    return problems


def _cycle(milestones: list[Milestone]) -> list[str]:
    """The ids along one cycle of the ``after`` edges (empty when there is none).

    A depth-first walk, so that reading a scenario does not import networkx (a fifth of a
    second, paid by every command that lists or loads a conversation suite)."""
    after = {m.id: list(m.after) for m in milestones}
    done: set[str] = set()
    for start in after:
        if start in done:
            continue
        path, on_path = [start], {start}
        pending = [iter(after[start])]
        while pending:
            step = next(pending[-1], None)
            if step is None:
                finished = path.pop()
                on_path.discard(finished)
                done.add(finished)
                pending.pop()
                continue
            if step in on_path:
                return path[path.index(step) :]
            if step in done:
                continue
            path.append(step)
            on_path.add(step)
            pending.append(iter(after[step]))
    return []


def load_scoring_spec(data: Mapping[str, Any], source: str = "the scenario") -> ScoringSpec:
    """Read a scoring specification from plain data; errors name ``source`` and the field."""
    try:
        return ScoringSpec.model_validate(data)
    except ValidationError as error:
        problems = "; ".join(
            (f"{'.'.join(str(part) for part in issue['loc'])}: " if issue["loc"] else "")
            + str(issue["msg"]).removeprefix("Value error, ")
            for issue in error.errors()
        )
        raise ScoringSpecError(f"{source}: scoring is not valid: {problems}") from None
