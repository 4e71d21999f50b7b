"""Getting the program out of a model's completion (shared with the other paradigms' program
writers: see :mod:`assistworld.agents.program_extraction`)."""

from assistworld.agents.program_extraction import ExtractedProgram, extract_program

__all__ = ["ExtractedProgram", "extract_program"]
