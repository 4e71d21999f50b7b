"""Test-wide settings: property tests draw the same examples on every run and every machine."""

from hypothesis import settings

settings.register_profile("deterministic", derandomize=True, print_blob=True)
settings.load_profile("deterministic")
