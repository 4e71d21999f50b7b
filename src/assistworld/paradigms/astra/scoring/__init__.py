"""Scoring tool-calling conversations: milestones and minefields over the trajectory and the
world after each message, step- and task-level diagnostics, an LLM judge, and trajectory
mutants for audits. Generic over tables: nothing here knows an app.
"""
