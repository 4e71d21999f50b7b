"""Bundled task suites: data, not code. Each sub-folder is one suite of task files.

Task files are parsed by :mod:`assistworld.paradigms.aspera.tasks.suite`; nothing in this package is imported
except this docstring-only module (which lets :mod:`importlib.resources` find the folder).
"""
