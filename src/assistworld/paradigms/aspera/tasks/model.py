"""A task: the user query, the reference action program, and its (setup, evaluation) pairs.

The fields follow the published Asper-Bench records (``query_id``, ``query``, ``program``,
``state_generation_programs``, ``evaluation_programs``, ``scenario``) so its programs run
unchanged; ``category``, ``tags``, ``kind``, ``now`` and ``source`` are ours.

Contract checked on construction (each failure is one line naming the source, the field and the
fix):

- ``program`` parses and defines exactly one top-level function; its name is the plan name;
- there is at least one setup program and exactly as many evaluation programs (setup program
  ``i`` pairs with evaluation program ``i``);
- each setup program defines one function ``setup_env_<plan>`` or ``setup_env_<plan>_<suffix>``
  that can be called with no arguments;
- each evaluation program defines one function ``evaluate_<plan>`` or
  ``evaluate_<plan>_<suffix>`` that accepts ``query``, ``executable`` and ``setup_function``.

``kind`` is derived from the reference program when not given (see
:func:`assistworld.paradigms.aspera.tasks.programs.derive_kind`). Program text is normalised by
:func:`~assistworld.paradigms.aspera.tasks.programs.normalise_program` and queries by
:func:`~assistworld.paradigms.aspera.tasks.programs.clean_query`; nothing else is changed.
"""

from __future__ import annotations

import ast
from collections.abc import Mapping
from typing import Any, ClassVar

from pydantic import (
    BaseModel,
    ConfigDict,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_validator,
)

from assistworld.core.parsing import parse_in_turn
from assistworld.core.task import TaskBase
from assistworld.paradigms.aspera.tasks.errors import TaskError
from assistworld.paradigms.aspera.tasks.programs import (
    EVALUATION_PREFIX,
    SETUP_PREFIX,
    FunctionNode,
    TaskKind,
    clean_query,
    derive_kind,
    evaluation_signature_problem,
    normalise_program,
    setup_signature_problem,
    top_level_functions,
    variant_suffix,
)

CONTRACT_CHECKED = "contract_checked"
"""Validation-context key: the fields come from the derived-task cache, which stores only tasks
that passed the program contract below, under the sha256 of their file and of this code
(:mod:`assistworld.paradigms.aspera.tasks.cached_files`); the contract is not checked again, nor
are the programs normalised again (they were stored normalised)."""

PARSED_PROGRAMS = "parsed_programs"
"""Validation-context key: program text -> its syntax tree, for a caller that has the trees
already (a task file's reader: each program is a function of the file it parsed), so the
contract check does not parse every program again."""

_SCENARIO_LIST_FIELDS = (
    "apps",
    "query_solution",
    "runtime_setup",
    "evaluation",
    "simulation_tools",
    "evaluation_tools",
    "symbols_in_apps",
)


class Scenario(BaseModel):
    """Where a task came from in the generation engine: apps used, guidelines, tool lists.

    Permissive on purpose: every field is optional, unknown fields are kept, and an empty string
    (how NestedText writes a missing value) reads as None.
    """

    model_config = ConfigDict(extra="allow")

    apps: list[str] | None = None
    query_solution: list[Any] | None = None
    runtime_setup: list[Any] | None = None
    evaluation: list[Any] | None = None
    guidelines: dict[str, Any] | None = None
    simulation_tools: list[Any] | None = None
    evaluation_tools: list[Any] | None = None
    symbols_in_apps: list[Any] | None = None

    @model_validator(mode="before")
    @classmethod
    def _empty_strings_are_missing(cls, data: Any) -> Any:
        if not isinstance(data, Mapping):
            return data
        cleaned = dict(data)
        for name in (*_SCENARIO_LIST_FIELDS, "guidelines"):
            if cleaned.get(name) == "":
                cleaned[name] = None
        guidelines = cleaned.get("guidelines")
        if isinstance(guidelines, Mapping):
            cleaned["guidelines"] = {k: (None if v == "" else v) for k, v in guidelines.items()}
        return cleaned


class Task(TaskBase):
    """One benchmark task. Equality ignores ``source`` (where the task was read from).

    The shared fields (``query_id``, ``query``, ``category``, ``tags``, ``now``, ``source``) come
    from :class:`~assistworld.core.task.TaskBase`; ``now`` None means the library default
    (2024-06-25 09:06) and ``source`` is a file path or ``<shard>#<index>``.
    """

    paradigm: ClassVar[str] = "aspera"
    model_config = ConfigDict(extra="forbid")

    program: str
    """The reference action program: one top-level function whose name is the plan name."""
    state_generation_programs: list[str]
    evaluation_programs: list[str]
    scenario: Scenario | None = None
    kind: TaskKind

    def strata(self) -> tuple[str, ...]:
        """A sample spreads over categories and over kinds (state-changing or not)."""
        return (self.category or "", self.kind)

    # -- normalisation -------------------------------------------------------------------------
    @model_validator(mode="before")
    @classmethod
    def _derive_kind(cls, data: Any, info: ValidationInfo) -> Any:
        if not isinstance(data, Mapping) or data.get("kind") is not None:
            return data
        program = data.get("program")
        kind: TaskKind = "state-changing"
        if isinstance(program, str):
            tree, _ = _parse(normalise_program(program), "program", info)
            functions = [] if tree is None else top_level_functions(tree)  # None: reported below
            if len(functions) == 1:
                kind = derive_kind(functions[0])
        return {**data, "kind": kind}

    @field_validator("query")
    @classmethod
    def _clean_query(cls, value: str) -> str:
        return clean_query(value)

    @field_validator("program")
    @classmethod
    def _normalise_program(cls, value: str, info: ValidationInfo) -> str:
        return value if _from_cache(info) else normalise_program(value)

    @field_validator("state_generation_programs", "evaluation_programs")
    @classmethod
    def _normalise_programs(cls, value: list[str], info: ValidationInfo) -> list[str]:
        return value if _from_cache(info) else [normalise_program(text) for text in value]

    # -- the contract ----------------------------------------------------------------------------
    @model_validator(mode="after")
    def _check_programs(self, info: ValidationInfo) -> Task:
        if _from_cache(info):
            return self  # the same fields passed this check when they were cached
        problems = _program_problems(self, info)
        if problems:
            raise ValueError("\n".join(f"{self.source}: {problem}" for problem in problems))
        return self

    # -- derived facts ---------------------------------------------------------------------------
    @property
    def plan_name(self) -> str:
        """The name of the reference program's function."""
        return _only_function(self.program).name

    @property
    def pairs(self) -> list[tuple[str, str]]:
        """The (setup program, evaluation program) pairs, in order."""
        return list(zip(self.state_generation_programs, self.evaluation_programs, strict=True))

    @property
    def setup_function_names(self) -> list[str]:
        """The name of the function each setup program defines (what the runner calls)."""
        return [self._defined(text, SETUP_PREFIX).name for text in self.state_generation_programs]

    @property
    def evaluation_function_names(self) -> list[str]:
        """The name of the function each evaluation program defines."""
        return [self._defined(text, EVALUATION_PREFIX).name for text in self.evaluation_programs]

    def _defined(self, program: str, prefix: str) -> FunctionNode:
        matches = _matching_functions(parse_in_turn(program), prefix, self.plan_name)
        return matches[0]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Task):
            return NotImplemented
        return self.model_dump(exclude={"source"}) == other.model_dump(exclude={"source"})


def _from_cache(info: ValidationInfo) -> bool:
    """Whether the fields come from the derived-task cache: a validated task's own dump, its
    programs already normalised and checked."""
    return isinstance(info.context, Mapping) and bool(info.context.get(CONTRACT_CHECKED))


def _only_function(program: str) -> FunctionNode:
    functions = top_level_functions(parse_in_turn(program))
    return functions[0]


def _matching_functions(tree: ast.Module, prefix: str, plan: str) -> list[FunctionNode]:
    return [
        f for f in top_level_functions(tree) if variant_suffix(f.name, prefix, plan) is not None
    ]


def _parse(
    text: str, field: str, info: ValidationInfo | None = None
) -> tuple[ast.Module | None, str | None]:
    """The syntax tree of a program (the caller's, when it passed one: see
    :data:`PARSED_PROGRAMS`), or the problem that stops it parsing."""
    context = info.context if info is not None else None
    given = context.get(PARSED_PROGRAMS) if isinstance(context, Mapping) else None
    if given is not None and text in given:
        return given[text], None
    try:
        return parse_in_turn(text), None
    except SyntaxError as error:
        return None, f"{field}: syntax error at line {error.lineno}: {error.msg}; fix the program"


def _program_problems(task: Task, info: ValidationInfo | None = None) -> list[str]:
    tree, problem = _parse(task.program, "program", info)
    if tree is None:
        return [problem or "program: does not parse"]
    functions = top_level_functions(tree)
    if len(functions) != 1:
        names = ", ".join(f.name for f in functions) or "none"
        return [
            f"program: must define exactly one top-level function, the plan (found: {names}); "
            "move helper functions inside the plan function"
        ]
    plan = functions[0].name
    problems: list[str] = []
    if isinstance(functions[0], ast.AsyncFunctionDef):
        problems.append(f"program: {plan} must be a plain def, not async def")
    setups, evaluations = task.state_generation_programs, task.evaluation_programs
    if not setups:
        problems.append(
            f"state_generation_programs: is empty; add at least one program defining "
            f"{SETUP_PREFIX}{plan}()"
        )
    if len(setups) != len(evaluations):
        problems.append(
            f"evaluation_programs: {len(evaluations)} evaluation programs for {len(setups)} "
            "setup programs; setup program i pairs with evaluation program i, so give both "
            "lists the same length"
        )
    for field, programs, prefix in (
        ("state_generation_programs", setups, SETUP_PREFIX),
        ("evaluation_programs", evaluations, EVALUATION_PREFIX),
    ):
        for index, text in enumerate(programs):
            problems.extend(_paired_program_problems(f"{field}[{index}]", text, prefix, plan, info))
    return problems


def _paired_program_problems(
    field: str, text: str, prefix: str, plan: str, info: ValidationInfo | None = None
) -> list[str]:
    tree, problem = _parse(text, field, info)
    if tree is None:
        return [problem or f"{field}: does not parse"]
    matches = _matching_functions(tree, prefix, plan)
    expected = f"{prefix}{plan} or {prefix}{plan}_<suffix>"
    if not matches:
        found = ", ".join(f.name for f in top_level_functions(tree)) or "no function"
        return [f"{field}: defines {found}, not {expected}; rename the function"]
    if len(matches) > 1:
        names = ", ".join(f.name for f in matches)
        return [f"{field}: defines several functions named like {expected} ({names}); keep one"]
    function = matches[0]
    if prefix == SETUP_PREFIX:
        signature = setup_signature_problem(function)
    else:
        signature = evaluation_signature_problem(function)
    return [f"{field}: {signature}; fix its parameters"] if signature else []


def format_validation_error(error: ValidationError, source: str) -> list[str]:
    """One line per problem in a pydantic error raised while building a :class:`Task`."""
    lines: list[str] = []
    for item in error.errors():
        message = str(item["msg"]).removeprefix("Value error, ")
        location = ".".join(str(part) for part in item["loc"])
        if location:
            lines.append(f"{source}: {location}: {message}")
        else:
            lines.extend(message.split("\n"))  # contract problems already name the source
    return lines


def build_task(fields: Mapping[str, Any], parsed: Mapping[str, ast.Module] | None = None) -> Task:
    """Validate ``fields`` into a :class:`Task`; raise :class:`TaskError` listing every problem.
    ``parsed``: syntax trees of the programs by their (normalised) text, when the caller has
    them."""
    source = str(fields.get("source", "<memory>"))
    context = {PARSED_PROGRAMS: parsed} if parsed else None
    try:
        return Task.model_validate(dict(fields), context=context)
    except ValidationError as error:
        raise TaskError(format_validation_error(error, source)) from None
