"""Render a :class:`~assistworld.paradigms.aspera.tasks.model.Task` as a task file (see
:mod:`.taskfile`).

The generation engine saves the tasks it makes with :func:`write_task_file`. Every rendering is
read back with the task-file loader before it is returned, so ``load(write(task)) == task`` is
checked, not hoped for: a task that the file format cannot hold exactly is refused with a message
saying what to rename or move.

Asper-Bench tasks must never be written out (their licence forbids derivatives); this module
does not know where a task came from, so callers must not pass it tasks read from Asper-Bench.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from assistworld.core.atomic import write_atomically
from assistworld.core.parsing import parse_in_turn
from assistworld.paradigms.aspera.tasks.errors import TaskError
from assistworld.paradigms.aspera.tasks.model import Task
from assistworld.paradigms.aspera.tasks.programs import (
    EVALUATION_PREFIX,
    SETUP_PREFIX,
    FunctionNode,
    clean_query,
    derive_kind,
    top_level_functions,
    variant_suffix,
)
from assistworld.paradigms.aspera.tasks.taskfile import parse_task_source

MAIN_BLOCK = (
    'if __name__ == "__main__":  # `python <this file>` checks the reference program in-process\n'
    "    from assistworld.paradigms.aspera.tasks.debug import run_file\n"
    "\n"
    "    raise SystemExit(run_file(__file__))"
)
"""Placed before the first ``def`` so that running the file never evaluates annotations."""


def render_task_file(task: Task) -> str:
    """The task-file text for ``task``; raises :class:`TaskError` when it cannot be held exactly."""
    _check_writable(task)
    header = "\n".join([_docstring(task.query), "", *_metadata_lines(task), "", MAIN_BLOCK])
    programs = [task.program]
    for setup, evaluation in task.pairs:
        programs.extend((setup, evaluation))
    text = "\n\n\n".join([header, *programs]) + "\n"
    _check_round_trip(task, text)
    return text


def task_file_name(query_id: str) -> str:
    """A safe file name for a task id (suite loaders skip names starting with ``_`` or ``.``)."""
    stem = re.sub(r"[^A-Za-z0-9_.-]", "_", query_id)
    if stem[:1] in ("_", ".", "-", ""):
        stem = "task" + stem
    return f"{stem}.py"


def write_task_file(task: Task, directory: str | Path, *, overwrite: bool = False) -> Path:
    """Write ``task`` to ``<directory>/<query id>.py`` atomically and return the path.

    Refuses to replace an existing file unless ``overwrite`` is true.
    """
    text = render_task_file(task)
    path = Path(directory) / task_file_name(task.query_id)
    if path.exists() and not overwrite:
        raise FileExistsError(f"{path} already exists; pass overwrite=True to replace it")
    write_atomically(path, text)
    return path


# -- pieces ---------------------------------------------------------------------------------------


def _docstring(query: str) -> str:
    plain = (
        '"""' not in query
        and "\\" not in query
        and not query.startswith('"')
        and not query.endswith('"')
        and clean_query(query) == query
        and all(character.isprintable() or character in "\n\t" for character in query)
    )  # anything else (a NUL byte, a carriage return) is written escaped, as a JSON string
    return f'"""{query}"""' if plain else json.dumps(query, ensure_ascii=False)


def _literal(value: Any, indent: str = "") -> str:
    """Python literal text for JSON-like data (read back with :func:`ast.literal_eval`)."""
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(_literal(item, indent) for item in value) + "]"
    if isinstance(value, dict):
        if not value:
            return "{}"
        inner = indent + "    "
        items = "".join(
            f"{inner}{_literal(key, inner)}: {_literal(item, inner)},\n"
            for key, item in value.items()
        )
        return "{\n" + items + indent + "}"
    return repr(value)


def _metadata_lines(task: Task) -> list[str]:
    lines = [f"QUERY_ID = {_literal(task.query_id)}"]
    if task.category is not None:
        lines.append(f"CATEGORY = {_literal(task.category)}")
    if task.tags:
        lines.append(f"TAGS = {_literal(task.tags)}")
    if task.kind != derive_kind(_plan_function(task.program)):
        lines.append(f"KIND = {_literal(task.kind)}")
    if task.now is not None:
        precision = "minutes" if task.now.second == task.now.microsecond == 0 else "auto"
        lines.append(f"NOW = {_literal(task.now.isoformat(timespec=precision))}")
    if task.scenario is not None:
        declared = set(type(task.scenario).model_fields)
        data = {
            key: value
            for key, value in task.scenario.model_dump().items()
            if value is not None or key not in declared
        }
        lines.append(f"SCENARIO = {_literal(data)}")
    return lines


# -- checks ---------------------------------------------------------------------------------------


def _plan_function(program: str) -> FunctionNode:
    return top_level_functions(parse_in_turn(program))[0]


def _single_function(program: str) -> FunctionNode | None:
    body = parse_in_turn(program).body
    if len(body) == 1 and isinstance(body[0], FunctionNode):
        return body[0]
    return None


def _check_writable(task: Task) -> None:
    where = f"{task.source}: cannot write task {task.query_id!r} as a task file"
    problems: list[str] = []
    plan = task.plan_name
    if plan.startswith((SETUP_PREFIX, EVALUATION_PREFIX)):
        problems.append(
            f"{where}: the plan name {plan} starts with {SETUP_PREFIX} or {EVALUATION_PREFIX}, "
            "which a task file reserves for setup and evaluation functions; rename the plan"
        )
    programs = [("program", task.program)]
    programs += [
        (f"state_generation_programs[{i}]", p) for i, p in enumerate(task.state_generation_programs)
    ]
    programs += [(f"evaluation_programs[{i}]", p) for i, p in enumerate(task.evaluation_programs)]
    for field, program in programs:
        if _single_function(program) is None:
            problems.append(
                f"{where}: {field} holds statements besides its function; move them inside it"
            )
    suffixes: set[str] = set()
    names = zip(task.setup_function_names, task.evaluation_function_names, strict=True)
    for index, (setup, evaluation) in enumerate(names):
        setup_suffix = variant_suffix(setup, SETUP_PREFIX, plan)
        if variant_suffix(evaluation, EVALUATION_PREFIX, plan) != setup_suffix:
            wanted = EVALUATION_PREFIX + plan + (f"_{setup_suffix}" if setup_suffix else "")
            problems.append(
                f"{where}: pair {index + 1} joins {setup} with {evaluation}, but in a task file a "
                f"pair shares its suffix; rename {evaluation} to {wanted}"
            )
        elif setup_suffix in suffixes:
            problems.append(f"{where}: {setup} is used by two pairs; give each pair its own suffix")
        suffixes.add(setup_suffix or "")
    if problems:
        raise TaskError(problems)


def _check_round_trip(task: Task, text: str) -> None:
    where = f"{task.source}: cannot write task {task.query_id!r} as a task file"
    try:
        loaded = parse_task_source(text, task.source).task
    except TaskError as error:
        raise TaskError([f"{where}: {problem}" for problem in error.problems]) from None
    if loaded != task:
        original = task.model_dump(exclude={"source"})
        reread = loaded.model_dump(exclude={"source"})
        differing = ", ".join(name for name in original if original[name] != reread[name])
        raise TaskError([f"{where}: reading it back changes {differing}; simplify those fields"])
