"""Proving the suite's plans sound: gold plans pass in every mode, baselines and mutants fail
(`verify`)."""
