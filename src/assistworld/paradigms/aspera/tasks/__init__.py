"""Tasks and suites: the task model, task files, Asper-Bench in place, suite loading, listings.

Submodules: :mod:`~assistworld.paradigms.aspera.tasks.model` (Task, Scenario),
:mod:`~assistworld.paradigms.aspera.tasks.taskfile`
(the file format and its loader), :mod:`~assistworld.paradigms.aspera.tasks.writer`,
:mod:`~assistworld.paradigms.aspera.tasks.asperbench`,
:mod:`~assistworld.paradigms.aspera.tasks.suite`,
:mod:`~assistworld.paradigms.aspera.tasks.listing` and
:mod:`~assistworld.paradigms.aspera.tasks.debug` (run a file in-process).
"""

from assistworld.paradigms.aspera.tasks.errors import SuiteError, TaskError
from assistworld.paradigms.aspera.tasks.model import Scenario, Task, build_task
from assistworld.paradigms.aspera.tasks.suite import Suite, load_suite
from assistworld.paradigms.aspera.tasks.taskfile import load_task_file
from assistworld.paradigms.aspera.tasks.writer import render_task_file, write_task_file

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
