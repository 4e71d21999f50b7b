"""The planning task and the plan: what a gold plan and a model's plan are made of.

A plan is a sequence of calls, one a line in the paper's format
``AppName: [ret_1, ret_2 = api_name(#arg='literal', #arg2=variable)]``. An argument is either a
*literal* (quoted: a value the user stated or the planner chose) or a *variable* (bare: a value an
earlier call returned). The same types hold the gold plan of a task, a parsed model plan, and the
published data's records, so every scorer compares like with like.
"""

from __future__ import annotations

from enum import StrEnum
from typing import ClassVar

from pydantic import BaseModel, ConfigDict, Field, field_validator

from assistworld.core.task import TaskBase


class Category(StrEnum):
    """The paper's four categories: single/multiple apps x single/multiple APIs."""

    SS = "ss"
    SM = "sm"
    MS = "ms"
    MM = "mm"


CATEGORIES: tuple[Category, ...] = tuple(Category)


class ArgumentKind(StrEnum):
    LITERAL = "literal"
    VARIABLE = "variable"


class Argument(BaseModel):
    """One argument: a literal string, or the name of a variable an earlier call returned."""

    model_config = ConfigDict(frozen=True)

    kind: ArgumentKind
    value: str

    def text(self) -> str:
        """The value as the plan format writes it (a literal quoted, a variable bare)."""
        if self.kind is ArgumentKind.VARIABLE:
            return self.value
        return "'" + self.value.replace("'", "\\'") + "'"


class Call(BaseModel):
    """One API call of a plan."""

    model_config = ConfigDict(frozen=True)

    app: str
    api: str
    arguments: dict[str, Argument] = Field(default_factory=dict)
    returns: tuple[str, ...] = ()

    def text(self) -> str:
        """The call as one line of the paper's plan format."""
        arguments = ", ".join(f"#{name}={value.text()}" for name, value in self.arguments.items())
        target = f"{', '.join(self.returns)} = " if self.returns else ""
        return f"{self.app}: [{target}{self.api}({arguments})]"

    def variables_used(self) -> tuple[str, ...]:
        """Names of the variables this call's arguments depend on, in argument order."""
        return tuple(
            value.value for value in self.arguments.values() if value.kind is ArgumentKind.VARIABLE
        )


def plan_text(calls: list[Call]) -> str:
    """A whole plan in the paper's format, one call a line."""
    return "\n".join(call.text() for call in calls)


class RowRequirement(BaseModel):
    """A row the plan must have added to one app's table: every named field has the given value.

    Only the fields the user constrained are named, so any row that fits (another restaurant
    that meets every constraint) satisfies it.
    """

    model_config = ConfigDict(frozen=True)

    app: str
    table: str
    fields: dict[str, str]


class ExecutionGoal(BaseModel):
    """What running a plan must achieve, for suites whose services assistworld simulates.

    ``rows``: the rows the plan's transactional calls must add (and no other rows may be
    added to those apps' tables). ``answers``: for each result field the user asked about
    (``"api.field"``, e.g. ``"get_weather.temperature"``), the values that count as a right
    answer; the plan must have returned one of them from a call of that API. ``answer_about``:
    for an answer key, fields the record giving the answer must hold, the request's own
    filters as the service echoes them (the city, the day, the seating class...): a search
    with a wrong filter can return the same value by chance, but it answers another question.
    """

    rows: list[RowRequirement] = Field(default_factory=list)
    answers: dict[str, list[str]] = Field(default_factory=dict)
    answer_about: dict[str, dict[str, str]] = Field(default_factory=dict)


class PlanningTask(TaskBase):
    """One AppBench-style task: an instruction and the gold plan that fulfils it.

    ``query`` is the instruction. ``user_arguments`` are the argument values the user stated
    (the published data's ``user_aware_arguments``). ``defects`` lists what is wrong with a
    published record (read and kept, never fatal). ``world_seed`` and ``goal`` are set for suites
    whose services assistworld simulates (plans can then be executed); None for the published
    data, which can only be compared as strings.
    """

    paradigm: ClassVar[str] = "appbench"

    calls: list[Call]
    user_arguments: dict[str, str] = Field(default_factory=dict)
    defects: list[str] = Field(default_factory=list)
    world_seed: int | None = None
    goal: ExecutionGoal | None = None
    example: bool = False
    """A demonstration for k-shot prompting; excluded from scoring when a run uses it."""
    raw_apps: list[str] = Field(default_factory=list)
    """The gold apps exactly as a published record lists them (``used_app``); empty for our
    suites, whose gold is ``calls``. Paper-mode scoring reads these verbatim."""
    raw_calls: list[str] = Field(default_factory=list)
    """The gold calls exactly as a published record writes them (``api_results``, one
    ``r1, r2 = api(#arg='value')`` each); empty for our suites."""

    @field_validator("category")
    @classmethod
    def _known_category(cls, value: str | None) -> str | None:
        if value is not None and value not in {c.value for c in CATEGORIES}:
            raise ValueError(f"must be one of {', '.join(c.value for c in CATEGORIES)}")
        return value

    @property
    def executable(self) -> bool:
        """Whether the task's plans can be run against simulated services."""
        return self.world_seed is not None and self.goal is not None


class ParameterDescription(BaseModel):
    """One argument or result field of an API, as the planner prompt shows it."""

    model_config = ConfigDict(frozen=True)

    name: str
    type: str = "str"
    """One of str, int, float, bool, date, time (the published descriptions' types)."""
    description: str = ""


class ApiDescription(BaseModel):
    """One API of an app: what a planner is told about it."""

    model_config = ConfigDict(frozen=True)

    name: str
    description: str = ""
    transactional: bool = False
    """Whether a call changes the world (books, pays, reserves) rather than only searching."""
    required: tuple[ParameterDescription, ...] = ()
    optional: tuple[ParameterDescription, ...] = ()
    results: tuple[ParameterDescription, ...] = ()


class AppDescription(BaseModel):
    """One app and its APIs, from the published app classes (parsed) or our declared services."""

    model_config = ConfigDict(frozen=True)

    name: str
    description: str = ""
    apis: tuple[ApiDescription, ...] = ()

    def api(self, name: str) -> ApiDescription | None:
        """The API called ``name``, if this app has it."""
        return next((api for api in self.apis if api.name == name), None)
