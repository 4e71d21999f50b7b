"""Grading a plan: the reader, the paper's, the corrected and the executed modes, dependency graphs,
scores."""
