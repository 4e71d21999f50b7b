"""Tasks and suites: the task model, task files, Asper-Bench in place, suite loading, listings.

Submodules: :mod:`~assistworld.tasks.model` (Task, Scenario), :mod:`~assistworld.tasks.taskfile`
(the file format and its loader), :mod:`~assistworld.tasks.writer`,
:mod:`~assistworld.tasks.asperbench`, :mod:`~assistworld.tasks.suite`,
:mod:`~assistworld.tasks.listing` and :mod:`~assistworld.tasks.debug` (run a file in-process).
"""

from assistworld.tasks.errors import SuiteError, TaskError
from assistworld.tasks.model import Scenario, Task, build_task
from assistworld.tasks.suite import Suite, load_suite
from assistworld.tasks.taskfile import load_task_file
from assistworld.tasks.writer import render_task_file, write_task_file

__all__ = [
    "Scenario",
    "Suite",
    "SuiteError",
    "Task",
    "TaskError",
    "build_task",
    "load_suite",
    "load_task_file",
    "render_task_file",
    "write_task_file",
]
