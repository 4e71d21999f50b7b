"""What a milestone or a minefield asks of the conversation at one message.

Every constraint is checked at a candidate message index ``i`` against the world state after
that message (and the tool calls and text up to it):

- ``snapshot``: the whole table holds rows like ``rows``;
- ``added`` / ``removed`` / ``updated``: the rows added, removed or changed in the table since the
  reference point (``since``: ``start``, the state the conversation began with, or
  ``message``, the state just before message ``i``) are like ``rows`` (``removed`` compares the
  rows as they were, the others as they are);
- ``unchanged``: a guardrail: the table is the same as at the reference point (a 0/1 gate);
- ``tool_call``: the latest assistant message with tool calls at or before ``i`` called ``tool``
  with every golden argument close (the tool-trace match);
- ``response``: the latest text the assistant said at or before ``i`` is close to ``text``.

Evidence in order (:mod:`~assistworld.paradigms.astra.grading.scoring.order`): the message a
``tool_call`` or ``response`` reads must also come at or after the indices matched to the
milestones its milestone comes ``after``, or it scores 0; the world-state kinds read the world
as it stands at ``i`` (state carries forward).

Row constraints align target rows to world rows one to one (the counts must agree); a row's
similarity is the geometric mean of its columns' (``measures`` per column, exact by default);
a world row also has the columns ``_key`` (its key in the table) and, in nested tables,
``_owner``.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from assistworld.paradigms.astra.grading.scoring.measures import Exact, Measure, RougeL, ValueReuse

Since = Literal["start", "message"]


class _Constraint(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    @property
    def gate(self) -> bool:
        """True for guardrails: they multiply a milestone's similarity as 0 or 1."""
        return False

    def measures_used(self) -> list[tuple[str, Measure]]:
        """Every (column or argument, measure) this constraint compares with."""
        return []

    @property
    def table_name(self) -> str | None:
        return None


class RowsConstraint(_Constraint):
    kind: Literal["snapshot", "added", "removed", "updated"]
    table: str
    rows: list[dict[str, Any]] = Field(default_factory=list)
    measures: dict[str, Measure] = Field(default_factory=dict)
    since: Since = "start"

    def measure(self, column: str) -> Measure:
        return self.measures.get(column) or Exact()

    def measures_used(self) -> list[tuple[str, Measure]]:
        columns = {column for row in self.rows for column in row}
        return [(column, self.measure(column)) for column in sorted(columns)]

    @property
    def table_name(self) -> str | None:
        return self.table


class Unchanged(_Constraint):
    kind: Literal["unchanged"] = "unchanged"
    table: str
    since: Since = "start"

    @property
    def gate(self) -> bool:
        return True

    @property
    def table_name(self) -> str | None:
        return self.table


class ToolCallConstraint(_Constraint):
    kind: Literal["tool_call"] = "tool_call"
    tool: str
    arguments: dict[str, Any] = Field(default_factory=dict)
    measures: dict[str, Measure] = Field(default_factory=dict)

    def measure(self, argument: str) -> Measure:
        return self.measures.get(argument) or Exact()

    def measures_used(self) -> list[tuple[str, Measure]]:
        return [(name, self.measure(name)) for name in sorted(self.arguments)]


class ResponseConstraint(_Constraint):
    kind: Literal["response"] = "response"
    text: str
    measure: Measure = Field(default_factory=RougeL)

    def measures_used(self) -> list[tuple[str, Measure]]:
        return [("text", self.measure)]


Constraint = Annotated[
    RowsConstraint | Unchanged | ToolCallConstraint | ResponseConstraint,
    Field(discriminator="kind"),
]


def uses_reuse(constraint: _Constraint) -> bool:
    """Whether a measure of ``constraint`` depends on what tools returned before the message."""
    return any(_reuses(measure) for _, measure in constraint.measures_used())


def _reuses(measure: Measure) -> bool:
    return isinstance(measure, ValueReuse)
