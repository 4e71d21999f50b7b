"""The audit thresholds, in one place: what `verify` and the generation gate demand of a task."""

MIN_OVERALL_KILL_RATE = 0.90
"""Share of all non-equivalent mutants of a suite that its evaluations must reject."""

MIN_TASK_KILL_RATE = 0.60
"""Share of one task's non-equivalent mutants its evaluation must reject (also the default of
``assistworld generate --min-kill-rate``)."""

MIN_MUTANTS = 5
"""A task with fewer mutants than this is flagged: its kill rate says little."""

MAX_OUTCOME_SURVIVORS = 0
"""Mutants that change a task's outcome (a record its reference writes, or its answer where it
writes none) that the task's evaluation may accept: none. A rule of each task on its own, so
strict checks elsewhere in the task or the suite cannot average a lax one away."""
