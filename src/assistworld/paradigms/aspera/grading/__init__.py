"""Grading a candidate program: running it with the task's setup and evaluation programs, outcome
classes, results and metrics."""
