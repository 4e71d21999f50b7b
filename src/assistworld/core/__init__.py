"""The shared core every paradigm builds on: the task base, the result record, the run manifest,
metrics, the results store, atomic writes, suites, and the paradigm protocol and registry. It
imports nothing of the package above it."""
