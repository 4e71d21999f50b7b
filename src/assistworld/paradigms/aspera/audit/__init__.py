"""Proving the suite's tasks sound: the reference passes, baselines fail, mutants of the reference
are rejected (`verify`)."""
