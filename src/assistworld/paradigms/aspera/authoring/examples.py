"""In-context examples for the generation prompts, taken from tasks of an existing suite.

Which tasks is data (``examples`` in the guidelines file). Each example shows its action program
with the user's query as the docstring (which is how generated programs carry their query), its
first setup program and its first evaluation program.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from assistworld.paradigms.aspera.authoring.guidelines import Guidelines, GuidelinesError
from assistworld.paradigms.aspera.authoring.replies import with_docstring
from assistworld.paradigms.aspera.tasks.errors import SuiteError, TaskError
from assistworld.paradigms.aspera.tasks.model import Task
from assistworld.paradigms.aspera.tasks.suite import (
    bundled_suite_names,
    bundled_suites_dir,
    load_suite,
)
from assistworld.paradigms.aspera.tasks.taskfile import load_task_file
from assistworld.paradigms.aspera.tasks.writer import task_file_name


@dataclass(frozen=True)
class Examples:
    """The example programs, joined as the prompts show them."""

    programs: str
    setups: str
    evaluations: str
    queries: tuple[str, ...]


def _suite_folder(name: str) -> Path | None:
    """The folder of task files behind a suite name or path, when it is one."""
    if "/" not in name and name in bundled_suite_names():
        return bundled_suites_dir() / name
    folder = Path(name).expanduser()
    return folder if folder.is_dir() else None


def _read_directly(folder: Path, query_id: str) -> Task | None:
    """The task in its own file ``<id>.py`` (how the writer names files), if it is there."""
    path = folder / task_file_name(query_id)
    if not path.is_file():
        return None
    try:
        task = load_task_file(path)
    except TaskError:
        return None
    return task if task.query_id == query_id else None


def example_tasks(guidelines: Guidelines) -> list[Task]:
    """The tasks named in ``guidelines.examples``, in that order.

    Each is read from its own file when the suite names files after ids (as the bundled suites
    and the writer do), so the whole suite is loaded only when one cannot be found that way.
    """
    folder = _suite_folder(guidelines.example_suite)
    found = {}
    if folder is not None:
        for name in guidelines.examples:
            task = _read_directly(folder, name)
            if task is not None:
                found[name] = task
    if len(found) < len(guidelines.examples):
        try:
            suite = load_suite(guidelines.example_suite, strict=False)
        except SuiteError as error:
            raise GuidelinesError(f"example_suite: {error}") from None
        found.update({task.query_id: task for task in suite.tasks})
    missing = [name for name in guidelines.examples if name not in found]
    if missing:
        raise GuidelinesError(
            f"examples: suite {guidelines.example_suite!r} has no task "
            f"{', '.join(missing)}; list ids shown by `assistworld tasks --suite "
            f"{guidelines.example_suite}`"
        )
    return [found[name] for name in guidelines.examples]


def render_examples(tasks: list[Task]) -> Examples:
    """The programs of ``tasks`` as example text, one function after another."""
    programs = [with_docstring(task.program, task.query) for task in tasks]
    setups = [
        f"# sets up the world for {task.plan_name}\n{task.state_generation_programs[0]}"
        for task in tasks
    ]
    evaluations = [f"# checks {task.plan_name}\n{task.evaluation_programs[0]}" for task in tasks]
    return Examples(
        programs="\n\n\n".join(programs),
        setups="\n\n\n".join(setups),
        evaluations="\n\n\n".join(evaluations),
        queries=tuple(task.query for task in tasks),
    )
