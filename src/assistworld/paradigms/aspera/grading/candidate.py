"""Static checks on a candidate action program before it is run: the shared rules
(:mod:`assistworld.agents.program_rules`) applied to the workplace library's modules."""

from __future__ import annotations

from assistworld.agents.program_rules import CandidateCheck
from assistworld.agents.program_rules import check_candidate as _check
from assistworld.agents.program_rules import strip_library_imports as _strip

LIBRARY_MODULE_NAMES = frozenset(
    {"time_utils", "work_calendar", "company_directory", "room_booking", "exceptions"}
)


def check_candidate(program: str) -> CandidateCheck:
    """Check that ``program`` is one top-level function plus standard-library imports
    (imports of the workplace library are tolerated: :func:`strip_library_imports`)."""
    return _check(program, LIBRARY_MODULE_NAMES)


def strip_library_imports(program: str) -> tuple[str, int]:
    """Remove top-level imports of the workplace library; the program and how many went (blank
    lines stand in for them, so tracebacks keep their line numbers)."""
    return _strip(program, LIBRARY_MODULE_NAMES)


__all__ = ["LIBRARY_MODULE_NAMES", "CandidateCheck", "check_candidate", "strip_library_imports"]
