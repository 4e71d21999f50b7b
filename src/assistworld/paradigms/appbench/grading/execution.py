"""Running a plan against the simulated services: the ``executed`` way of scoring a plan.

:func:`execute_plan` runs a task's plan in a fresh world (its databases filled from
``task.world_seed``, its clock at ``task.now``) and tells whether the plan reached the task's goal.

The rules, in the order they apply to each call of the plan:

1. **Permission boundary.** The plan line names an app (matched ignoring case). A call of an API
   that is not that app's is *refused* (and recorded as such) even when another app has the API;
   an app or API that does not exist is an *error*.
2. **Arguments.** A literal is passed as written (the service reads it into its own type: dates
   ``YYYY-MM-DD``, times ``HH:MM``, booleans ``True``/``False``, numbers); a variable is replaced by
   the value it is bound to. A variable no earlier call bound makes the call *unbound*: it does
   not run. Argument names are the plan's (``from``, ``class``); unknown names are errors.
3. **Results and variables.** An API returns one record or a list of records, best match first.
   The call's *record* is that record, or the first of the list. Each name the call ``returns``
   must be a field of the record and is bound to that field's value (a later binding of the same
   name replaces an earlier one); a name the record lacks is an error of the call, and nothing
   of it is bound.

A plan **succeeds** when every call ran without error and the goal holds: each required row was
added (one added row per requirement, matched one to one), no other row was added to any app's
table (an unrequested booking is a side effect, whichever app it is in), and each asked-for answer
(``"api.field"``, or ``"App.api.field"``) is the value of that field in the record of a call of
that API that names the field among its returns, a record that also holds the filters the
answer is about (``goal.answer_about``: the search's city, day, class...). Values compare as
text after :func:`~assistworld.apps.services.canonical`, ignoring case.
"""

from __future__ import annotations

from typing import Any, Literal

import networkx as nx
from pydantic import BaseModel, Field

from assistworld.apps import services
from assistworld.paradigms.appbench.grading.task_worlds import TaskWorld, TaskWorlds
from assistworld.paradigms.appbench.tasks.model import (
    ArgumentKind,
    Call,
    ExecutionGoal,
    PlanningTask,
    RowRequirement,
)
from assistworld.tools.events import to_json
from assistworld.world.tables import Shape
from assistworld.world.world import World

Status = Literal["ok", "error", "refused", "unbound"]


class NotExecutableError(ValueError):
    """The task has no world seed or goal, so its plans can only be compared as text."""


class CallOutcome(BaseModel):
    """What one call of the plan did."""

    index: int
    app: str
    api: str
    status: Status
    arguments: dict[str, Any] = Field(default_factory=dict)
    """The arguments as passed (variables replaced by their values)."""
    record: dict[str, Any] | None = None
    """The record the call returned (the first of a list), as JSON."""
    results: int = 0
    """How many records the API returned."""
    bound: dict[str, Any] = Field(default_factory=dict)
    error: str | None = None


class ExecutionReport(BaseModel):
    """The outcome of running one plan: each call, the rows added, and why it fell short."""

    query_id: str
    calls: list[CallOutcome] = Field(default_factory=list)
    rows_added: dict[str, list[dict[str, Any]]] = Field(default_factory=dict)
    """Rows the plan added, by table."""
    missing_rows: list[RowRequirement] = Field(default_factory=list)
    unexpected_rows: list[str] = Field(default_factory=list)
    missing_answers: list[str] = Field(default_factory=list)

    @property
    def all_ran(self) -> bool:
        """Whether every call ran without error."""
        return all(call.status == "ok" for call in self.calls)

    @property
    def goal_met(self) -> bool:
        """Whether the goal's rows and answers hold (whatever happened to the calls)."""
        return not (self.missing_rows or self.unexpected_rows or self.missing_answers)

    @property
    def success(self) -> bool:
        """Every call ran and the goal holds."""
        return self.all_ran and self.goal_met

    def problems(self) -> list[str]:
        """Why the plan failed, one line each (empty when it succeeded)."""
        lines = [
            f"call {call.index + 1} ({call.app}.{call.api}) {call.status}: {call.error}"
            for call in self.calls
            if call.status != "ok"
        ]
        lines += [
            f"no {row.app} row was added to {row.table} with {row.fields}"
            for row in self.missing_rows
        ]
        lines += [f"unrequested row: {text}" for text in self.unexpected_rows]
        lines += [f"answer not returned: {key}" for key in self.missing_answers]
        return lines


def execute_plan(
    task: PlanningTask, calls: list[Call], worlds: TaskWorlds | None = None
) -> ExecutionReport:
    """Run ``calls`` in a fresh world of ``task`` and check the task's goal (module docstring).

    ``worlds``: the task's databases filled once, for running many plans of one task (the
    mutant audit); without it they are filled (the same way) for this plan alone.
    """
    if task.world_seed is None or task.goal is None:
        raise NotExecutableError(
            f"task {task.query_id} has no world_seed or goal: its plans cannot be executed"
        )
    if worlds is not None and worlds.query_id != task.query_id:
        raise ValueError(f"the worlds of task {worlds.query_id} cannot run task {task.query_id}")
    goal = task.goal
    apps = _apps_touched(calls, goal)
    world = (worlds or TaskWorlds(task)).world(apps)
    report = ExecutionReport(query_id=task.query_id)
    variables: dict[str, Any] = {}
    with world.active():
        for index, call in enumerate(calls):
            report.calls.append(_run(index, call, variables))
    added = _added_rows(world)
    report.rows_added = {
        table: [row for _, row in entries] for table, entries in added.items() if entries
    }
    report.missing_rows, report.unexpected_rows = _match_rows(goal.rows, added)
    report.missing_answers = _missing_answers(goal, calls, report.calls)
    return report


def _apps_touched(calls: list[Call], goal: ExecutionGoal) -> tuple[str, ...]:
    names = {services.find_app(call.app) for call in calls}
    names |= {services.find_app(row.app) for row in goal.rows}
    return tuple(app for app in services.APP_NAMES if app in names)


def _run(index: int, call: Call, variables: dict[str, Any]) -> CallOutcome:
    outcome = CallOutcome(index=index, app=call.app, api=call.api, status="ok")
    app = services.find_app(call.app)
    if app is None:
        return _failed(outcome, "error", f"there is no app {call.app!r}")
    tools = services.toolset(app)
    if call.api not in tools:
        owners = [other for other in services.APP_NAMES if call.api in services.toolset(other)]
        if owners:
            return _failed(
                outcome,
                "refused",
                f"{call.api} is an API of {', '.join(owners)}, not of {app}: "
                "an app may call only its own APIs",
            )
        return _failed(outcome, "error", f"{app} has no API {call.api!r}")
    arguments: dict[str, Any] = {}
    for name, argument in call.arguments.items():
        if argument.kind is ArgumentKind.VARIABLE:
            if argument.value not in variables:
                return _failed(
                    outcome,
                    "unbound",
                    f"#{name} depends on {argument.value!r}, which no earlier call returned",
                )
            arguments[name] = variables[argument.value]
        else:
            arguments[name] = argument.value
    outcome.arguments = arguments
    event = tools.call_json(
        call.api, {services.python_name(name): value for name, value in arguments.items()}
    )
    if event.error is not None:
        return _failed(outcome, "error", event.error.message)
    result = event.result
    records = result if isinstance(result, list) else [result]
    outcome.results = len(records)
    record = records[0] if records and isinstance(records[0], dict) else {}
    outcome.record = record
    missing = [name for name in call.returns if name not in record]
    if missing:
        return _failed(
            outcome,
            "error",
            f"{call.api} returns no field {', '.join(map(repr, missing))}; its fields: "
            + ", ".join(record),
        )
    outcome.bound = {name: record[name] for name in call.returns}
    variables.update(outcome.bound)
    return outcome


def _failed(outcome: CallOutcome, status: Status, message: str) -> CallOutcome:
    outcome.status = status
    outcome.error = message
    return outcome


def _added_rows(world: TaskWorld) -> dict[str, list[tuple[str, dict[str, Any]]]]:
    """Rows present now that the task's databases did not hold, by table: ``(app, row as
    JSON)``: the rows of each table of the world's apps but those copied in from the task's
    databases (see :class:`~.task_worlds.TaskWorld`: an app's rows are copied in only when a
    call reads them, and a write reads none)."""
    added: dict[str, list[tuple[str, dict[str, Any]]]] = {}
    for app in services.APP_NAMES:
        if app not in world.apps:
            continue
        for table in services.tables(app):
            rows = World.table(world, table)  # as they are: reading must not fill more parts
            known = world.copied.get(table.name, set())
            if table.shape is Shape.MEMBERS:
                new = [{"member": to_json(m)} for m in rows if str(m) not in known]
            else:
                new = [to_json(row) for key, row in rows.items() if key not in known]
            added[table.name] = [(app, row) for row in new]
    return added


def _same(value: Any, wanted: str) -> bool:
    return services.canonical(value).strip().casefold() == wanted.strip().casefold()


def _fits(requirement: RowRequirement, table: str, app: str, row: dict[str, Any]) -> bool:
    if requirement.table != table or services.find_app(requirement.app) != app:
        return False
    return all(
        name in row and _same(row[name], value) for name, value in requirement.fields.items()
    )


def _match_rows(
    required: list[RowRequirement], added: dict[str, list[tuple[str, dict[str, Any]]]]
) -> tuple[list[RowRequirement], list[str]]:
    """Required rows no added row satisfies, and added rows no requirement took (one to one)."""
    flat = [(table, app, row) for table, entries in added.items() for app, row in entries]
    if not required or not flat:  # nothing to match: no graph needed (most plans only search)
        return list(required), [f"{app} {table}: {_short(row)}" for table, app, row in flat]
    graph = nx.Graph()
    graph.add_nodes_from(("need", i) for i in range(len(required)))
    graph.add_nodes_from(("row", j) for j in range(len(flat)))
    for i, requirement in enumerate(required):
        for j, (table, app, row) in enumerate(flat):
            if _fits(requirement, table, app, row):
                graph.add_edge(("need", i), ("row", j))
    matching = nx.bipartite.maximum_matching(
        graph, top_nodes=[("need", i) for i in range(len(required))]
    )
    missing = [r for i, r in enumerate(required) if ("need", i) not in matching]
    unexpected = [
        f"{app} {table}: {_short(row)}"
        for j, (table, app, row) in enumerate(flat)
        if ("row", j) not in matching
    ]
    return missing, unexpected


def _short(row: dict[str, Any]) -> str:
    text = ", ".join(f"{name}={services.canonical(value)}" for name, value in row.items())
    return text if len(text) <= 200 else text[:197] + "..."


def _missing_answers(
    goal: ExecutionGoal, calls: list[Call], outcomes: list[CallOutcome]
) -> list[str]:
    missing = []
    for key, accepted in goal.answers.items():
        *where, field = key.split(".")
        app = services.find_app(where[0]) if len(where) == 2 else None
        api = where[-1] if where else ""
        if not any(
            outcome.status == "ok"
            and outcome.api == api
            and (app is None or services.find_app(outcome.app) == app)
            and field in call.returns
            and outcome.record is not None
            and any(_same(outcome.record.get(field), value) for value in accepted)
            and all(
                _same(outcome.record.get(name), value)
                for name, value in goal.answer_about.get(key, {}).items()
            )
            for call, outcome in zip(calls, outcomes, strict=True)
        ):
            missing.append(key)
    return missing


__all__ = [
    "CallOutcome",
    "ExecutionReport",
    "NotExecutableError",
    "execute_plan",
]
