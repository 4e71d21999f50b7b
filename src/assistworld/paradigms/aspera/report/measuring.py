"""Measuring programs for a report, each distinct text once.

Measuring is the slow part of building a large report, and the same text comes up again and
again: an oracle's candidate is its reference, several runs share a suite, the line delta and
the task table both need a candidate's measures. One :class:`ProgramMeasurer` lives for one
report build (it is never module state) and remembers what it measured.
"""

from __future__ import annotations

from collections.abc import Collection

from assistworld.paradigms.aspera.grading.candidate import strip_library_imports
from assistworld.paradigms.aspera.tasks.complexity import (
    ProgramComplexity,
    default_library_names,
    measure_program,
)


class ProgramMeasurer:
    """Complexity of reference and candidate programs, remembered by program text."""

    def __init__(self, library_names: Collection[str] | None = None) -> None:
        self.library_names = default_library_names() if library_names is None else library_names
        self._known: dict[str, ProgramComplexity | None] = {}

    def _measure(self, program: str) -> ProgramComplexity | None:
        if program not in self._known:
            try:
                self._known[program] = measure_program(program, self.library_names)
            except ValueError:  # it does not parse
                self._known[program] = None
        return self._known[program]

    def reference(self, program: str) -> ProgramComplexity | None:
        """A reference program's measures; None when it does not parse."""
        return self._measure(program)

    def candidate(self, program: str | None) -> ProgramComplexity | None:
        """A generated program's measures, library imports removed first (they are removed
        before it runs too, so an agent that imports what it uses gets no extra lines);
        None when there is no program or it does not parse."""
        if not program:
            return None
        stripped, _ = strip_library_imports(program)
        return self._measure(stripped)
