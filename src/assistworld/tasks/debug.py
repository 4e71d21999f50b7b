"""The old import path of :func:`run_file` (see this package's docstring)."""

from assistworld.paradigms.aspera.tasks.debug import run_file

__all__ = ["run_file"]
