"""Grading a conversation: success conditions, answer facts, milestones and minefields, the LLM
judge, user checks."""
