"""The draft task file: a task in the suite's one-file-per-task format while it is being made.

The person reviews and edits it in their editor between steps (and can run it with
``python <file>`` once it has its evaluation programs). Before the evaluations exist it is read
leniently (:func:`read_draft`); when it is complete it must also pass the task-file loader
(:func:`strict_task`), and the task saved into the suite is exactly what that loader reads.
"""

from __future__ import annotations

import ast
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from assistworld.core.parsing import parse_in_turn
from assistworld.paradigms.aspera.authoring.state import Draft
from assistworld.paradigms.aspera.tasks.errors import TaskError
from assistworld.paradigms.aspera.tasks.model import Task
from assistworld.paradigms.aspera.tasks.programs import (
    EVALUATION_PREFIX,
    SETUP_PREFIX,
    FunctionNode,
    clean_query,
    function_source,
    variant_suffix,
)
from assistworld.paradigms.aspera.tasks.taskfile import parse_task_source
from assistworld.paradigms.aspera.tasks.writer import MAIN_BLOCK

_HEADER_COMMENT = (
    "# Draft task made by `assistworld generate`. Edit anything (the query is the docstring),\n"
    "# save, and answer the prompt in the terminal."
)


def _literal(value: Any) -> str:
    if isinstance(value, dict):
        items = "".join(f"    {json.dumps(k)}: {_literal(v)},\n" for k, v in value.items())
        return "{\n" + items + "}" if value else "{}"
    return json.dumps(value, ensure_ascii=False)


def _docstring(query: str) -> str:
    plain = '"""' not in query and "\\" not in query and not query.endswith('"')
    return f'"""{query}"""' if plain else json.dumps(query, ensure_ascii=False)


def render_draft(draft: Draft, scenario: dict[str, Any] | None) -> str:
    """The draft file text: metadata, the action program, then each setup with its evaluation."""
    header = [
        _HEADER_COMMENT,
        _docstring(draft.query),
        "",
        f"QUERY_ID = {_literal(draft.query_id)}",
        f"CATEGORY = {_literal(draft.category)}",
        f"TAGS = {_literal(draft.tags)}",
    ]
    if scenario:
        header.append(f"SCENARIO = {_literal(scenario)}")
    header.extend(["", "", MAIN_BLOCK])
    programs = [draft.program.text]
    evaluations = {version.suffix: version for version in draft.evaluations}
    for setup in draft.setups:
        if setup.text:
            programs.append(setup.text)
        evaluation = evaluations.get(setup.suffix)
        if evaluation is not None and evaluation.text:
            programs.append(evaluation.text)
    return "\n".join(header) + "\n\n\n" + "\n\n\n".join(p.rstrip() for p in programs) + "\n"


@dataclass
class DraftRead:
    """What a draft file holds, read without requiring it to be a complete task."""

    query: str = ""
    query_id: str = ""
    category: str = ""
    tags: list[str] = field(default_factory=list)
    plan: str = ""
    program: str = ""
    setups: dict[str, str] = field(default_factory=dict)
    evaluations: dict[str, str] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)


def _metadata(tree: ast.Module, found: DraftRead, where: str) -> None:
    for node in tree.body:
        if not (isinstance(node, ast.Assign) and len(node.targets) == 1):
            continue
        target = node.targets[0]
        if not isinstance(target, ast.Name):
            continue
        try:
            value = ast.literal_eval(node.value)
        except ValueError:
            found.problems.append(f"{where}:{node.lineno}: {target.id} must be a literal value")
            continue
        if target.id == "QUERY_ID" and isinstance(value, str):
            found.query_id = value
        elif target.id == "CATEGORY" and isinstance(value, str):
            found.category = value
        elif target.id == "TAGS" and isinstance(value, list):
            found.tags = [str(item) for item in value]


def read_draft(path: Path) -> DraftRead:
    """Read a draft file leniently: the programs by role, and the problems that stop the next step.

    Setup and evaluation functions are keyed by their variant suffix (``""`` for the first).
    """
    where = str(path)
    text = path.read_text(encoding="utf-8").replace("\r\n", "\n")
    found = DraftRead()
    try:
        tree = parse_in_turn(text, where)
    except SyntaxError as error:
        found.problems.append(f"{where}:{error.lineno or 1}: syntax error: {error.msg}; fix it")
        return found
    found.query = clean_query(ast.get_docstring(tree, clean=False) or "")
    if not found.query:
        found.problems.append(f"{where}:1: the file needs the user query as its docstring")
    _metadata(tree, found, where)
    lines = text.split("\n")
    functions = [node for node in tree.body if isinstance(node, FunctionNode)]
    references = [f for f in functions if not f.name.startswith((SETUP_PREFIX, EVALUATION_PREFIX))]
    if len(references) != 1:
        names = ", ".join(f.name for f in references) or "none"
        found.problems.append(
            f"{where}:1: expected one action program (a function not named setup_env_* or "
            f"evaluate_*), found: {names}; keep exactly one"
        )
        return found
    found.plan = references[0].name
    found.program = function_source(lines, references[0])
    for function in functions:
        for prefix, table in ((SETUP_PREFIX, found.setups), (EVALUATION_PREFIX, found.evaluations)):
            if not function.name.startswith(prefix):
                continue
            suffix = variant_suffix(function.name, prefix, found.plan)
            if suffix is None:
                found.problems.append(
                    f"{where}:{function.lineno}: {function.name} does not match the action "
                    f"program {found.plan}; name it {prefix}{found.plan}[_<suffix>]"
                )
            elif suffix in table:
                found.problems.append(
                    f"{where}:{function.lineno}: {function.name} is defined twice; keep one"
                )
            else:
                table[suffix] = function_source(lines, function)
    if not found.setups:
        found.problems.append(
            f"{where}:1: no setup program; add def {SETUP_PREFIX}{found.plan}(): ..."
        )
    return found


def strict_task(path: Path) -> tuple[Task | None, list[str]]:
    """The task the suite would read from this file, or the loader's problems (``file:line``)."""
    text = path.read_text(encoding="utf-8")
    try:
        return parse_task_source(text, str(path)).task, []
    except TaskError as error:
        return None, list(error.problems)
