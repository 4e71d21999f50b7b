"""Check a task file by running its reference program through its evaluations, in this process.

For authors working in an editor: ``python my_task.py`` calls :func:`run_file` (the writer puts
that call in every task file). Everything runs in the current interpreter with no sandbox, so use
it only on files you trust (your own tasks). The harness never uses this module: benchmark runs go
through the sandboxed runner.

Each pair gets a fresh :class:`~assistworld.world.World` (with the task's clock); the reference
program runs in the action namespace (:func:`assistworld.apps.workplace.namespace`), the setup
program in
``assistworld.paradigms.aspera.tasks.setup_tools.namespace()`` and the evaluation program in
``assistworld.paradigms.aspera.tasks.evaluation_tools.namespace()``.
Programs are compiled with the file's name and their real line numbers, so tracebacks point into
the task file.
"""

from __future__ import annotations

import importlib
import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple, TextIO

from assistworld.apps.workplace import namespace as action_namespace
from assistworld.apps.workplace.exceptions import RequiresUserInput
from assistworld.paradigms.aspera.tasks.errors import TaskError
from assistworld.paradigms.aspera.tasks.model import Task
from assistworld.paradigms.aspera.tasks.taskfile import load_task_file
from assistworld.world import World


class NamespaceUnavailableError(RuntimeError):
    """The setup or evaluation namespace cannot be built in this installation."""


class PairOutcome(NamedTuple):
    """How one (setup, evaluation) pair went."""

    setup: str
    evaluation: str
    passed: bool
    outcome: str
    """"passed", or the outcome class of the failure."""
    detail: str
    """The formatted traceback of a failure; empty when it passed."""


def _namespace_of(module_name: str) -> Callable[[], dict[str, Any]]:
    try:
        module = importlib.import_module(module_name)
    except ImportError as error:
        raise NamespaceUnavailableError(f"{module_name} cannot be imported ({error})") from None
    factory = getattr(module, "namespace", None)
    if not callable(factory):
        raise NamespaceUnavailableError(f"{module_name} has no namespace() function")
    return factory  # type: ignore[no-any-return]


def _line_offset(file_text: str | None, program: str) -> int:
    if file_text is None:
        return 0
    position = file_text.find(program)
    return file_text.count("\n", 0, position) if position >= 0 else 0


def _define(
    program: str, name: str, names: dict[str, Any], filename: str, file_text: str | None
) -> Callable[..., Any]:
    padded = "\n" * _line_offset(file_text, program) + program
    code = compile(padded, filename, "exec", dont_inherit=True)  # no __future__ flags leak in
    exec(code, names)
    function: Callable[..., Any] = names[name]
    return function


def run_task_in_process(
    task: Task, *, filename: str | None = None, file_text: str | None = None
) -> list[PairOutcome]:
    """Run every pair of ``task`` in this process and say how each went.

    ``filename`` and ``file_text`` (the task file's path and text) make tracebacks point into
    the file; without them programs are compiled under the task's source name.
    """
    sim_namespace = _namespace_of("assistworld.paradigms.aspera.tasks.setup_tools")
    checks_namespace = _namespace_of("assistworld.paradigms.aspera.tasks.evaluation_tools")
    name = filename or task.source
    outcomes: list[PairOutcome] = []
    pairs = zip(
        task.state_generation_programs,
        task.evaluation_programs,
        task.setup_function_names,
        task.evaluation_function_names,
        strict=True,
    )
    for setup_program, evaluation_program, setup_name, evaluation_name in pairs:
        world = World(now=task.now) if task.now is not None else World()
        evaluation_names = checks_namespace()
        solution_error = evaluation_names.get("SolutionError")
        with world.active():
            try:
                plan = _define(task.program, task.plan_name, action_namespace(), name, file_text)
                setup = _define(setup_program, setup_name, sim_namespace(), name, file_text)
                evaluate = _define(
                    evaluation_program, evaluation_name, evaluation_names, name, file_text
                )
                evaluate(query=task.query, executable=plan, setup_function=setup)
            except Exception as error:
                if isinstance(solution_error, type) and isinstance(error, solution_error):
                    outcome = "task completion error (the evaluation rejected the result)"
                elif isinstance(error, RequiresUserInput):
                    outcome = "handback control error (RequiresUserInput was not expected)"
                else:
                    outcome = "execution error"
                detail = "".join(traceback.format_exception(error))
                outcomes.append(PairOutcome(setup_name, evaluation_name, False, outcome, detail))
                continue
        outcomes.append(PairOutcome(setup_name, evaluation_name, True, "passed", ""))
    return outcomes


def run_file(path: str | Path, *, out: TextIO | None = None) -> int:
    """Check a task file; print one line per pair (tracebacks for failures).

    Returns the exit status: 0 when every pair passed, 1 when one failed, 2 when the file is not
    a valid task or the library's namespaces are unavailable.
    """
    stream = out if out is not None else sys.stdout
    try:
        task = load_task_file(path)
        file_text = Path(path).read_text(encoding="utf-8").replace("\r\n", "\n")
        outcomes = run_task_in_process(task, filename=str(path), file_text=file_text)
    except TaskError as error:
        stream.write("".join(f"{problem}\n" for problem in error.problems))
        return 2
    except NamespaceUnavailableError as error:
        stream.write(f"{path}: cannot run the task here: {error}\n")
        return 2
    stream.write(f"{task.query_id}: plan {task.plan_name}, {len(outcomes)} pair(s)\n")
    for item in outcomes:
        mark = "PASS" if item.passed else "FAIL"
        line = f"  {mark}  {item.setup} -> {item.evaluation}"
        stream.write(line + ("\n" if item.passed else f": {item.outcome}\n"))
        if item.detail:
            stream.write("".join(f"        {row}\n" for row in item.detail.rstrip().split("\n")))
    failed = sum(not item.passed for item in outcomes)
    stream.write(f"{len(outcomes) - failed} passed, {failed} failed\n")
    return 1 if failed else 0
